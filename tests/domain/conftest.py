"""Fixtures for the domain tests."""
import pytest

from stormwater.store.database import connect, migrate


@pytest.fixture
def db():
    """A migrated in-memory database."""
    database = connect(":memory:")
    migrate(database)
    yield database
    database.close()
