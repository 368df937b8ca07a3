"""The ticket database as the action server sees it: one connection per action call."""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from sqlite_utils import Database

from stormwater.paths import REPO_ROOT
from stormwater.storage import connect, migrate


def database_path() -> Path:
    """``HELPDESK_DATABASE``, else ``instance/helpdesk.db`` (the web app's default too)."""
    return Path(os.environ.get("HELPDESK_DATABASE") or REPO_ROOT / "instance" / "helpdesk.db")


@contextmanager
def database() -> Iterator[Database]:
    """A migrated connection, closed afterwards (never shared between threads)."""
    db = connect(database_path())
    try:
        migrate(db)
        yield db
    finally:
        db.close()
