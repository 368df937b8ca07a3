"""Web chat messages that need a person: ones the assistant never saw (it was down, or the
sender was rate limited), kept until staff mark them handled.

``web/chat.py`` stores every message before calling Rasa and leaves it with
``delivered = 0`` when Rasa did not answer. Staff see their own village's; messages sent
before the resident chose a village (no village) only admins see.
"""
from __future__ import annotations

from datetime import datetime
from typing import List, Optional

from sqlite_utils import Database

from stormwater.staff import audit
from stormwater.store.clock import iso
from stormwater.store.database import immediate

# Whether the same conversation got an answer afterwards (the resident's retry went through).
_ANSWERED_LATER = (
    "EXISTS (SELECT 1 FROM chat_messages later WHERE later.sender_key = c.sender_key"
    " AND later.id > c.id AND later.direction = 'out')"
)
_WAITING = "c.direction = 'in' AND c.delivered = 0 AND c.handled_at IS NULL"


def _scope(user) -> tuple:
    return ("", []) if user.is_admin else (" AND c.village = ?", [user.village])


def waiting(db: Database, user, limit: int = 200) -> List[dict]:
    """The unhandled chat messages ``user`` may see, oldest first."""
    scope, params = _scope(user)
    cursor = db.conn.execute(
        f"SELECT c.id, c.created_at, c.village, c.text, {_ANSWERED_LATER} AS answered_later"
        f" FROM chat_messages c WHERE {_WAITING}{scope} ORDER BY c.id LIMIT ?",
        [*params, limit],
    )
    names = [column[0] for column in cursor.description]
    items = [dict(zip(names, values)) for values in cursor.fetchall()]
    for item in items:
        item["created_at"] = datetime.fromisoformat(item["created_at"])
        item["answered_later"] = bool(item["answered_later"])
    return items


def count_waiting(db: Database, user) -> int:
    """How many chat messages wait for ``user``'s village (all villages for an admin)."""
    scope, params = _scope(user)
    return db.conn.execute(f"SELECT count(*) FROM chat_messages c WHERE {_WAITING}{scope}", params).fetchone()[0]


def mark_handled(db: Database, message_id: int, *, actor, now: Optional[datetime] = None) -> bool:
    """Take a chat message out of the inbox, with an audit entry.

    :return: ``False`` if it was handled already (nothing changes)
    :raises LookupError: if there is no such waiting message or ``actor`` may not see it
    """
    with immediate(db):
        row = db.conn.execute(
            "SELECT village, handled_at FROM chat_messages WHERE id = ? AND direction = 'in' AND delivered = 0",
            [message_id],
        ).fetchone()
        if row is None or not actor.can_see(row[0]):
            raise LookupError(f"no chat message {message_id}")
        if row[1]:
            return False
        db.conn.execute(
            "UPDATE chat_messages SET handled_at = ?, handled_by = ? WHERE id = ?", [iso(now), actor.id, message_id]
        )
        audit.record(db, actor=actor, entity="chat_message", entity_key=message_id, action="handled",
                     before={"handled": False}, after={"handled": True}, now=now)
    return True
