"""``python -m ops.launcher`` as ``make run`` starts it: Rasa's API behind a token when it is
switched on, and SIGTERM (or Ctrl-C in its terminal) letting a resident's request in flight
finish before anything stops.

Each test starts a private help desk (its own instance folder and ports), because it stops it.
"""
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid

import psutil
import pytest
import requests

from ops.build import model_path
from ops.launcher import free_port
from stormwater.store.paths import REPO_ROOT

pytestmark = pytest.mark.services

STARTUP_SECONDS = 240


class Launcher:
    """The launcher in a child process, its output collected line by line."""

    def __init__(self, instance):
        self.ports = {name: free_port() for name in ("HELPDESK_PORT", "RASA_PORT", "ACTION_PORT")}
        env = dict(os.environ, HELPDESK_INSTANCE=str(instance), RASA_ENABLE_API="1", **{k: str(v) for k, v in self.ports.items()})
        for name in ("HELPDESK_DATABASE", "RASA_TRACKER_DB", "RASA_AUTH_TOKEN", "HELPDESK_HOST"):
            env.pop(name, None)
        self.instance = instance
        self.lines = []
        # Its own process group, like a shell job: Ctrl-C is SIGINT to the whole group.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ops.launcher"], cwd=REPO_ROOT, env=env, start_new_session=True,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def output(self):
        return "\n".join(self.lines)

    def wait_for(self, text, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            if any(text in line for line in self.lines):
                return True
            time.sleep(0.2)
        return any(text in line for line in self.lines)

    def child(self, module):
        """The child process running ``python -m <module> ...``."""
        for child in psutil.Process(self.process.pid).children():
            if module in child.cmdline():
                return child
        raise AssertionError(f"no {module} process")

    def close(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(90)
            except subprocess.TimeoutExpired:
                for child in psutil.Process(self.process.pid).children(recursive=True):
                    child.kill()
                self.process.kill()
                self.process.wait()


@pytest.fixture
def launcher(tmp_path_factory):
    assert model_path().exists(), "no trained model: run `make test`, which trains it first"
    running = Launcher(tmp_path_factory.mktemp("launched"))
    try:
        if not running.wait_for("[helpdesk] ready after", STARTUP_SECONDS):
            pytest.fail("the launcher did not get ready:\n" + running.output()[-4000:])
        yield running
    finally:
        running.close()


def check_rasa_api_needs_the_token(launcher):
    rasa = f"http://127.0.0.1:{launcher.ports['RASA_PORT']}"
    token = (launcher.instance / "rasa_auth_token").read_text().strip()
    sender = uuid.uuid4().hex
    assert requests.get(f"{rasa}/status", timeout=10).status_code == 401
    assert requests.get(f"{rasa}/status", params={"token": "wrong"}, timeout=10).status_code == 401
    assert requests.get(f"{rasa}/conversations/{sender}/tracker", timeout=10).status_code == 401
    assert requests.post(f"{rasa}/model/parse", json={"text": "hi"}, timeout=10).status_code == 401
    assert requests.get(f"{rasa}/status", params={"token": token}, timeout=10).status_code == 200
    listening = {c.laddr.ip for c in launcher.child("ops.rasa_server").connections(kind="inet") if c.status == psutil.CONN_LISTEN}
    assert listening == {"127.0.0.1"}


def sigterm_to_the_launcher(launcher):
    launcher.process.send_signal(signal.SIGTERM)


def ctrl_c_in_the_terminal(launcher):
    os.killpg(launcher.process.pid, signal.SIGINT)


@pytest.mark.parametrize("stop", [sigterm_to_the_launcher, ctrl_c_in_the_terminal])
def test_a_request_in_flight_is_answered_before_the_services_stop(launcher, stop):
    check_rasa_api_needs_the_token(launcher)
    web = f"http://127.0.0.1:{launcher.ports['HELPDESK_PORT']}"
    children = psutil.Process(launcher.process.pid).children()
    web_process = launcher.child("ops.web_server")
    result = {}

    # Hold the database's write lock so the request is certainly still running when the
    # launcher is told to stop (the web app waits on SQLite's busy timeout to store it).
    lock = sqlite3.connect(launcher.instance / "helpdesk.db", isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")

    def ask():
        started = time.monotonic()
        response = requests.post(
            f"{web}/api/chat", timeout=60,
            json={"sender": uuid.uuid4().hex, "message": "can I drain my pool into the storm drain?", "village": "bayville"},
        )
        result.update(response=response, seconds=time.monotonic() - started)

    request = threading.Thread(target=ask)
    request.start()
    try:
        deadline = time.monotonic() + 30
        while not any(
            c.status == psutil.CONN_ESTABLISHED and c.laddr.port == launcher.ports["HELPDESK_PORT"]
            for c in web_process.connections(kind="inet")
        ):
            assert time.monotonic() < deadline, "the request never reached the web app"
            time.sleep(0.05)
        time.sleep(0.5)  # let waitress read the request and hand it to a worker thread
        signalled = time.monotonic()
        stop(launcher)
        assert launcher.wait_for("[web] stopping", 30), launcher.output()[-3000:]
        # The web app no longer takes new connections, but the request is still answered.
        with pytest.raises(requests.ConnectionError):
            requests.get(f"{web}/api/health", timeout=5)
    finally:
        lock.execute("COMMIT")
        lock.close()
    request.join(60)
    assert launcher.process.wait(90) == 0
    stopped = time.monotonic() - signalled

    response = result["response"]
    assert response.status_code == 200, response.text
    assert "pool" in " ".join(m.get("text", "") for m in response.json()["messages"]).lower()
    out = launcher.output()
    assert "1 request(s) in flight" in out and "0 request(s) cut off" in out
    assert out.index("[helpdesk] web stopped (0)") < out.index("[helpdesk] rasa stopped") < out.index("[helpdesk] actions stopped")
    assert not any(child.is_running() and child.status() != psutil.STATUS_ZOMBIE for child in children)
    print(f"\n{stop.__name__}: request answered after {result['seconds']:.1f} s; launcher stopped {stopped:.1f} s after the signal")
