"""What a reporter may learn of their report's history (issue 32): when it was filed, each
status it moved to and when, and the notes staff shared with them. Never a name, number or
address: the status is shown to whoever holds the reference and its check code.

Read-only: the status moves are the staff desk's audit entries (``audit_log``, action
``status``), the notes are ``ticket_notes`` with ``shared = 1``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Optional, Tuple

from sqlite_utils import Database

from stormwater.reports.ticket_references import normalize_reference


@dataclass(frozen=True)
class StatusMove:
    """The ticket moved to ``status`` at ``at`` (UTC)."""

    at: datetime
    status: str


@dataclass(frozen=True)
class TicketHistory:
    """A report as its reporter may see it."""

    reference: str
    village: str
    kind: str
    status: str
    created_at: datetime
    moves: Tuple[StatusMove, ...]
    shared_note: Optional[str]
    shared_note_at: Optional[datetime]


@dataclass(frozen=True)
class _Row:
    reference: str
    village: str
    kind: str
    status: str
    created_at: str
    sender_key: Optional[str]
    status_check_hash: Optional[str]


def _row(db: Database, reference: Optional[str]) -> Optional[_Row]:
    wanted = normalize_reference(reference or "")
    if wanted is None:
        return None
    found = db.conn.execute(
        "SELECT reference, village, kind, status, created_at, sender_key, status_check_hash FROM tickets WHERE reference = ?",
        [wanted],
    ).fetchone()
    return _Row(*found) if found else None


def check_hash_for(db: Database, reference: Optional[str]) -> Optional[str]:
    """The stored hash of the report's check code (``None``: no such report, or none issued)."""
    row = _row(db, reference)
    return row.status_check_hash if row else None


def sender_of(db: Database, reference: Optional[str]) -> Optional[str]:
    """The sender key of the conversation that filed the report (``None``: unknown or none)."""
    row = _row(db, reference)
    return row.sender_key if row else None


def latest_reference_of(db: Database, sender_key: Optional[str]) -> Optional[str]:
    """The reference of the last report the conversation ``sender_key`` filed, if any."""
    if not sender_key:
        return None
    found = db.conn.execute(
        "SELECT reference FROM tickets WHERE sender_key = ? ORDER BY id DESC LIMIT 1", [sender_key]
    ).fetchone()
    return found[0] if found else None


def history_of(db: Database, reference: Optional[str]) -> Optional[TicketHistory]:
    """The report's history for its reporter; ``None`` if there is no such report.

    Callers decide first who may read it (the filing conversation, or the check code).
    """
    row = _row(db, reference)
    if row is None:
        return None
    moves = []
    for at, after in db.conn.execute(
        "SELECT at, after FROM audit_log WHERE entity = 'ticket' AND entity_key = ? AND action = 'status' ORDER BY id",
        [row.reference],
    ):
        status = (json.loads(after or "{}") or {}).get("status")
        if status:
            moves.append(StatusMove(datetime.fromisoformat(at), status))
    note = db.conn.execute(
        "SELECT body, created_at FROM ticket_notes WHERE ticket_reference = ? AND shared = 1 ORDER BY id DESC LIMIT 1",
        [row.reference],
    ).fetchone()
    return TicketHistory(
        reference=row.reference, village=row.village, kind=row.kind, status=row.status,
        created_at=datetime.fromisoformat(row.created_at), moves=tuple(moves),
        shared_note=note[0] if note else None, shared_note_at=datetime.fromisoformat(note[1]) if note else None,
    )
