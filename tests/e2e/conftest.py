"""Start the real help desk once per test session: action server, Rasa server and Flask app.

The services run on free loopback ports with their own instance folder, exactly as
``make run`` starts them (``ops.launcher``), so these tests exercise what residents use.
"""
import pytest

from ops.build import model_path
from ops.launcher import Settings, Supervisor, free_port

STARTUP_SECONDS = 240


@pytest.fixture(scope="session")
def helpdesk(tmp_path_factory):
    """The running help desk; yields its :class:`Supervisor` (``.settings`` has the ports)."""
    assert model_path().exists(), "no trained model: run `make test`, which trains it first"
    instance = tmp_path_factory.mktemp("instance")
    settings = Settings(web_port=free_port(), rasa_port=free_port(), action_port=free_port(), instance=instance)
    supervisor = Supervisor(settings, log_dir=instance / "logs")
    supervisor.start()
    try:
        if not supervisor.wait_ready(timeout=STARTUP_SECONDS):
            logs = "\n".join(f"--- {p.name}\n{p.read_text()[-3000:]}" for p in (instance / "logs").glob("*.log"))
            pytest.fail(f"help desk did not start within {STARTUP_SECONDS} s\n{logs}")
        yield supervisor
    finally:
        supervisor.stop()


@pytest.fixture(scope="session")
def base_url(helpdesk):
    return f"http://127.0.0.1:{helpdesk.settings.web_port}"
