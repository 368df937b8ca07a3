"""The help desk's SQLite database: connections, transactions and schema migrations.

The Rasa action server files tickets while the Flask staff desk reads and updates them, from
two processes. So every connection uses WAL (readers never block the writer), a busy
timeout (a writer waits for the other instead of failing with "database is locked"),
``synchronous=FULL`` (a committed report survives a power cut), and foreign keys; and a
read-then-write goes in :func:`immediate`, which takes the write lock up front.
"""
from __future__ import annotations

import random
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, List, Union

from sqlite_utils import Database

from stormwater.store.clock import iso
from stormwater.store.file_modes import create_private_file, private_folder
from stormwater.store.migrations import MIGRATIONS  # noqa: F401 (re-exported for callers)

BUSY_TIMEOUT_MS = 5000


class StorageError(RuntimeError):
    """The database cannot be used safely (wrong journal mode, a schema newer than the code)."""


def connect(path: Union[str, Path]) -> Database:
    """Open the SQLite file at ``path`` with the pragmas the help desk relies on.

    One connection per process or thread: do not share it between threads.

    :param path: the SQLite file (its folder is created if missing), or ``":memory:"``
    :raises StorageError: if the file cannot be switched to WAL (e.g. a network drive)
    """
    memory = str(path) == ":memory:"
    if not memory:
        # Residents' data: readable by this user only (stormwater/store/file_modes.py).
        private_folder(Path(path).parent)
        create_private_file(path)
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000)
    db = Database(conn)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    try:
        mode = _use_wal(db)
    except BaseException:
        db.close()
        raise
    if not memory and mode != "wal":
        db.close()
        raise StorageError(f"{path}: journal_mode is {mode!r}, not WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    return db


def _use_wal(db: Database) -> str:
    """Switch the file to WAL (a lasting property of the file) and return the journal mode."""
    # Switching needs an exclusive lock, and when two processes open a new file at the same
    # moment SQLite reports "database is locked" at once instead of calling the busy
    # handler (each holds a shared lock the other waits on). So: skip it if the file is
    # already in WAL, and retry for up to the busy timeout if another process is switching.
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            mode = str(db.execute("PRAGMA journal_mode").fetchone()[0]).lower()
            if mode in ("wal", "memory"):
                return mode
            return str(db.execute("PRAGMA journal_mode = WAL").fetchone()[0]).lower()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(random.uniform(0.005, 0.05))


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """A transaction that holds the write lock from its start: ``BEGIN IMMEDIATE`` ... ``COMMIT``.

    Use it whenever you read and then write: a plain (deferred) transaction that reads first
    cannot always upgrade to a write lock while another process writes, and SQLite then
    fails at once with "database is locked" instead of waiting. On an exception the
    transaction is rolled back and the exception re-raised.

    Inside a transaction that is already open, the block runs as a savepoint of it (the
    outer transaction should itself be immediate).

    :param db: a connection from :func:`connect`
    """
    conn = db.conn
    if conn.in_transaction:
        with db.atomic():
            yield db
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    else:
        try:
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise


def applied_migrations(db: Database) -> List[int]:
    """The versions already applied to ``db``, in order (empty for a new database).

    :param db: a connection from :func:`connect`
    """
    if "schema_migrations" not in db.table_names():
        return []
    return [row[0] for row in db.execute("SELECT version FROM schema_migrations ORDER BY version")]


def migrate(db: Database) -> List[int]:
    """Bring the schema up to date; safe to run on every start, from several processes at once.

    :param db: a connection from :func:`connect`
    :return: the versions this call applied (empty if the schema was already current)
    :raises StorageError: if the database has a migration this code does not know (it was
      written by a newer version of the help desk)
    """
    versions = [version for version, _, _ in MIGRATIONS]
    if len(versions) != len(set(versions)):
        raise StorageError("MIGRATIONS must not repeat a version")
    applied: List[int] = []
    # One transaction holding the write lock: a second process starting at the same moment
    # waits here, then finds the migrations done.
    with immediate(db):
        conn = db.conn
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
        unknown = done - set(versions)
        if unknown:
            raise StorageError(f"the database has migrations {sorted(unknown)} this code does not know")
        # In version order, whatever order the list was appended in.
        for version, name, apply in sorted(MIGRATIONS, key=lambda m: m[0]):
            if version in done:
                continue
            apply(conn)
            conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (version, name, iso()),
            )
            applied.append(version)
    return applied
