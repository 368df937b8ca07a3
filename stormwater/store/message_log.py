"""The message log: residents' messages in ``chat_messages``, ``sms_messages`` and
``sms_conversations``, as the intake stores and answers them.

Every inbound message is stored (committed) before anything else happens to it; the
assistant's replies are recorded beside it. Besides this module only the staff inboxes
(``stormwater/staff/inbox.py``, ``chat_inbox.py``: marking a message handled), retention
(``stormwater/store/purge.py``) and the spool (``stormwater/store/spool.py``) touch these tables.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any, Dict, List, Optional, Tuple

from sqlite_utils import Database

from stormwater.store.clock import iso, utc_now
from stormwater.store.database import immediate

RESENT_WINDOW = timedelta(hours=1)  # how far back a retried message's first try is looked for
# Long enough to span a report interrupted by lunch, short enough that the next person at a
# shared computer does not find yesterday's conversation (they also have "Start over").
HISTORY_WINDOW = timedelta(hours=12)
HISTORY_LIMIT = 100


# -- web chat (chat_messages) -------------------------------------------------------------

def chat_row(
    *,
    channel: str,
    village: Optional[str],
    sender_key: str,
    direction: str,
    text: str,
    delivered: bool,
    custom: Optional[dict] = None,
) -> dict:
    """A ``chat_messages`` row as stored (and as :mod:`stormwater.store.spool` keeps it)."""
    return {
        "created_at": iso(),
        "channel": channel,
        "village": village,
        "sender_key": sender_key,
        "direction": direction,
        "text": text,
        "delivered": 1 if delivered else 0,
        "custom": json.dumps(custom, ensure_ascii=False) if custom else None,
    }


def insert_chat_row(db: Database, row: dict) -> int:
    """Store a :func:`chat_row` (committed before returning) and give its id."""
    table = db["chat_messages"]
    table.insert(row)
    return int(table.last_pk)


def record_message(db: Database, **fields: Any) -> int:
    """Store one chat message (committed before returning) and give its id.

    :param fields: as for :func:`chat_row`
    """
    return insert_chat_row(db, chat_row(**fields))


def mark_delivered(db: Database, message_id: int, delivered: bool = True) -> None:
    """Record whether the assistant answered the stored inbound message ``message_id``."""
    with db.atomic():
        db.execute(
            "UPDATE chat_messages SET delivered = ? WHERE id = ?",
            [1 if delivered else 0, message_id],
        )


def mark_resent_delivered(db: Database, message_id: int) -> int:
    """Mark earlier unanswered copies of the delivered inbound message ``message_id`` delivered.

    A resident's Retry sends the same text again after the assistant was down; once that
    copy gets through, the first try is no longer waiting for anyone (nor for the staff
    inbox). Only the same conversation's identical text of the last hour, not yet handled
    by staff, counts. Returns how many copies were marked.

    :param message_id: the inbound message that was just delivered
    """
    with db.atomic():
        cursor = db.execute(
            """
            UPDATE chat_messages SET delivered = 1
            WHERE direction = 'in' AND delivered = 0 AND handled_at IS NULL AND id < :id
              AND created_at >= :since
              AND (sender_key, text) = (SELECT sender_key, text FROM chat_messages WHERE id = :id)
            """,
            {"id": message_id, "since": iso(utc_now() - RESENT_WINDOW)},
        )
        return cursor.rowcount


def recent_transcript(
    db: Database, sender_key: str, now: Optional[datetime] = None, limit: int = HISTORY_LIMIT
) -> list[dict]:
    """The last ``limit`` messages of one conversation within :data:`HISTORY_WINDOW`, oldest first.

    Each is ``{"who": "user"|"bot", "text"?, "buttons"?, "custom"?}``. A message sent again
    with Retry (stored twice, with no answer between) shows once, and a choice the resident
    clicked shows as the button's title, as it did on screen.

    :param sender_key: the conversation's id (``stormwater.intake.inbound.sender_key``)
    :param now: the current time (UTC); defaults to the clock
    """
    since = iso(utc_now(now) - HISTORY_WINDOW)
    rows = list(db.query(
        "SELECT direction, text, custom FROM chat_messages"
        " WHERE sender_key = ? AND created_at >= ? ORDER BY id DESC LIMIT ?",
        [sender_key, since, limit],
    ))[::-1]
    transcript: list[dict] = []
    offered: list = []  # the buttons of the bot's last message
    for row, following in zip(rows, rows[1:] + [None]):
        if row["direction"] == "in":
            if following is not None and (following["direction"], following["text"]) == ("in", row["text"]):
                continue  # the first try of a retried message
            titles = [b.get("title") for b in offered if isinstance(b, dict) and b.get("payload") == row["text"]]
            transcript.append({"who": "user", "text": titles[0] if titles else row["text"]})
            offered = []
            continue
        extras = json.loads(row["custom"]) if row["custom"] else {}
        message: dict = {"who": "bot"}
        if row["text"]:
            message["text"] = row["text"]
        for key in ("buttons", "custom"):
            if key in extras:
                message[key] = extras[key]
        offered = extras.get("buttons") or offered
        transcript.append(message)
    return transcript


# -- texts (sms_messages, sms_conversations) ----------------------------------------------

def store_text(db: Database, row: dict) -> Tuple[int, bool]:
    """Insert an inbound text unless its MessageSid is stored already: (row id, inserted?)."""
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    with immediate(db):
        cursor = db.conn.execute(
            f"INSERT INTO sms_messages ({columns}) VALUES ({marks}) ON CONFLICT (message_sid) DO NOTHING",
            list(row.values()),
        )
        inserted = cursor.rowcount == 1
        found = db.conn.execute("SELECT id FROM sms_messages WHERE message_sid = ?", [row["message_sid"]]).fetchone()
    return int(found[0]), inserted


def stored_answer(db: Database, message_id: int) -> Tuple[str, Optional[str]]:
    """``(status, reply)`` of a stored text."""
    row = db.conn.execute("SELECT status, reply FROM sms_messages WHERE id = ?", [message_id]).fetchone()
    return row[0], row[1]


def finish_text(db: Database, message_id: int, status: str, reply: Optional[str], handled: bool) -> None:
    """Record what a stored text got (``status``, the reply sent) and whether staff still need to see it."""
    with immediate(db):
        db.conn.execute(
            "UPDATE sms_messages SET status = ?, reply = ?, replied_at = ?, handled = ? WHERE id = ?",
            [status, reply, iso(), 1 if handled else 0, message_id],
        )


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


# -- pictures texted (MMS): Twilio's media URLs, stored with each text -------------------

def _utc_text(moment: datetime) -> str:
    """``moment`` in the form ``received_at`` is stored in (ISO 8601, UTC, milliseconds)."""
    if moment.tzinfo is None:
        raise ValueError("since must be timezone-aware")
    return iso(moment)


def media_for_sender(db: Database, sender_key: Optional[str], since: datetime) -> List[Dict[str, str]]:
    """Every picture ``sender_key`` texted at or after ``since``, oldest first.

    :param db: the help desk's database (migrated)
    :param sender_key: the conversation's id as Rasa saw it (None: no pictures)
    :param since: a timezone-aware time; earlier texts are left out
    :returns: ``[{"url": ..., "content_type": ...}, ...]``, each URL once
    """
    if not sender_key or "sms_messages" not in db.table_names():
        return []
    rows = db.conn.execute(
        "SELECT media FROM sms_messages WHERE sender_key = ? AND num_media > 0 AND received_at >= ? ORDER BY id",
        [sender_key, _utc_text(since)],
    ).fetchall()
    photos, seen = [], set()
    for (raw,) in rows:
        try:
            items = json.loads(raw or "[]")
        except ValueError:
            continue
        for item in items if isinstance(items, list) else []:
            url = item.get("url") if isinstance(item, dict) else None
            if isinstance(url, str) and url and url not in seen:
                seen.add(url)
                photos.append({"url": url, "content_type": str(item.get("content_type") or "")})
    return photos
