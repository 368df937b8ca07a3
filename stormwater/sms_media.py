"""Pictures residents texted (MMS): which ones belong to a conversation.

Twilio's media URLs are stored with each text in ``sms_messages.media`` (see
:mod:`web.sms`); a report filed in the same SMS conversation carries them as its photos.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Dict, List, Optional

from sqlite_utils import Database

from stormwater.clock import iso


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
