"""Schema migrations 1 to 5 of the help desk's database (tickets, web chat, letter tokens, SMS,
the staff desk). Shipped: never edit them; :mod:`stormwater.store.migrations` lists them in order.
"""
from __future__ import annotations

import sqlite3
from typing import List


def _run(conn: sqlite3.Connection, statements: List[str]) -> None:
    for statement in statements:
        conn.execute(statement)


def _m001_tickets(conn: sqlite3.Connection) -> None:
    _run(
        conn,
        [
            """
            CREATE TABLE tickets (
                id INTEGER PRIMARY KEY,
                reference TEXT NOT NULL,              -- what the resident quotes, e.g. BAY-7K3Q9P
                village TEXT NOT NULL,                -- village slug
                kind TEXT NOT NULL CHECK (kind IN ('spill', 'illicit_discharge', 'septic', 'dye_test', 'handoff')),
                status TEXT NOT NULL DEFAULT 'new',
                channel TEXT NOT NULL,                -- 'web', 'sms', ...
                created_at TEXT NOT NULL,             -- ISO 8601, UTC
                updated_at TEXT NOT NULL,             -- ISO 8601, UTC
                hazardous INTEGER NOT NULL DEFAULT 0 CHECK (hazardous IN (0, 1)),
                discovered_at TEXT,                   -- ISO 8601, as the resident gave it
                notify_by TEXT,                       -- YYYY-MM-DD; NULL unless a nonhazardous spill
                written_by TEXT,                      -- YYYY-MM-DD
                sender_key TEXT,                      -- stormwater.intake.inbound.sender_key of the reporter
                reporter_name TEXT,
                reporter_phone TEXT,
                reporter_email TEXT,
                location TEXT,
                fields TEXT NOT NULL DEFAULT '{}',    -- JSON object: the structured answers
                transcript TEXT NOT NULL DEFAULT '[]' -- JSON array: the conversation
            )
            """,
            "CREATE UNIQUE INDEX tickets_reference ON tickets (reference)",
            "CREATE INDEX tickets_by_village_status ON tickets (village, status, id)",
            "CREATE INDEX tickets_by_sender ON tickets (sender_key)",
            """
            CREATE TABLE ticket_notes (
                id INTEGER PRIMARY KEY,
                ticket_reference TEXT NOT NULL REFERENCES tickets (reference) ON DELETE CASCADE,
                created_at TEXT NOT NULL,             -- ISO 8601, UTC
                author TEXT NOT NULL,
                body TEXT NOT NULL,
                shared INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1))  -- 1: the reporter may read it
            )
            """,
            "CREATE INDEX ticket_notes_by_ticket ON ticket_notes (ticket_reference, id)",
        ],
    )


def _m002_chat_messages(conn: sqlite3.Connection) -> None:
    _run(
        conn,
        [
            """
            CREATE TABLE IF NOT EXISTS chat_messages (
                id INTEGER PRIMARY KEY,
                created_at TEXT NOT NULL,               -- ISO 8601, UTC
                channel TEXT NOT NULL,                  -- 'web', later 'sms'
                village TEXT,                           -- slug, NULL while the bot does not know it
                sender_key TEXT NOT NULL,               -- the id Rasa saw (stormwater.intake.inbound.sender_key)
                direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
                text TEXT NOT NULL,
                delivered INTEGER NOT NULL DEFAULT 0 CHECK (delivered IN (0, 1)),
                custom TEXT                             -- JSON: a reply's buttons/custom/image, or NULL
            )
            """,
            "CREATE INDEX IF NOT EXISTS chat_messages_by_sender ON chat_messages (sender_key, id)",
            "CREATE INDEX IF NOT EXISTS chat_messages_undelivered ON chat_messages (delivered, direction)",
        ],
    )


def _m003_letter_tokens(conn: sqlite3.Connection) -> None:
    # The printable confirmation letter is reached by an unguessable token, not the
    # reference a resident may read out on the phone.
    _run(
        conn,
        [
            "ALTER TABLE tickets ADD COLUMN letter_token TEXT",
            "CREATE UNIQUE INDEX tickets_letter_token ON tickets (letter_token)",
        ],
    )


