"""Web chat messages that need a person: ones the assistant never saw (it was down, or the
sender was rate limited), kept until staff mark them handled.

``web/chat.py`` stores every message before calling Rasa and leaves it with
``delivered = 0`` when Rasa did not answer. Staff see their own village's; messages sent
before the resident chose a village (no village) only admins see. Who may see and mark a
message is decided here; the rows are read and written by :mod:`stormwater.store.message_log`.
"""
from __future__ import annotations

from datetime import datetime
from typing import List, Optional

from sqlite_utils import Database

from stormwater.staff import audit
from stormwater.store import message_log
from stormwater.store.database import immediate


def waiting(db: Database, user, limit: int = 200) -> List[dict]:
    """The unhandled chat messages ``user`` may see, oldest first."""
    return message_log.unanswered_chats(db, user.village, user.is_admin, limit)


def count_waiting(db: Database, user) -> int:
    """How many chat messages wait for ``user``'s village (all villages for an admin)."""
    return message_log.count_unanswered_chats(db, user.village, user.is_admin)


def mark_handled(db: Database, message_id: int, *, actor, now: Optional[datetime] = None) -> bool:
    """Take a chat message out of the inbox, with an audit entry.

    :return: ``False`` if it was handled already (nothing changes)
    :raises LookupError: if there is no such waiting message or ``actor`` may not see it
    """
    with immediate(db):
        found = message_log.chat_handling(db, message_id)
        if found is None or not actor.can_see(found[0]):
            raise LookupError(f"no chat message {message_id}")
        if found[1]:
            return False
        message_log.set_chat_handled(db, message_id, actor.id, now)
        audit.record(db, actor=actor, entity="chat_message", entity_key=message_id, action="handled",
                     before={"handled": False}, after={"handled": True}, now=now)
    return True
