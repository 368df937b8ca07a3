"""Texts that need a person: SMS the assistant could not answer (Rasa down or slow, a
number no village uses, pictures), kept until staff mark them handled.

``web/sms.py`` leaves such a text with ``handled = 0``. Staff see their own village's;
texts to an unknown number (no village) only admins see. Who may see and mark a text is
decided here; the rows are read and written by :mod:`stormwater.store.message_log`.
"""
from __future__ import annotations

from datetime import datetime
from typing import List, Optional

from sqlite_utils import Database

from stormwater.staff import audit
from stormwater.store import message_log
from stormwater.store.database import immediate


def waiting(db: Database, user, limit: int = 200) -> List[dict]:
    """The unhandled texts ``user`` may see, oldest first (the longest waiting on top)."""
    return message_log.unhandled_texts(db, user.village, user.is_admin, limit)


def count_waiting(db: Database, user) -> int:
    """How many texts wait for ``user``'s village (all villages for an admin)."""
    return message_log.count_unhandled_texts(db, user.village, user.is_admin)


def get_message(db: Database, message_id: int, user) -> Optional[dict]:
    """One stored text if ``user`` may see it, else ``None``."""
    item = message_log.text_message(db, message_id)
    return item if item is not None and user.can_see(item["village"]) else None


def mark_handled(db: Database, message_id: int, *, actor, now: Optional[datetime] = None) -> bool:
    """Take a text out of the inbox, with an audit entry.

    :return: ``False`` if it was handled already (nothing changes)
    :raises LookupError: if there is no such text or ``actor`` may not see it
    """
    with immediate(db):
        found = message_log.text_handling(db, message_id)
        if found is None or not actor.can_see(found[0]):
            raise LookupError(f"no message {message_id}")
        if found[1]:
            return False
        message_log.set_text_handled(db, message_id, actor.id, now)
        audit.record(db, actor=actor, entity="sms_message", entity_key=message_id, action="handled",
                     before={"handled": False}, after={"handled": True}, now=now)
    return True
