"""The retention job: remove personal data kept longer than ``HELPDESK_RETENTION_DAYS``.

``python -m ops.retention`` runs it once (``--days N`` overrides the setting); the launcher
runs it when the help desk starts and once a day after. It applies
:func:`stormwater.staff.purge.purge_personal_data` to the help desk's database and deletes
Rasa conversations (in the tracker store) in which nothing happened for the same period, and
the conversations of the tickets whose personal data it removed.
``HELPDESK_RETENTION_DAYS=0`` turns it off.
"""
from __future__ import annotations

import argparse
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Mapping, Optional, Sequence, Union

from stormwater.store import spool
from stormwater.staff.purge import purge_personal_data
from stormwater.store.clock import utc_now
from stormwater.store.settings import database_path, environment, instance_folder, trackers_path
from stormwater.store.settings_sections import JobSettings
from stormwater.store.database import connect, migrate

DAY_SECONDS = 24 * 60 * 60


def retention_days(env: Optional[Mapping[str, str]] = None) -> int:
    """``HELPDESK_RETENTION_DAYS`` (default 730; 0: keep everything), from the process's copy
    of the environment (:class:`stormwater.store.settings_sections.JobSettings`).

    :raises ValueError: naming the variable, if it is not a whole number of days, or negative
    """
    return JobSettings.parse(environment() if env is None else env).retention_days


def _checkpoint(conn: sqlite3.Connection) -> None:
    # The write-ahead log still holds the pages as they were: copy the new ones into the
    # database and empty the log. Best effort: a reader still on old pages makes SQLite
    # skip it, and the next daily run tries again.
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def forget_old_conversations(trackers: Path, days: int, now: Optional[datetime] = None,
                             senders: Sequence[str] = ()) -> int:
    """Delete every Rasa conversation whose last event is older than ``days``, and those of
    ``senders`` (the conversations of tickets whose personal data was just removed); return how many.

    :param trackers: the SQLite file of Rasa's SQL tracker store (nothing happens if absent)
    """
    if not trackers.exists():
        return 0
    cutoff = utc_now(now).timestamp() - days * DAY_SECONDS
    conn = sqlite3.connect(str(trackers), timeout=30)
    try:
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").fetchone():
            return 0
        conn.execute("PRAGMA secure_delete = ON")  # deleted text is overwritten, not just unlinked
        with conn:
            stale = {row[0] for row in conn.execute(
                "SELECT sender_id FROM events GROUP BY sender_id HAVING MAX(timestamp) < ?", [cutoff])}
            stale |= {row[0] for s in senders for row in conn.execute(
                "SELECT DISTINCT sender_id FROM events WHERE sender_id = ?", [s])}
            conn.executemany("DELETE FROM events WHERE sender_id = ?", [(s,) for s in sorted(stale)])
        _checkpoint(conn)
        return len(stale)
    finally:
        conn.close()


def forget_old_conversations_at(url: str, days: int, now: Optional[datetime] = None,
                                senders: Sequence[str] = ()) -> int:
    """As :func:`forget_old_conversations`, for a tracker store given by database URL (the
    PostgreSQL store Rasa replicas share, ``RASA_TRACKER_STORE_URL``)."""
    import sqlalchemy as sa

    cutoff = utc_now(now).timestamp() - days * DAY_SECONDS
    engine = sa.create_engine(url)
    try:
        if not sa.inspect(engine).has_table("events"):
            return 0
        with engine.begin() as connection:
            stale = {row[0] for row in connection.execute(sa.text(
                "SELECT sender_id FROM events GROUP BY sender_id HAVING MAX(timestamp) < :cutoff"), {"cutoff": cutoff})}
            stale |= {row[0] for s in senders for row in connection.execute(sa.text(
                "SELECT DISTINCT sender_id FROM events WHERE sender_id = :s"), {"s": s})}
            for sender in sorted(stale):
                connection.execute(sa.text("DELETE FROM events WHERE sender_id = :s"), {"s": sender})
        return len(stale)
    finally:
        engine.dispose()


def run(database: Path, trackers: Optional[Union[Path, str]], days: int, now: Optional[datetime] = None) -> str:
    """Apply the retention period to both stores; return a one-line summary for the log.

    :param trackers: the SQLite file of the tracker store, or its database URL (``postgresql://...``)
    """
    if days == 0:
        return "retention is off (HELPDESK_RETENTION_DAYS=0)"
    db = connect(database)
    try:
        migrate(db)
        db.execute("PRAGMA secure_delete = ON")
        # Messages still spooled (the database was locked and nothing drained them since)
        # go into the database first, where the period applies to them too.
        if spool.pending(database):
            spool.drain(db, database)
        result = purge_personal_data(db, days=days, now=now)
        _checkpoint(db.conn)
    finally:
        db.close()
    if isinstance(trackers, str) and "://" in trackers:
        conversations = forget_old_conversations_at(trackers, days, now, result.conversations)
    else:
        conversations = forget_old_conversations(Path(trackers), days, now, result.conversations) if trackers else 0
    return (f"retention {days} days: personal data removed from {len(result.tickets)} tickets and "
            f"{result.sms_messages} texts; {result.chat_messages} chat messages and "
            f"{conversations} assistant conversations deleted")


def main(argv=None) -> None:
    """Command line: ``python -m ops.retention [--days N] [--database F] [--trackers F]``."""
    instance = instance_folder()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=None, help="the retention period (default: HELPDESK_RETENTION_DAYS)")
    parser.add_argument("--database", type=Path, default=database_path(instance))
    parser.add_argument("--trackers", type=Path, default=trackers_path(instance))
    args = parser.parse_args(argv)
    try:
        days = retention_days() if args.days is None else args.days
        if days < 0:
            raise ValueError("--days must be 0 (off) or a number of days")
    except ValueError as error:
        parser.error(str(error))
    print(run(args.database, args.trackers, days))


if __name__ == "__main__":
    main()
