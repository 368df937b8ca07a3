"""``python -m ops.launcher``: ``--help`` starts nothing, and however the launcher is told to
go (SIGTERM, SIGHUP, SIGPIPE, its console a closed pipe) it stops its services first."""
import os
import signal
import subprocess
import sys

import psutil
import pytest

from stormwater.store.paths import REPO_ROOT

# A stand-in service: says its pid, then talks until it is stopped.
CHILD = "import os, time\nprint('child', os.getpid(), flush=True)\nwhile True:\n    print('tick', flush=True)\n    time.sleep(0.1)\n"

# The launcher's own loop (ops.launcher.run) over one stand-in service, its console stdout.
LAUNCHER = """
import sys
from pathlib import Path
from ops import launcher
from ops.services import Service
from ops.supervisor import Supervisor

supervisor = Supervisor.__new__(Supervisor)
supervisor.settings, supervisor.log_dir, supervisor.console = None, Path(sys.argv[1]), sys.stdout
supervisor.services = [Service("stand-in", [sys.executable, "-c", sys.argv[2]], {}, None)]
launcher.run(supervisor)
"""


def start_launcher(tmp_path):
    launcher = subprocess.Popen(
        [sys.executable, "-c", LAUNCHER, str(tmp_path / "logs"), CHILD], cwd=REPO_ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True,
    )
    for line in launcher.stdout:
        if line.startswith("child "):
            return launcher, int(line.split()[1])
    pytest.fail(f"the stand-in never started (launcher exited {launcher.wait()})")


def gone(pid):
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def finish(launcher, child):
    try:
        code = launcher.wait(timeout=60)
    finally:
        if launcher.poll() is None:
            launcher.kill()
        if not gone(child):
            os.kill(child, signal.SIGKILL)
    return code


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE])
def test_a_launcher_told_to_go_by_a_signal_stops_its_services_first(tmp_path, signum):
    launcher, child = start_launcher(tmp_path)
    assert not gone(child)
    launcher.send_signal(signum)
    code = finish(launcher, child)
    assert gone(child)
    assert code == 0
    assert "stand-in stopped" in launcher.stdout.read()


def test_a_launcher_whose_console_pipe_closes_stops_its_services(tmp_path):
    launcher, child = start_launcher(tmp_path)
    launcher.stdout.close()  # `make run | head` after head has left: the next line breaks the pipe
    code = finish(launcher, child)
    assert gone(child)
    assert code == 0
    assert "tick" in (tmp_path / "logs" / "stand-in.log").read_text()  # the log kept going


def test_help_prints_usage_and_starts_nothing(tmp_path):
    env = dict(os.environ, HELPDESK_INSTANCE=str(tmp_path / "instance"))
    done = subprocess.run([sys.executable, "-m", "ops.launcher", "--help"], cwd=REPO_ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert done.stdout.startswith("usage: python -m ops.launcher")
    assert "HELPDESK_PORT" in done.stdout
    assert not (tmp_path / "instance").exists()  # no instance folder made, no service started


def test_an_unknown_argument_is_refused_before_anything_starts(tmp_path):
    env = dict(os.environ, HELPDESK_INSTANCE=str(tmp_path / "instance"))
    done = subprocess.run([sys.executable, "-m", "ops.launcher", "--port", "9000"], cwd=REPO_ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "unrecognized arguments" in done.stderr
    assert not (tmp_path / "instance").exists()
