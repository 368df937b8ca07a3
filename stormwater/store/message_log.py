"""The message log: residents' messages in ``chat_messages`` and ``sms_messages``, as the
intake stores and answers them and staff handle them.

Every inbound message is stored (committed) before anything else happens to it; the
assistant's replies are recorded beside it. One owner per table: this module has the only
SQL on ``chat_messages``, :mod:`stormwater.store.text_log` on ``sms_messages`` and
:mod:`stormwater.store.sms_memory` on ``sms_conversations`` (both re-exported here). The staff
inboxes (``stormwater/staff/inbox.py``, ``chat_inbox.py``) decide who may see and mark a
message and call the queries here, as do retention (``stormwater/staff/purge.py``) and the
spool (``stormwater/store/spool.py``).
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any, Dict, List, Optional, Tuple

from sqlite_utils import Database

from stormwater.store.clock import iso, utc_now
from stormwater.store.database import immediate
from stormwater.store.sms_memory import (  # noqa: F401 (re-exported for callers)
    held_details, last_buttons, remember_buttons, remember_details,
)
from stormwater.store.text_log import (  # noqa: F401 (re-exported for callers)
    NO_KEPT_TICKET, _village_scope, count_unhandled_texts, finish_text, media_for_sender, purge_texts,
    sending_number, set_text_handled, store_text, stored_answer, text_handling, text_message, unhandled_texts,
)

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


_CHAT_COLUMNS = ("created_at", "channel", "village", "sender_key", "direction", "text", "delivered", "custom")
# A plain INSERT: sqlite-utils' ``insert`` reads the table's columns back on every call, a
# third of the web app's own time per message (docs/benchmarks.md, profile of issue 19).
_INSERT_CHAT_ROW = (
    f"INSERT INTO chat_messages ({', '.join(_CHAT_COLUMNS)}) VALUES ({', '.join('?' * len(_CHAT_COLUMNS))})"
)


def insert_chat_row(db: Database, row: dict) -> int:
    """Store a :func:`chat_row` and give its id: committed before returning, or as part of the
    transaction it runs in."""
    with immediate(db):
        cursor = db.execute(_INSERT_CHAT_ROW, [row.get(column) for column in _CHAT_COLUMNS])
    return int(cursor.lastrowid)


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


def record_answer(db: Database, message_id: int, replies: List[dict]) -> List[int]:
    """In one transaction: the inbound message ``message_id`` answered (and its earlier
    unanswered copies, see :func:`mark_resent_delivered`), and the assistant's replies stored.

    :param replies: :func:`chat_row` rows of the replies, in order
    :returns: the replies' ids
    """
    with immediate(db):
        mark_delivered(db, message_id, True)
        mark_resent_delivered(db, message_id)
        return [insert_chat_row(db, row) for row in replies]


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


# -- the staff chat inbox: messages that need a person -------------------------------------
# stormwater/staff/chat_inbox.py decides who may see and mark a message (and audits it); the
# SQL stays here. ``village`` scopes a query to one village unless ``all_villages`` (an admin).

# Whether the same conversation got an answer afterwards (the resident's retry went through).
_ANSWERED_LATER = (
    "EXISTS (SELECT 1 FROM chat_messages later WHERE later.sender_key = c.sender_key"
    " AND later.id > c.id AND later.direction = 'out')"
)
_UNANSWERED = "c.direction = 'in' AND c.delivered = 0 AND c.handled_at IS NULL"


def unanswered_chats(db: Database, village: Optional[str], all_villages: bool = False, limit: int = 200) -> List[dict]:
    """Web chat messages the assistant never saw and nobody has handled, oldest first."""
    scope, params = _village_scope(village, all_villages, "c.village")
    cursor = db.conn.execute(
        f"SELECT c.id, c.created_at, c.village, c.text, {_ANSWERED_LATER} AS answered_later"
        f" FROM chat_messages c WHERE {_UNANSWERED}{scope} ORDER BY c.id LIMIT ?",
        [*params, limit],
    )
    names = [column[0] for column in cursor.description]
    items = [dict(zip(names, values)) for values in cursor.fetchall()]
    for item in items:
        item["created_at"] = datetime.fromisoformat(item["created_at"])
        item["answered_later"] = bool(item["answered_later"])
    return items


def count_unanswered_chats(db: Database, village: Optional[str], all_villages: bool = False) -> int:
    """How many web chat messages :func:`unanswered_chats` would list (without a limit)."""
    scope, params = _village_scope(village, all_villages, "c.village")
    return db.conn.execute(f"SELECT count(*) FROM chat_messages c WHERE {_UNANSWERED}{scope}", params).fetchone()[0]


def chat_handling(db: Database, message_id: int) -> Optional[Tuple[Optional[str], Optional[str]]]:
    """An undelivered inbound chat message's village and handling time, or ``None``."""
    row = db.conn.execute(
        "SELECT village, handled_at FROM chat_messages WHERE id = ? AND direction = 'in' AND delivered = 0",
        [message_id],
    ).fetchone()
    return None if row is None else (row[0], row[1])


def set_chat_handled(db: Database, message_id: int, staff_id: int, now: Optional[datetime] = None) -> None:
    """Record that a staff member handled a chat message (inside the caller's transaction)."""
    db.conn.execute("UPDATE chat_messages SET handled_at = ?, handled_by = ? WHERE id = ?", [iso(now), staff_id, message_id])


# -- retention and the spool -------------------------------------------------------------

def purge_chats(db: Database, cutoff: str) -> int:
    """Delete web chat messages sent by ``cutoff`` and done with; how many."""
    cursor = db.conn.execute(
        "DELETE FROM chat_messages WHERE created_at <= ? AND (delivered = 1 OR handled_at IS NOT NULL)"
        f" AND {NO_KEPT_TICKET.format(table='chat_messages')}",
        [cutoff],
    )
    return cursor.rowcount


# The tables (and their columns) a spooled row may go to: nothing else is ever written.
SPOOLED_COLUMNS: Dict[str, tuple] = {
    "chat_messages": ("created_at", "channel", "village", "sender_key", "direction", "text", "delivered", "custom"),
    "sms_messages": ("message_sid", "from_number", "to_number", "body", "num_media", "media", "village",
                     "sender_key", "received_at", "status", "handled", "reply", "replied_at"),
}
# SMS retries carry the same MessageSid: the first stored copy wins.
_SPOOL_CONFLICT = {"chat_messages": "", "sms_messages": " ON CONFLICT (message_sid) DO NOTHING"}


def insert_spooled(db: Database, table: str, row: dict) -> int:
    """Insert a row the spool kept while the database was locked; 1, or 0 for a stored retry.
    (The one statement here on ``sms_messages``: a spooled row is stored exactly as it would
    have been, for either message table.)

    :raises KeyError: for a table that is not a message table
    """
    columns = [c for c in SPOOLED_COLUMNS[table] if c in row]
    cursor = db.conn.execute(
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})" + _SPOOL_CONFLICT[table],
        [row[c] for c in columns],
    )
    return max(cursor.rowcount, 0)