def _m004_sms_messages(conn: sqlite3.Connection) -> None:
    # Every text Twilio delivers, stored before anything else happens to it. MessageSid is
    # unique so a retried webhook is answered from the row instead of reaching Rasa twice.
    _run(
        conn,
        [
            """
            CREATE TABLE sms_messages (
                id INTEGER PRIMARY KEY,
                message_sid TEXT NOT NULL,            -- Twilio's MessageSid
                from_number TEXT NOT NULL,            -- the resident's number, as Twilio sent it
                to_number TEXT NOT NULL,              -- the help-desk number it was sent to
                body TEXT NOT NULL DEFAULT '',        -- as received (uncleaned)
                num_media INTEGER NOT NULL DEFAULT 0,
                media TEXT NOT NULL DEFAULT '[]',     -- JSON array of {"url", "content_type"}
                village TEXT,                         -- slug from to_number; NULL: unknown number
                sender_key TEXT,                      -- the id Rasa saw (stormwater.intake.inbound.sender_key)
                received_at TEXT NOT NULL,            -- ISO 8601, UTC
                status TEXT NOT NULL DEFAULT 'received'
                    CHECK (status IN ('received', 'answered', 'held', 'unknown_number', 'keyword')),
                handled INTEGER NOT NULL DEFAULT 0 CHECK (handled IN (0, 1)),  -- 0: in the staff inbox
                reply TEXT,                           -- what the resident was sent back (NULL: nothing yet)
                replied_at TEXT                       -- ISO 8601, UTC
            )
            """,
            "CREATE UNIQUE INDEX sms_messages_sid ON sms_messages (message_sid)",
            "CREATE INDEX sms_messages_inbox ON sms_messages (handled, village, id)",
            "CREATE INDEX sms_messages_by_sender ON sms_messages (sender_key, id)",
            """
            CREATE TABLE sms_conversations (
                sender_key TEXT PRIMARY KEY,          -- one SMS conversation (number + village)
                buttons TEXT NOT NULL DEFAULT '[]',   -- JSON: the last reply's [{"title", "payload"}]
                updated_at TEXT NOT NULL              -- ISO 8601, UTC
            )
            """,
        ],
    )


def _m005_staff_desk(conn: sqlite3.Connection) -> None:
    # The staff desk: accounts, the sign-in lock-out, and what staff record on a ticket.
    _run(
        conn,
        [
            """
            CREATE TABLE staff_users (
                id INTEGER PRIMARY KEY,
                email TEXT NOT NULL,                  -- the login, lower case
                name TEXT NOT NULL,
                role TEXT NOT NULL CHECK (role IN ('staff', 'admin')),
                village TEXT,                         -- slug; NULL only for an admin (all villages)
                password_hash TEXT NOT NULL,          -- werkzeug.security (scrypt)
                session_token TEXT NOT NULL,          -- changes on password change and sign-out
                active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
                created_at TEXT NOT NULL,             -- ISO 8601, UTC
                last_login_at TEXT,                   -- ISO 8601, UTC
                CHECK (role = 'admin' OR village IS NOT NULL)
            )
            """,
            "CREATE UNIQUE INDEX staff_users_email ON staff_users (email)",
            """
            CREATE TABLE staff_login_failures (
                email TEXT PRIMARY KEY,               -- as typed, lower case: known or not
                failures INTEGER NOT NULL,
                first_failed_at TEXT NOT NULL,        -- ISO 8601, UTC: the window starts here
                locked_until TEXT                     -- ISO 8601, UTC
            )
            """,
            "ALTER TABLE tickets ADD COLUMN assignee_id INTEGER REFERENCES staff_users (id)",
            "ALTER TABLE tickets ADD COLUMN notice_received_on TEXT",        # YYYY-MM-DD
            "ALTER TABLE tickets ADD COLUMN confirmation_due_on TEXT",       # YYYY-MM-DD, from the notice
            "ALTER TABLE tickets ADD COLUMN confirmation_received_on TEXT",  # YYYY-MM-DD
            "ALTER TABLE tickets ADD COLUMN closed_at TEXT",                 # ISO 8601, UTC
            "ALTER TABLE tickets ADD COLUMN close_reason TEXT",
            "CREATE INDEX tickets_by_created ON tickets (created_at)",
            "ALTER TABLE sms_messages ADD COLUMN handled_at TEXT",           # ISO 8601, UTC
            "ALTER TABLE sms_messages ADD COLUMN handled_by INTEGER REFERENCES staff_users (id)",
        ],
    )
