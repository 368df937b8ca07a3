"""A resident's recent web conversation, read back from the stored messages.

The chat page shows it again after a reload, so the browser keeps nothing but its opaque
id: no message text, names or phone numbers sit in the browser's storage.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Optional

from sqlite_utils import Database

from stormwater.clock import iso, utc_now

# Long enough to span a report interrupted by lunch, short enough that the next person at a
# shared computer does not find yesterday's conversation (they also have "Start over").
HISTORY_WINDOW = timedelta(hours=12)
HISTORY_LIMIT = 100


def recent_transcript(
    db: Database, sender_key: str, now: Optional[datetime] = None, limit: int = HISTORY_LIMIT
) -> list[dict]:
    """The last ``limit`` messages of one conversation within :data:`HISTORY_WINDOW`, oldest first.

    Each is ``{"who": "user"|"bot", "text"?, "buttons"?, "custom"?}``. A message sent again
    with Retry (stored twice, with no answer between) shows once, and a choice the resident
    clicked shows as the button's title, as it did on screen.

    :param sender_key: the conversation's id (``stormwater.inbound.sender_key``)
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
