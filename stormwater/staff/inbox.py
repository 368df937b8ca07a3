"""Texts that need a person: SMS the assistant could not answer (Rasa down or slow, a
number no village uses, pictures), kept until staff mark them handled.

``web/sms.py`` leaves such a text with ``handled = 0``. Staff see their own village's;
texts to an unknown number (no village) only admins see.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import List, Optional

from sqlite_utils import Database

from stormwater.staff import audit
from stormwater.store.clock import iso
from stormwater.store.database import immediate

_COLUMNS = "id, message_sid, from_number, to_number, body, num_media, media, village, received_at, status, reply"


def _row(cursor, values) -> dict:
    item = dict(zip([c[0] for c in cursor.description], values))
    try:
        media = json.loads(item.get("media") or "[]")
    except ValueError:
        media = []
    item["media"] = [m for m in media if isinstance(m, dict) and isinstance(m.get("url"), str)]
    item["received_at"] = datetime.fromisoformat(item["received_at"])
    return item


def _scope(user) -> tuple:
    return ("", []) if user.is_admin else (" AND village = ?", [user.village])


def waiting(db: Database, user, limit: int = 200) -> List[dict]:
    """The unhandled texts ``user`` may see, oldest first (the longest waiting on top)."""
    scope, params = _scope(user)
    cursor = db.conn.execute(
        f"SELECT {_COLUMNS} FROM sms_messages WHERE handled = 0{scope} ORDER BY id LIMIT ?", [*params, limit]
    )
    return [_row(cursor, values) for values in cursor.fetchall()]


def count_waiting(db: Database, user) -> int:
    """How many texts wait for ``user``'s village (all villages for an admin)."""
    scope, params = _scope(user)
    return db.conn.execute(f"SELECT count(*) FROM sms_messages WHERE handled = 0{scope}", params).fetchone()[0]


def get_message(db: Database, message_id: int, user) -> Optional[dict]:
    """One stored text if ``user`` may see it, else ``None``."""
    cursor = db.conn.execute(f"SELECT {_COLUMNS} FROM sms_messages WHERE id = ?", [message_id])
    values = cursor.fetchone()
    if values is None:
        return None
    item = _row(cursor, values)
    return item if user.can_see(item["village"]) else None


def mark_handled(db: Database, message_id: int, *, actor, now: Optional[datetime] = None) -> bool:
    """Take a text out of the inbox, with an audit entry.

    :return: ``False`` if it was handled already (nothing changes)
    :raises LookupError: if there is no such text or ``actor`` may not see it
    """
    with immediate(db):
        row = db.conn.execute("SELECT village, handled FROM sms_messages WHERE id = ?", [message_id]).fetchone()
        if row is None or not actor.can_see(row[0]):
            raise LookupError(f"no message {message_id}")
        if row[1]:
            return False
        db.conn.execute(
            "UPDATE sms_messages SET handled = 1, handled_at = ?, handled_by = ? WHERE id = ?",
            [iso(now), actor.id, message_id],
        )
        audit.record(db, actor=actor, entity="sms_message", entity_key=message_id, action="handled",
                     before={"handled": False}, after={"handled": True}, now=now)
    return True
