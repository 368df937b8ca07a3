"""ops.launcher: what each service is started with, the order they stop in, restarts."""
import sys
import time

import yaml

from ops import launcher
from ops.launcher import Service, Settings, Supervisor, local_url_warning, services


def test_rasa_keeps_conversations_in_sqlite_through_the_redacting_store(tmp_path):
    settings = Settings(instance=tmp_path / "instance")
    services(settings)
    endpoints = yaml.safe_load((tmp_path / "instance" / "endpoints.yml").read_text())
    assert endpoints["tracker_store"] == {
        "type": "ops.tracker_store.RedactingSQLTrackerStore",
        "dialect": "sqlite",
        "db": str((tmp_path / "instance" / "trackers.db").absolute()),
        "secret_file": str((tmp_path / "instance" / "secret_key").absolute()),
    }
    assert (tmp_path / "instance" / "secret_key").stat().st_size == 32  # made before Rasa needs it


def test_the_tracker_file_can_be_moved_by_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("HELPDESK_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("RASA_TRACKER_DB", str(tmp_path / "elsewhere" / "conversations.db"))
    settings = Settings.from_env()
    services(settings)
    endpoints = yaml.safe_load((tmp_path / "instance" / "endpoints.yml").read_text())
    assert endpoints["tracker_store"]["db"] == str(tmp_path / "elsewhere" / "conversations.db")


def test_internal_services_bind_loopback_and_rasa_has_no_api_by_default(tmp_path):
    by_name = {s.name: s for s in services(Settings(instance=tmp_path, web_host="0.0.0.0"))}
    rasa = by_name["rasa"].argv
    assert rasa[rasa.index("--interface") + 1] == "127.0.0.1"
    assert "--enable-api" not in rasa and not any(a.startswith("--auth-token") for a in rasa)
    assert by_name["actions"].env["SANIC_HOST"] == "127.0.0.1"
    web = by_name["web"].argv
    assert web[web.index("--host") + 1] == "0.0.0.0"  # the one public face, when asked to be


def _rasa_run_args(argv):
    """``argv`` of the rasa service as Rasa's own command-line parser reads it."""
    from rasa.__main__ import create_argument_parser

    return create_argument_parser().parse_args(argv[argv.index("run"):])


def test_rasa_api_when_enabled_always_needs_a_token(tmp_path, monkeypatch):
    monkeypatch.delenv("RASA_AUTH_TOKEN", raising=False)
    argv = {s.name: s for s in services(Settings(instance=tmp_path, rasa_api=True))}["rasa"].argv
    parsed = _rasa_run_args(argv)
    token = parsed.auth_token
    assert parsed.enable_api and len(token) >= 32
    assert (tmp_path / "rasa_auth_token").read_text() == token
    assert (tmp_path / "rasa_auth_token").stat().st_mode & 0o077 == 0
    again = {s.name: s for s in services(Settings(instance=tmp_path, rasa_api=True))}["rasa"].argv
    assert _rasa_run_args(again).auth_token == token  # stable across restarts
    monkeypatch.setenv("RASA_AUTH_TOKEN", "from-the-environment")
    assert launcher.rasa_api_args(Settings(instance=tmp_path, rasa_api=True))[-1] == "--auth-token=from-the-environment"


def test_a_token_starting_with_a_dash_still_reaches_rasa(tmp_path, monkeypatch):
    # secrets.token_urlsafe starts one token in 64 with "-": Rasa once refused to start on it.
    monkeypatch.setenv("RASA_AUTH_TOKEN", "-Zq3kL0p9tX2vB7nM4cR8sW1yE6uH5jA0dF3gK9mN2q")
    argv = {s.name: s for s in services(Settings(instance=tmp_path, rasa_api=True))}["rasa"].argv
    assert _rasa_run_args(argv).auth_token == "-Zq3kL0p9tX2vB7nM4cR8sW1yE6uH5jA0dF3gK9mN2q"


RECORDER = """
import signal, sys, time
def stop(signum, frame):
    signalled = time.monotonic()
    time.sleep(0.3)  # a request finishing
    with open(sys.argv[1], "a") as out:
        out.write(f"{sys.argv[2]} {signalled!r} {time.monotonic()!r}\\n")
    sys.exit(0)
signal.signal(signal.SIGTERM, stop)
open(sys.argv[1] + "." + sys.argv[2], "w").close()
while True:
    time.sleep(0.05)
"""


def fake_supervisor(tmp_path, names):
    supervisor = Supervisor.__new__(Supervisor)
    supervisor.settings, supervisor.log_dir, supervisor.console, supervisor.stopping = None, None, None, False
    script = tmp_path / "recorder.py"
    script.write_text(RECORDER)
    log = tmp_path / "stopped.txt"
    supervisor.services = [
        Service(name, [sys.executable, str(script), str(log), name], {}, "http://127.0.0.1:9/") for name in names
    ]
    return supervisor, log


def wait_started(tmp_path, names):
    deadline = time.monotonic() + 30
    while not all((tmp_path / f"stopped.txt.{n}").exists() for n in names) and time.monotonic() < deadline:
        time.sleep(0.05)


def test_stop_goes_front_to_back_each_finishing_before_the_next_is_signalled(tmp_path, capsys):
    names = ["actions", "rasa", "web"]
    supervisor, log = fake_supervisor(tmp_path, names)
    supervisor.start()
    wait_started(tmp_path, names)
    supervisor.stop()
    lines = [line.split() for line in log.read_text().splitlines()]
    assert [name for name, _, _ in lines] == ["web", "rasa", "actions"]
    for (_, _, finished), (_, signalled, _) in zip(lines, lines[1:]):
        assert float(signalled) >= float(finished)
    assert all(s.process.returncode == 0 for s in supervisor.services)
    out = capsys.readouterr().out
    assert "[helpdesk] web stopped (0)" in out and "[helpdesk] actions stopped (0)" in out


def test_a_killed_service_is_restarted_and_the_restart_logged(tmp_path, capsys):
    supervisor, _ = fake_supervisor(tmp_path, ["actions", "web"])
    supervisor.start()
    wait_started(tmp_path, ["actions", "web"])
    first = supervisor.service("actions").process
    first.kill()
    first.wait()
    try:
        assert supervisor.restart_dead() == ["actions"]
        assert supervisor.service("actions").process.pid != first.pid
        assert supervisor.service("actions").process.poll() is None
        assert supervisor.service("actions").restarts == 1
        assert "[helpdesk] actions exited with -9; restarting" in capsys.readouterr().out
        assert supervisor.restart_dead() == []  # the living are left alone
    finally:
        supervisor.stop(grace=5)


def test_the_pause_before_a_restart_grows_only_while_a_service_keeps_crashing(tmp_path, monkeypatch):
    supervisor, _ = fake_supervisor(tmp_path, ["actions"])
    pauses = []
    monkeypatch.setattr(launcher.time, "sleep", pauses.append)
    supervisor.start()
    actions = supervisor.service("actions")
    try:
        for _ in range(3):  # a crash loop: 2, 4, 8 s
            actions.process.kill()
            actions.process.wait()
            supervisor.restart_dead()
        actions.started_at -= launcher.STABLE_SECONDS  # then ten quiet minutes
        actions.process.kill()
        actions.process.wait()
        supervisor.restart_dead()
        assert pauses == [2, 4, 8, 2]
    finally:
        monkeypatch.undo()
        supervisor.stop(grace=5)


def test_the_launcher_moves_spooled_messages_in(tmp_path, monkeypatch, capsys):
    from ops.launcher import Settings, _drain_spool
    from stormwater.store import spool
    from stormwater.store.database import connect, migrate

    monkeypatch.delenv("HELPDESK_DATABASE", raising=False)
    database = tmp_path / "helpdesk.db"
    db = connect(database)
    migrate(db)
    spool.append(database, "chat_messages", {
        "created_at": "2026-11-30T15:00:00.000+00:00", "channel": "web", "village": "bayville",
        "sender_key": "k", "direction": "in", "text": "spooled while locked", "delivered": 0})

    _drain_spool(Settings(instance=tmp_path))

    assert "1 spooled messages moved" in capsys.readouterr().out
    assert db.execute("SELECT text FROM chat_messages").fetchall() == [("spooled while locked",)]
    assert not spool.pending(database)


def test_by_default_there_is_one_rasa_and_no_lock_store(tmp_path, monkeypatch):
    for name in ("RASA_REPLICAS", "RASA_LOCK_STORE_URL", "RASA_TRACKER_STORE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HELPDESK_INSTANCE", str(tmp_path / "instance"))
    by_name = {s.name: s for s in services(Settings.from_env())}
    assert [n for n in by_name if n.startswith("rasa")] == ["rasa"]
    assert by_name["web"].env["RASA_URL"] == "http://127.0.0.1:5005"
    endpoints = yaml.safe_load((tmp_path / "instance" / "endpoints.yml").read_text())
    assert "lock_store" not in endpoints and endpoints["tracker_store"]["dialect"] == "sqlite"


def test_replicas_share_redis_locks_and_the_redacting_store_on_postgresql(tmp_path, monkeypatch):
    monkeypatch.setenv("HELPDESK_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("RASA_PORT", "6005")
    monkeypatch.setenv("RASA_REPLICAS", "3")
    monkeypatch.setenv("RASA_LOCK_STORE_URL", "redis://:s%40cret@10.0.0.5:6380/2")
    monkeypatch.setenv("RASA_TRACKER_STORE_URL", "postgresql://rasa:pw@10.0.0.6:5432/helpdesk")
    by_name = {s.name: s for s in services(Settings.from_env())}
    replicas = [s for n, s in by_name.items() if n.startswith("rasa")]
    assert [s.name for s in replicas] == ["rasa", "rasa-2", "rasa-3"]
    ports = [int(_rasa_run_args(s.argv).port) for s in replicas]
    assert ports == [6005, 6006, 6007]
    assert {_rasa_run_args(s.argv).endpoints for s in replicas} == {str(tmp_path / "instance" / "endpoints.yml")}
    assert by_name["web"].env["RASA_URL"] == "http://127.0.0.1:6005,http://127.0.0.1:6006,http://127.0.0.1:6007"
    endpoints = yaml.safe_load((tmp_path / "instance" / "endpoints.yml").read_text())
    assert endpoints["lock_store"] == {
        "type": "redis", "url": "10.0.0.5", "port": 6380, "db": 2, "password": "s@cret", "key_prefix": "helpdesk",
    }
    assert endpoints["tracker_store"] == {
        "type": "ops.tracker_store.RedactingSQLTrackerStore",
        "dialect": "postgresql",
        "url": "postgresql://rasa:pw@10.0.0.6:5432/helpdesk",
        "secret_file": str((tmp_path / "instance" / "secret_key").absolute()),
    }
    assert not (tmp_path / "instance" / "trackers.db").exists()


def test_replicas_without_shared_stores_are_refused(monkeypatch):
    import pytest

    monkeypatch.setenv("RASA_REPLICAS", "2")
    monkeypatch.delenv("RASA_TRACKER_STORE_URL", raising=False)
    monkeypatch.setenv("RASA_LOCK_STORE_URL", "redis://127.0.0.1:6379/0")
    with pytest.raises(ValueError, match="RASA_TRACKER_STORE_URL"):
        Settings.from_env()
    monkeypatch.setenv("RASA_TRACKER_STORE_URL", "sqlite:///x.db")
    with pytest.raises(ValueError, match="postgresql"):
        Settings.from_env()


def test_warm_up_sends_one_turn_to_rasas_rest_webhook():
    import http.server
    import json as _json
    import threading

    from ops.launcher import WARM_UP_SENDER, warm_up

    seen = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - http.server's name
            body = self.rfile.read(int(self.headers["Content-Length"]))
            seen.append((self.path, _json.loads(body)))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b"[]")

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        assert warm_up(f"http://127.0.0.1:{server.server_port}/webhooks/rest/", timeout=5)
    finally:
        server.shutdown()
    assert seen == [("/webhooks/rest/webhook", {"sender": WARM_UP_SENDER, "message": "hello"})]


def test_warm_up_reports_a_rasa_that_does_not_answer():
    from ops.launcher import free_port, warm_up

    assert warm_up(f"http://127.0.0.1:{free_port()}/webhooks/rest/", timeout=2) is False


def test_every_service_links_to_one_public_url_by_default_the_address_served(tmp_path, monkeypatch):
    monkeypatch.delenv("HELPDESK_PUBLIC_URL", raising=False)
    settings = Settings.from_env()
    settings.instance, settings.web_port = tmp_path, 8123
    by_name = {s.name: s for s in services(settings)}
    assert {by_name[n].env["HELPDESK_PUBLIC_URL"] for n in ("web", "actions", "alerts", "rasa")} == {"http://127.0.0.1:8123"}
    assert "HELPDESK_PUBLIC_URL is not set" in local_url_warning(settings)
    # A wildcard host is reached on this computer as 127.0.0.1; still only a local address.
    wildcard = Settings(instance=tmp_path, web_host="0.0.0.0", web_port=8000)
    assert wildcard.public_base_url == "http://127.0.0.1:8000" and local_url_warning(wildcard)


def test_a_public_url_set_once_reaches_every_service_and_silences_the_warning(tmp_path, monkeypatch):
    monkeypatch.setenv("HELPDESK_PUBLIC_URL", "https://helpdesk.example.org/")
    settings = Settings.from_env()
    settings.instance = tmp_path
    by_name = {s.name: s for s in services(settings)}
    assert {by_name[n].env["HELPDESK_PUBLIC_URL"] for n in ("web", "actions", "alerts")} == {"https://helpdesk.example.org"}
    assert local_url_warning(settings) is None
    monkeypatch.setenv("HELPDESK_PUBLIC_URL", "http://192.168.1.20:8000")
    assert "a local address" in local_url_warning(Settings.from_env())


NOISY = r"""
import sys
print("2026-12-03 15:03:19.032229: I tensorflow/core/common_runtime/executor.cc:1197] Executor start aborting (this does not indicate an error and you can ignore this message)", file=sys.stderr)
print("\t [[{{node input_ids}}]]", file=sys.stderr)
print("/x/site-packages/rasa/shared/utils/io.py:100: UserWarning: The utterance 'utter_report_start' is not used in any story or rule.", file=sys.stderr)
print("2026-12-03 15:08:25 INFO     root  - Starting Rasa server", flush=True)
print("2026-12-03 15:08:26 ERROR    rasa.core.agent  - Could not load model", file=sys.stderr)
"""


def test_the_console_gets_a_services_output_without_the_noise_and_the_log_all_of_it(tmp_path):
    import io

    script = tmp_path / "noisy.py"
    script.write_text(NOISY)
    supervisor = Supervisor.__new__(Supervisor)
    console = io.StringIO()
    supervisor.settings, supervisor.log_dir, supervisor.console, supervisor.stopping = None, tmp_path / "logs", console, False
    supervisor.services = [Service("rasa", [sys.executable, str(script)], {}, None)]
    supervisor.start()
    supervisor.service("rasa").process.wait(timeout=60)
    log = tmp_path / "logs" / "rasa.log"
    deadline = time.monotonic() + 30
    while "ERROR" not in console.getvalue() and time.monotonic() < deadline:
        time.sleep(0.05)  # the pump thread copies the last lines
    shown = console.getvalue().splitlines()
    assert sorted(shown) == sorted([
        "2026-12-03 15:08:25 INFO     root  - Starting Rasa server",
        "2026-12-03 15:08:26 ERROR    rasa.core.agent  - Could not load model",
    ])
    kept = log.read_text()
    assert "Executor start aborting" in kept and "utter_report_start" in kept and "Could not load model" in kept
    assert log.stat().st_mode & 0o077 == 0
