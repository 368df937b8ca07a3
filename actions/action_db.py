"""The ticket database as the action server sees it: one connection per action call, and
the settings read at its start (an open report's mark for the rate limits:
:mod:`actions.report_marker`)."""
from __future__ import annotations

import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Mapping, Optional, Set

from sqlite_utils import Database

from stormwater.store.settings import Settings, start_process
from stormwater.store.database import connect, migrate

# Migrations take the write lock; run them once per database file per process, not on
# every action call.
_migrated: Set[str] = set()
_migrate_lock = threading.Lock()


_settings: Optional[Settings] = None


def start(environ: Optional[Mapping[str, str]] = None) -> Settings:
    """Read the action server's settings from its environment, once, at its start (the
    ``actions`` package calls it on import; tests call it again after changing the environment)."""
    global _settings
    _settings = start_process(environ)
    return _settings


def settings() -> Settings:
    """The action server's settings (:class:`stormwater.store.settings.Settings`) read by
    :func:`start`; the one place actions learn paths and the public URL."""
    return _settings if _settings is not None else start()


def database_path() -> Path:
    """``HELPDESK_DATABASE``, else ``<instance>/helpdesk.db`` (the web app's default too)."""
    return settings().database


@contextmanager
def database() -> Iterator[Database]:
    """A migrated connection, closed afterwards (never shared between threads)."""
    path = database_path()
    db = connect(path)
    try:
        with _migrate_lock:
            if str(path) not in _migrated:
                migrate(db)
                _migrated.add(str(path))
        yield db
    finally:
        db.close()
