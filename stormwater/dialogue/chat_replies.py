"""Staff replies a web-chat reporter reads when they come back (issue 32).

A reply is a note staff shared with the reporter (:func:`stormwater.reports.ticket_store.record_note`
with ``shared=True``). By text it goes through the alert outbox to a number that agreed to
updates; here it waits for the browser conversation that filed the report, which fetches it
on its next load or poll. Each reply is handed over once: ``ticket_notes.shown_in_chat_at``
(migration 16, written only here) records when, and the ticket page shows it.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Dict, List, Optional

from sqlite_utils import Database

from stormwater.store.clock import iso
from stormwater.store.database import immediate


@dataclass(frozen=True)
class StaffReply:
    """One shared note, for the chat that filed its report."""

    note_id: int
    reference: str
    body: str
    created_at: datetime


def replies_to_show(db: Database, sender_key: Optional[str], now: Optional[datetime] = None) -> List[StaffReply]:
    """The shared notes on the reports ``sender_key``'s chat filed that it has not shown yet,
    oldest first; they count as shown from now on.

    :param sender_key: the web chat's :func:`stormwater.intake.inbound.sender_key`
    """
    if not sender_key:
        return []
    with immediate(db):
        rows = db.conn.execute(
            "SELECT n.id, t.reference, n.body, n.created_at FROM ticket_notes n"
            " JOIN tickets t ON t.reference = n.ticket_reference"
            " WHERE t.sender_key = ? AND t.channel = 'web' AND n.shared = 1 AND n.shown_in_chat_at IS NULL"
            " ORDER BY n.id",
            [sender_key],
        ).fetchall()
        if rows:
            db.conn.execute(
                f"UPDATE ticket_notes SET shown_in_chat_at = ? WHERE id IN ({', '.join('?' for _ in rows)})",
                [iso(now), *[row[0] for row in rows]],
            )
    return [StaffReply(row[0], row[1], row[2], datetime.fromisoformat(row[3])) for row in rows]


def shown_in_chat(db: Database, reference: str) -> Dict[str, str]:
    """When each of the ticket's notes was shown in the reporter's web chat: note ``created_at``
    -> ``shown_in_chat_at`` (only the notes shown)."""
    return dict(db.conn.execute(
        "SELECT created_at, shown_in_chat_at FROM ticket_notes WHERE ticket_reference = ? AND shown_in_chat_at IS NOT NULL",
        [reference],
    ).fetchall())


def chat_can_receive(ticket) -> bool:
    """Whether a shared note on ``ticket`` can reach the web chat that filed it."""
    return ticket.channel == "web" and bool(ticket.sender_key)
