"""The launcher runs the alert worker (issue 18): first to start, last to stop, ready while it runs."""
import signal
import subprocess
import sys

from ops.launcher import Service, Settings, Supervisor, services
from stormwater.store.paths import REPO_ROOT


def test_the_alert_worker_is_a_supervised_service_started_first(tmp_path):
    found = services(Settings(instance=tmp_path))
    assert [s.name for s in found][0] == "alerts"
    worker = found[0]
    assert worker.argv[1:] == ["-m", "ops.alerts_worker"] and worker.health_url is None
    assert worker.env["HELPDESK_DATABASE"] == str(tmp_path / "helpdesk.db")  # the same database as the others


def test_a_service_without_a_health_url_is_ready_while_it_runs(tmp_path):
    supervisor = Supervisor.__new__(Supervisor)
    supervisor.settings, supervisor.log_dir, supervisor.console, supervisor.stopping = None, None, None, False
    supervisor.services = [Service("alerts", [sys.executable, "-c", "import time; time.sleep(30)"], {}, None)]
    supervisor.start()
    try:
        assert supervisor.wait_ready(timeout=10)
        supervisor.services[0].process.send_signal(signal.SIGKILL)
        supervisor.services[0].process.wait()
        assert not supervisor.wait_ready(timeout=0.5)  # dead: not ready (restart_dead restarts it)
    finally:
        supervisor.stop(grace=5)


def test_the_worker_stops_on_sigterm_and_says_what_is_off(tmp_path):
    env = {"HELPDESK_DATABASE": str(tmp_path / "helpdesk.db"), "PATH": "/usr/bin:/bin"}
    worker = subprocess.Popen([sys.executable, "-m", "ops.alerts_worker"], cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT)
    # Both start-up notices come before the loop; SIGTERM is sent once they are out.
    line = worker.stdout.readline().decode()
    line += worker.stdout.readline().decode()
    worker.send_signal(signal.SIGTERM)
    output = line + worker.communicate(timeout=20)[0].decode()
    assert worker.returncode == 0, output
    assert "alert e-mail is OFF" in output and "alert texts are OFF" in output
