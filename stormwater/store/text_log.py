"""The texts log, the owner of ``sms_messages``: texts as the SMS channel stores and answers
them, their pictures, the staff inbox's queries and retention's blanking. Who may see and
mark a text is decided in :mod:`stormwater.staff.inbox`. :mod:`stormwater.store.message_log`
re-exports these functions.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Dict, List, Optional, Tuple

from sqlite_utils import Database

from stormwater.store.clock import iso
from stormwater.store.database import immediate

# A conversation whose ticket still holds personal data keeps its messages with it.
NO_KEPT_TICKET = "NOT EXISTS (SELECT 1 FROM tickets t WHERE t.sender_key = {table}.sender_key)"


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


def sending_number(db: Database, sender_key: Optional[str]) -> Optional[str]:
    """The number the latest text of the conversation ``sender_key`` came from (``None``: none stored)."""
    if not sender_key:
        return None
    row = db.conn.execute("SELECT from_number FROM sms_messages WHERE sender_key = ? AND from_number <> ''"
                          " ORDER BY id DESC LIMIT 1", [sender_key]).fetchone()
    return row[0] if row else None


def finish_text(db: Database, message_id: int, status: str, reply: Optional[str], handled: bool) -> None:
    """Record what a stored text got (``status``, the reply sent) and whether staff still need to see it."""
    with immediate(db):
        db.conn.execute(
            "UPDATE sms_messages SET status = ?, reply = ?, replied_at = ?, handled = ? WHERE id = ?",
            [status, reply, iso(), 1 if handled else 0, message_id],
        )


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


_TEXT_COLUMNS = "id, message_sid, from_number, to_number, body, num_media, media, village, received_at, status, reply"


def _text_item(cursor, values) -> dict:
    item = dict(zip([c[0] for c in cursor.description], values))
    try:
        media = json.loads(item.get("media") or "[]")
    except ValueError:
        media = []
    item["media"] = [m for m in media if isinstance(m, dict) and isinstance(m.get("url"), str)]
    item["received_at"] = datetime.fromisoformat(item["received_at"])
    return item


def _village_scope(village: Optional[str], all_villages: bool, column: str = "village") -> Tuple[str, list]:
    return ("", []) if all_villages else (f" AND {column} = ?", [village])


def unhandled_texts(db: Database, village: Optional[str], all_villages: bool = False, limit: int = 200) -> List[dict]:
    """Texts nobody has handled yet, oldest first, with their pictures and ``received_at`` read."""
    scope, params = _village_scope(village, all_villages)
    cursor = db.conn.execute(
        f"SELECT {_TEXT_COLUMNS} FROM sms_messages WHERE handled = 0{scope} ORDER BY id LIMIT ?", [*params, limit]
    )
    return [_text_item(cursor, values) for values in cursor.fetchall()]


def count_unhandled_texts(db: Database, village: Optional[str], all_villages: bool = False) -> int:
    """How many texts nobody has handled yet."""
    scope, params = _village_scope(village, all_villages)
    return db.conn.execute(f"SELECT count(*) FROM sms_messages WHERE handled = 0{scope}", params).fetchone()[0]


def text_message(db: Database, message_id: int) -> Optional[dict]:
    """One stored text (as :func:`unhandled_texts` gives them), or ``None``."""
    cursor = db.conn.execute(f"SELECT {_TEXT_COLUMNS} FROM sms_messages WHERE id = ?", [message_id])
    values = cursor.fetchone()
    return None if values is None else _text_item(cursor, values)


def text_handling(db: Database, message_id: int) -> Optional[Tuple[Optional[str], bool]]:
    """A text's village and whether it was handled, or ``None`` if there is no such text."""
    row = db.conn.execute("SELECT village, handled FROM sms_messages WHERE id = ?", [message_id]).fetchone()
    return None if row is None else (row[0], bool(row[1]))


def set_text_handled(db: Database, message_id: int, staff_id: int, now: Optional[datetime] = None) -> None:
    """Record that a staff member handled a text (inside the caller's transaction)."""
    db.conn.execute(
        "UPDATE sms_messages SET handled = 1, handled_at = ?, handled_by = ? WHERE id = ?", [iso(now), staff_id, message_id]
    )


def purge_texts(db: Database, cutoff: str, stamp: str) -> int:
    """Blank the personal data of texts received by ``cutoff`` and done with (the number, the
    text, pictures and the reply, which may read back a name and number); how many."""
    cursor = db.conn.execute(
        "UPDATE sms_messages SET from_number = '', body = '', media = '[]', reply = '', sender_key = NULL,"
        " personal_data_removed_at = COALESCE(personal_data_removed_at, ?)"
        # A text purged before replies were blanked too still has its reply to lose.
        " WHERE received_at <= ? AND (personal_data_removed_at IS NULL OR reply <> '')"
        " AND (handled = 1 OR status IN ('answered', 'keyword'))"
        f" AND (sender_key IS NULL OR {NO_KEPT_TICKET.format(table='sms_messages')})",
        [stamp, cutoff],
    )
    return cursor.rowcount
