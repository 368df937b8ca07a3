"""SMS conversation memory, the owner of ``sms_conversations``: the buttons the last reply to a
number offered (a reply "1" picks the first) and what a turn held back for MORE and LAW.
:mod:`stormwater.store.message_log` re-exports these functions."""
from __future__ import annotations

import json
from typing import Any, List

from sqlite_utils import Database

from stormwater.store.clock import iso
from stormwater.store.database import immediate


def _conversation(db: Database, key: str, column: str):
    row = db.conn.execute(f"SELECT {column} FROM sms_conversations WHERE sender_key = ?", [key]).fetchone()
    return row[0] if row else None


def _remember(db: Database, key: str, column: str, value: Any) -> None:
    with immediate(db):
        db.conn.execute(
            f"INSERT INTO sms_conversations (sender_key, {column}, updated_at) VALUES (?, ?, ?) "
            f"ON CONFLICT (sender_key) DO UPDATE SET {column} = excluded.{column}, updated_at = excluded.updated_at",
            [key, json.dumps(value, ensure_ascii=False), iso()],
        )


def last_buttons(db: Database, key: str) -> List[dict]:
    """The buttons the last reply to this number offered (a reply "1" picks the first)."""
    value = _conversation(db, key, "buttons")
    return json.loads(value) if value is not None else []


def remember_buttons(db: Database, key: str, buttons: List[dict]) -> None:
    """Keep the buttons the reply just sent offers."""
    _remember(db, key, "buttons", buttons)


def held_details(db: Database, key: str) -> dict:
    """What the last turn held back for MORE and LAW."""
    value = _conversation(db, key, "details")
    return json.loads(value or "{}")


def remember_details(db: Database, key: str, details: dict) -> None:
    """Keep what this turn held back for MORE and LAW."""
    _remember(db, key, "details", details)


def forget(db: Database, keys: List[str], cutoff: str) -> int:
    """Delete the memory of the conversations ``keys`` and of every one idle since ``cutoff``
    (held-back parts may repeat a read-back with a name and number); how many. Call inside
    the retention transaction."""
    marks = ", ".join("?" for _ in keys) or "NULL"
    return db.conn.execute(
        f"DELETE FROM sms_conversations WHERE sender_key IN ({marks}) OR updated_at <= ?", [*keys, cutoff]
    ).rowcount
