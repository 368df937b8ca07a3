"""Shared fixtures: the real village files, loaded once."""
import pytest

from stormwater.alerts import hooks
from stormwater.law.villages import load_villages
from stormwater.store.database import connect, migrate

# The test session is a process like the services: tickets it files queue their alerts.
hooks.register()


@pytest.fixture(scope="session")
def villages():
    return load_villages()


@pytest.fixture(scope="session")
def bayville(villages):
    return villages["bayville"]


@pytest.fixture(scope="session")
def poquott(villages):
    return villages["poquott"]


@pytest.fixture
def db():
    """A migrated in-memory database (tests/staff/ has its own, on a file)."""
    database = connect(":memory:")
    migrate(database)
    yield database
    database.close()


@pytest.fixture(autouse=True)
def _restore_process_settings():
    """An app or action server started by a test chooses the process's data folder and
    settings (entry points do); the next test starts from what was there before."""
    from actions import action_db
    from stormwater.store import paths, settings

    saved = paths._chosen, action_db._settings, settings._current
    yield
    paths._chosen, action_db._settings, settings._current = saved
