"""What `make run` prints: the launcher started as `python -m ops.launcher` is, its console captured.

No TensorFlow C++ log line and no Rasa UserWarning before "ready" (issue 34); a real error
still reaches the console, and each service's whole output stays in the instance folder.
"""
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
import requests

from ops.build import model_path
from ops.launcher import free_port
from stormwater.store.paths import REPO_ROOT

pytestmark = pytest.mark.services

STARTUP_SECONDS = 300
TF_CPP_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+: [IWEF] \S+:\d+\]|tensorflow/\S+\.cc:\d+\]|^INFO: Created TensorFlow Lite")


class Console:
    """The launcher's stdout and stderr, read line by line as it runs."""

    def __init__(self, process):
        self.lines = []
        self._thread = threading.Thread(target=self._read, args=(process.stdout,), daemon=True)
        self._thread.start()

    def _read(self, stream):
        for line in iter(stream.readline, ""):
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, pattern, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for at, line in enumerate(self.lines):
                if re.search(pattern, line):
                    return at
            time.sleep(0.5)
        return None


@pytest.fixture(scope="module")
def launched(tmp_path_factory):
    assert model_path().exists(), "no trained model: run `python -m ops.build` first"
    instance = tmp_path_factory.mktemp("console-instance")
    web_port = free_port()
    env = dict(
        os.environ, HELPDESK_INSTANCE=str(instance), HELPDESK_PORT=str(web_port), RASA_PORT=str(free_port()),
        ACTION_PORT=str(free_port()),
    )
    # Without it every text is refused with an error the web app logs: the real error below.
    env.pop("TWILIO_AUTH_TOKEN", None)
    for name in ("TF_CPP_MIN_LOG_LEVEL", "RASA_REPLICAS", "RASA_LOCK_STORE_URL", "RASA_TRACKER_STORE_URL", "HELPDESK_DATABASE", "RASA_TRACKER_DB"):
        env.pop(name, None)  # as on a fresh machine
    process = subprocess.Popen(
        [sys.executable, "-m", "ops.launcher"], cwd=REPO_ROOT, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    console = Console(process)
    try:
        ready = console.wait_for(r"\[helpdesk\] ready after", STARTUP_SECONDS)
        assert ready is not None, "\n".join(console.lines[-60:])
        yield console, ready, instance, f"http://127.0.0.1:{web_port}"
    finally:
        process.send_signal(signal.SIGTERM)  # as Ctrl-C: the launcher stops its services in order
        try:
            process.wait(timeout=90)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_no_tensorflow_log_line_and_no_rasa_user_warning_before_ready(launched):
    console, ready, _, _ = launched
    before = console.lines[:ready]
    assert before, "the launcher printed nothing before ready"
    assert [line for line in before if TF_CPP_LINE.search(line)] == []
    assert [line for line in before if "UserWarning" in line or "DeprecationWarning" in line] == []


def test_every_services_full_output_stays_in_the_instance_folder(launched):
    console, ready, instance, _ = launched
    logs = instance / "logs"
    assert {p.name for p in logs.glob("*.log")} >= {"alerts.log", "actions.log", "rasa.log", "web.log"}
    assert "Starting Rasa server" in (logs / "rasa.log").read_text()
    assert f"full output: {logs}" in "\n".join(console.lines[:ready])
    assert all(p.stat().st_mode & 0o077 == 0 for p in logs.glob("*.log"))


def test_a_real_error_still_reaches_the_console(launched):
    console, _, instance, base_url = launched
    response = requests.post(f"{base_url}/sms", data={"Body": "hello"}, timeout=30)
    assert response.status_code == 503
    error = r"ERROR.*POST /sms refused: TWILIO_AUTH_TOKEN is not set"
    assert console.wait_for(error, 30) is not None, "\n".join(console.lines[-30:])
    assert re.search(error, (instance / "logs" / "web.log").read_text())
