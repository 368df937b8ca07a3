"""The writes on ``tickets`` that staff changes and retention make, inside their transaction.

The staff modules (``ticket_changes``, ``workflow``, ``corrections``), the e-mail receipt and
retention decide what may change and audit it; the statements on ``tickets`` are here. The
queue, its counts and the yearly export only read (``stormwater/staff/queue.py``, ``export.py``);
filing is :func:`stormwater.reports.ticket_store.file_ticket`.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence

from sqlite_utils import Database

# Columns a staff change or retention may set (names are put into the SQL, so only these).
_CHANGEABLE = frozenset((
    "status", "closed_at", "close_reason", "assignee_id", "notice_received_on", "notice_method",
    "confirmation_due_on", "confirmation_received_on", "location", "reporter_name", "reporter_phone",
    "reporter_email", "sender_key", "fields", "transcript", "personal_data_removed_at", "updated_at",
    "discovered_at", "notify_by", "written_by", "suspected_source",
))


def ticket_row(db: Database, reference: Optional[str]) -> Optional[Dict[str, Any]]:
    """A ticket's stored row (columns as stored), to check and change inside the caller's
    immediate transaction; ``None`` if there is none."""
    cursor = db.conn.execute("SELECT * FROM tickets WHERE reference = ?", [reference or ""])
    found = cursor.fetchone()
    return None if found is None else dict(zip([c[0] for c in cursor.description], found))


def update_ticket(db: Database, ticket_id: int, changes: Mapping[str, Any]) -> None:
    """Set ``changes`` (column -> stored value) on ticket ``ticket_id``, inside the caller's transaction.

    :raises ValueError: for a column staff changes never set
    """
    unknown = set(changes) - _CHANGEABLE
    if unknown or not changes:
        raise ValueError(f"cannot change ticket columns {sorted(unknown) or 'none'}")
    assignments = ", ".join(f"{name} = ?" for name in changes)
    db.conn.execute(f"UPDATE tickets SET {assignments} WHERE id = ?", [*changes.values(), ticket_id])


def finished_with_personal_data(db: Database, statuses: Sequence[str], closed_by: str) -> List[Dict[str, Any]]:
    """Tickets in ``statuses`` closed by ``closed_by`` (ISO) whose personal data is still there,
    oldest first: ``id``, ``reference``, ``fields``, ``transcript`` and the reporter's columns."""
    names = ["id", "reference", "fields", "transcript", "reporter_name", "reporter_phone", "reporter_email", "sender_key",
             "suspected_source"]
    rows = db.conn.execute(
        f"SELECT {', '.join(names)} FROM tickets WHERE status IN ({', '.join('?' for _ in statuses)})"
        " AND closed_at IS NOT NULL AND closed_at <= ? AND personal_data_removed_at IS NULL ORDER BY id",
        [*statuses, closed_by],
    ).fetchall()
    return [dict(zip(names, values)) for values in rows]


def compact_search_index(db: Database) -> None:
    """Merge the staff search index's segments, so words of removed personal data are gone
    from it too (FTS5 only marks them deleted)."""
    db.conn.execute("INSERT INTO tickets_fts (tickets_fts) VALUES ('optimize')")
