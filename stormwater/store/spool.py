"""The spool: inbound messages kept in a file when the database stays locked.

An inbound web message or text is stored before anything else happens to it. If another
writer holds the database longer than the busy timeout, the row goes to an append-only file
beside the database instead (one JSON line, fsync'd), and the resident is told it was saved.
:func:`drain` later moves spooled rows into their table; the launcher calls it every few
seconds and the web app when it starts. A text's MessageSid keeps a spooled Twilio retry
from being stored twice.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import List, Union

from sqlite_utils import Database

from stormwater.store.database import immediate
from stormwater.store.message_log import SPOOLED_COLUMNS, insert_spooled

# The tables (and their columns) a spooled row may go to: nothing else is ever written.
COLUMNS = SPOOLED_COLUMNS
_CLAIMED = ".draining"


def is_locked(error: BaseException) -> bool:
    """Whether ``error`` is SQLite giving up on a lock another connection holds."""
    text = str(error).lower()
    return isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def spool_file(database: Union[str, Path]) -> Path:
    """The spool of ``database``: ``<database>.spool.jsonl`` beside it."""
    return Path(f"{database}.spool.jsonl")


def append(database: Union[str, Path], table: str, row: dict) -> None:
    """Keep ``row`` for ``table`` in the spool, on disk before this returns.

    :raises ValueError: for a table or column the spool does not take
    """
    unknown = set(row) - set(COLUMNS.get(table, ()))
    if table not in COLUMNS or unknown:
        raise ValueError(f"the spool does not take {table} {sorted(unknown)}")
    line = (json.dumps({"table": table, "row": row}, ensure_ascii=False) + "\n").encode("utf-8")
    # One write() with O_APPEND: lines from several threads and processes never interleave.
    fd = os.open(spool_file(database), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)


def pending(database: Union[str, Path]) -> bool:
    """Whether anything waits in the spool of ``database`` (cheap: no database access)."""
    spool = spool_file(database)
    return spool.exists() or any(spool.parent.glob(spool.name + ".*" + _CLAIMED))


def _claim(database: Union[str, Path]) -> List[Path]:
    """Rename the spool, and any claim a crashed drain left, to names only this call holds."""
    spool = spool_file(database)
    candidates = [spool, *sorted(spool.parent.glob(spool.name + ".*" + _CLAIMED))]
    claimed = []
    for number, path in enumerate(candidates):
        mine = spool.with_name(f"{spool.name}.{os.getpid()}-{time.time_ns()}-{number}{_CLAIMED}")
        try:
            os.replace(path, mine)  # atomic: of two drains, one gets each file
        except FileNotFoundError:
            continue
        claimed.append(mine)
    return claimed


def _rows(path: Path) -> List[dict]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue  # only a write cut short by a crash can leave a broken line, and it was never acknowledged
        if isinstance(item, dict) and item.get("table") in COLUMNS and isinstance(item.get("row"), dict):
            rows.append(item)
    return rows


def drain(db: Database, database: Union[str, Path]) -> int:
    """Move every spooled row into its table; return how many were inserted.

    A file is removed only after its rows are committed; if the database is still locked the
    rows stay spooled for the next call.
    """
    inserted = 0
    for path in _claim(database):
        items = _rows(path)
        try:
            with immediate(db):
                for item in items:
                    inserted += insert_spooled(db, item["table"], item["row"])
        except sqlite3.OperationalError as error:
            if not is_locked(error):
                raise
            return inserted  # the claimed file stays and is picked up next time
        path.unlink()
    return inserted
