"""Migrations 16 and 17 (issue 32): status check codes, staff replies shown in the web chat,
and the locations and photos a web-chat resident adds. Listed in :data:`stormwater.store.migrations.MIGRATIONS`."""
from __future__ import annotations

import sqlite3

from stormwater.store.migrations_v1_to_5 import _run


def _m016_status_checks_and_replies(conn: sqlite3.Connection) -> None:
    # Issue 32: a status check code for every new report (only its salted hash; see
    # stormwater/reports/status_checks.py), and when a note staff shared with the reporter was
    # shown in the web chat that filed the report (stormwater/dialogue/chat_replies.py).
    # Number 15 is issue 32's other half (the suspected source).
    _run(
        conn,
        [
            "ALTER TABLE tickets ADD COLUMN status_check_hash TEXT",
            "ALTER TABLE ticket_notes ADD COLUMN shown_in_chat_at TEXT",  # ISO 8601, UTC
        ],
    )


def _m017_chat_attachments(conn: sqlite3.Connection) -> None:
    # Issue 32: the location and photos a web-chat resident adds (stormwater/reports/
    # attachments.py), kept with the conversation until its report is filed, then with the
    # report. Photos are stored re-encoded, without EXIF (so without the camera's location).
    _run(
        conn,
        [
            """
            CREATE TABLE chat_attachments (
                id INTEGER PRIMARY KEY,
                sender_key TEXT NOT NULL,              -- the web chat's keyed sender id
                village TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('location', 'photo')),
                latitude REAL,
                longitude REAL,
                accuracy_m REAL,                       -- the browser's accuracy radius, metres
                content_type TEXT,
                body BLOB,                             -- the cleaned picture
                created_at TEXT NOT NULL,              -- ISO 8601, UTC
                ticket_reference TEXT REFERENCES tickets (reference) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX chat_attachments_by_sender ON chat_attachments (sender_key, ticket_reference)",
            "CREATE INDEX chat_attachments_by_ticket ON chat_attachments (ticket_reference)",
        ],
    )
