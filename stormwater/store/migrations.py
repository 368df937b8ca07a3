"""The help desk's schema migrations, in order (:data:`MIGRATIONS`), and migrations 6 onwards.

Each migration is a function of the raw connection that runs inside the transaction
that also records it, so a migration is applied completely or not at all. Statements are
run one by one: sqlite3's executescript() would COMMIT first and break that guarantee.
Append new migrations; never edit or reorder one that has shipped.
:func:`stormwater.store.database.migrate` applies them.
"""
from __future__ import annotations

import json
import sqlite3
from typing import Callable, List, Tuple

from stormwater.store.migrations_v1_to_5 import (
    _m001_tickets, _m002_chat_messages, _m003_letter_tokens, _m004_sms_messages, _m005_staff_desk, _run,
)
from stormwater.store.migrations_v16_to_17 import _m016_status_checks_and_replies, _m017_chat_attachments


# The ticket text staff search: the external-content FTS5 index follows the tickets table.
_FTS_COLUMNS = "reference, location, reporter_name, reporter_phone, reporter_email, fields, transcript"


def _m006_audit_log_and_search(conn: sqlite3.Connection) -> None:
    new_values = ", ".join(f"new.{c.strip()}" for c in _FTS_COLUMNS.split(","))
    old_values = ", ".join(f"old.{c.strip()}" for c in _FTS_COLUMNS.split(","))
    _run(
        conn,
        [
            """
            CREATE TABLE audit_log (
                id INTEGER PRIMARY KEY,
                at TEXT NOT NULL,                     -- ISO 8601, UTC
                actor_id INTEGER,                     -- staff_users.id; NULL for the command line
                actor TEXT NOT NULL,                  -- the login (or 'cli'), kept as it was
                entity TEXT NOT NULL,                 -- 'ticket', 'staff_user', 'sms_message'
                entity_key TEXT NOT NULL,             -- the ticket reference, user id or message id
                action TEXT NOT NULL,                 -- e.g. 'status', 'note', 'assign'
                before TEXT,                          -- JSON
                after TEXT                            -- JSON
            )
            """,
            "CREATE INDEX audit_log_by_entity ON audit_log (entity, entity_key, id)",
            # Append-only, whatever the code above it does.
            """
            CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
            BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END
            """,
            """
            CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
            BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END
            """,
            f"""
            CREATE VIRTUAL TABLE tickets_fts USING fts5(
                {_FTS_COLUMNS}, content='tickets', content_rowid='id'
            )
            """,
            f"""
            CREATE TRIGGER tickets_fts_insert AFTER INSERT ON tickets BEGIN
                INSERT INTO tickets_fts (rowid, {_FTS_COLUMNS}) VALUES (new.id, {new_values});
            END
            """,
            f"""
            CREATE TRIGGER tickets_fts_delete AFTER DELETE ON tickets BEGIN
                INSERT INTO tickets_fts (tickets_fts, rowid, {_FTS_COLUMNS}) VALUES ('delete', old.id, {old_values});
            END
            """,
            f"""
            CREATE TRIGGER tickets_fts_update AFTER UPDATE OF {_FTS_COLUMNS} ON tickets BEGIN
                INSERT INTO tickets_fts (tickets_fts, rowid, {_FTS_COLUMNS}) VALUES ('delete', old.id, {old_values});
                INSERT INTO tickets_fts (rowid, {_FTS_COLUMNS}) VALUES (new.id, {new_values});
            END
            """,
            "INSERT INTO tickets_fts (tickets_fts) VALUES ('rebuild')",
        ],
    )


def _m007_rate_limits(conn: sqlite3.Connection) -> None:
    # Token buckets of stormwater.intake.rate_limits, shared by every web thread and process and
    # kept across restarts. Times are Unix seconds (REAL): the limiter does arithmetic on them.
    _run(
        conn,
        [
            """
            CREATE TABLE rate_limit_buckets (
                key TEXT PRIMARY KEY,                 -- 'sender:<sender_key>' or 'ip:<keyed hash of the address>'
                tokens REAL NOT NULL,                 -- messages the key may still send now
                updated_at REAL NOT NULL,             -- Unix time of the last refill
                seen INTEGER NOT NULL DEFAULT 0,      -- messages counted since the row was made
                report_started_at REAL,               -- Unix time a report exemption started
                noticed_at REAL                       -- Unix time of the last "too many messages" notice
            )
            """,
            "CREATE INDEX rate_limit_buckets_idle ON rate_limit_buckets (updated_at)",
        ],
    )


def _m008_retention(conn: sqlite3.Connection) -> None:
    # stormwater.staff.purge: when a closed ticket's or a text's personal data were removed.
    _run(
        conn,
        [
            "ALTER TABLE tickets ADD COLUMN personal_data_removed_at TEXT",       # ISO 8601, UTC
            "ALTER TABLE sms_messages ADD COLUMN personal_data_removed_at TEXT",  # ISO 8601, UTC
        ],
    )


def _m009_chat_inbox(conn: sqlite3.Connection) -> None:
    # Web chat messages the assistant never saw (down, or rate limited) wait in the staff
    # inbox like held texts, until someone marks them handled.
    _run(
        conn,
        [
            "ALTER TABLE chat_messages ADD COLUMN handled_at TEXT",                                # ISO 8601, UTC
            "ALTER TABLE chat_messages ADD COLUMN handled_by INTEGER REFERENCES staff_users (id)",
        ],
    )


def _m010_queue_views(conn: sqlite3.Connection) -> None:
    # When each staff member last opened the queue ("N new since you last looked"), and what
    # an SMS answer held back until the resident replies MORE or LAW.
    _run(
        conn,
        [
            "ALTER TABLE sms_conversations ADD COLUMN details TEXT NOT NULL DEFAULT '{}'",  # JSON {"more", "law"}
            """
            CREATE TABLE staff_queue_views (
                user_id INTEGER PRIMARY KEY REFERENCES staff_users (id),
                seen_at TEXT NOT NULL                 -- ISO 8601, UTC
            )
            """,
        ],
    )


def _m011_notice_method(conn: sqlite3.Connection) -> None:
    # How the reporter's spill notice reached the village: the ordinances ask for a written
    # confirmation only of a notice given in person or by telephone, not of one by fax.
    # NULL on older rows, whose form recorded only "phone or in-person" notices.
    _run(
        conn,
        [
            "ALTER TABLE tickets ADD COLUMN notice_method TEXT CHECK (notice_method IN ('in_person', 'telephone', 'fax'))",
        ],
    )


def _m012_alerts_outbox(conn: sqlite3.Connection) -> None:
    # Alerts to staff and texts to reporters (stormwater/alerts/), each written in the same
    # transaction as the ticket change that causes it; dedupe_key makes a second write of the
    # same alert a no-op. Reporters' yes/no to update texts, and numbers that sent STOP.
    _run(
        conn,
        [
            """
            CREATE TABLE alert_outbox (
                id INTEGER PRIMARY KEY,
                dedupe_key TEXT NOT NULL UNIQUE,
                village TEXT NOT NULL,
                ticket_reference TEXT REFERENCES tickets (reference) ON DELETE CASCADE,  -- NULL: a digest
                purpose TEXT NOT NULL CHECK (purpose IN ('new_ticket', 'reporter_update', 'digest')),
                channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
                recipient TEXT NOT NULL,
                sender TEXT,                           -- the SMS number it is sent from
                subject TEXT,
                body TEXT NOT NULL,
                state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'held')),
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at TEXT NOT NULL,         -- ISO 8601, UTC
                last_error TEXT,
                provider_id TEXT,
                created_at TEXT NOT NULL,              -- ISO 8601, UTC
                sent_at TEXT
            )
            """,
            "CREATE INDEX alert_outbox_due ON alert_outbox (state, next_attempt_at)",
            "CREATE INDEX alert_outbox_ticket ON alert_outbox (ticket_reference)",
            """
            CREATE TABLE reporter_updates (
                ticket_reference TEXT PRIMARY KEY REFERENCES tickets (reference) ON DELETE CASCADE,
                phone TEXT NOT NULL,
                wanted INTEGER NOT NULL CHECK (wanted IN (0, 1)),
                decided_at TEXT NOT NULL               -- ISO 8601, UTC
            )
            """,
            """
            CREATE TABLE sms_opt_outs (
                phone TEXT PRIMARY KEY,
                opted_out_at TEXT NOT NULL,            -- ISO 8601, UTC
                source TEXT NOT NULL                   -- 'twilio_21610' or 'stop_keyword'
            )
            """,
        ],
    )


# The audit entries whose values are a reporter's contact details (staff corrections).
_CONTACT_FIELDS = ("reporter_name", "reporter_phone", "reporter_email")


def _m013_privacy(conn: sqlite3.Connection) -> None:
    # Issue 29. A correction of a reporter's name, phone or e-mail keeps its event in the
    # append-only audit log ("reporter_phone changed") and its values in audit_values, which
    # retention empties. Update texts go only to a number whose owner said yes from it:
    # confirmed_at (NULL: a confirmation text was sent, no YES came back yet).
    _run(
        conn,
        [
            """
            CREATE TABLE audit_values (
                audit_id INTEGER PRIMARY KEY REFERENCES audit_log (id),
                entity_key TEXT NOT NULL,              -- the ticket reference
                before TEXT,                           -- JSON
                after TEXT                             -- JSON
            )
            """,
            "CREATE INDEX audit_values_entity ON audit_values (entity_key)",
            "ALTER TABLE reporter_updates ADD COLUMN confirmed_at TEXT",
            # A yes given from the very number it names (a report by SMS from that number).
            """
            UPDATE reporter_updates SET confirmed_at = decided_at WHERE EXISTS (
                SELECT 1 FROM tickets t JOIN sms_messages s ON s.sender_key = t.sender_key
                WHERE t.reference = reporter_updates.ticket_reference AND s.from_number = reporter_updates.phone)
            """,
        ],
    )
    # Move the values of earlier contact corrections out of the audit log: the one time its
    # rows are rewritten, with the append-only triggers lifted inside this transaction.
    rows = conn.execute(
        "SELECT id, entity_key, before, after FROM audit_log WHERE entity = 'ticket' AND action = 'correct'"
        f" AND json_extract(before, '$.field') IN ({', '.join('?' for _ in _CONTACT_FIELDS)})",
        _CONTACT_FIELDS,
    ).fetchall()
    if not rows:
        return
    conn.execute("DROP TRIGGER audit_log_no_update")
    for audit_id, key, before, after in rows:
        conn.execute("INSERT INTO audit_values (audit_id, entity_key, before, after) VALUES (?, ?, ?, ?)",
                     [audit_id, key, json.dumps(json.loads(before).get("value")), json.dumps(json.loads(after).get("value"))])
        field = json.loads(before)["field"]
        conn.execute("UPDATE audit_log SET before = ?, after = ? WHERE id = ?",
                     [json.dumps({"field": field}), json.dumps({"field": field, "changed": True}), audit_id])
    conn.execute("CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log"
                 " BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END")


def _m014_open311_keys(conn: sqlite3.Connection) -> None:
    # Keys other civic systems post Open311 requests with (stormwater/staff/api_keys.py):
    # only a SHA-256 of each key is kept; one village each; a fixed window of posts.
    _run(
        conn,
        [
            """
            CREATE TABLE api_keys (
                id INTEGER PRIMARY KEY,
                village TEXT NOT NULL,
                label TEXT NOT NULL,                   -- who holds it, e.g. 'County CRM'
                key_hash TEXT NOT NULL UNIQUE,         -- hex SHA-256 of the key
                created_at TEXT NOT NULL,              -- ISO 8601, UTC
                created_by TEXT NOT NULL,
                revoked_at TEXT,
                window_start TEXT,                     -- the rate window's start, ISO 8601, UTC
                window_count INTEGER NOT NULL DEFAULT 0
            )
            """,
            # Reports posted on to a village's own Open311 back end (stormwater/alerts/
            # open311_forward.py): one row per ticket, written in the ticket's transaction, so a
            # report is queued once and filed there once.
            """
            CREATE TABLE open311_forwards (
                ticket_reference TEXT PRIMARY KEY REFERENCES tickets (reference) ON DELETE CASCADE,
                village TEXT NOT NULL,
                state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at TEXT NOT NULL,         -- ISO 8601, UTC
                last_error TEXT,
                remote_id TEXT,                        -- the back end's service_request_id
                remote_token TEXT,
                remote_status TEXT,                    -- 'open' or 'closed', as last read
                remote_status_notes TEXT,
                remote_updated_at TEXT,
                last_polled_at TEXT,                   -- ISO 8601, UTC
                created_at TEXT NOT NULL,
                sent_at TEXT
            )
            """,
            "CREATE INDEX open311_forwards_due ON open311_forwards (state, next_attempt_at)",
        ],
    )


def _m015_suspected_source(conn: sqlite3.Connection) -> None:
    # Who or what the reporter thinks is discharging, in the reporter's own words (issue 32):
    # "I think it's the contractor painting the hardware store" must not shrink to
    # "commercial: yes".
    _run(conn, ["ALTER TABLE tickets ADD COLUMN suspected_source TEXT"])


MIGRATIONS: List[Tuple[int, str, Callable[[sqlite3.Connection], None]]] = [
    (1, "tickets and ticket notes", _m001_tickets),
    (2, "web chat messages", _m002_chat_messages),
    (3, "letter tokens for tickets", _m003_letter_tokens),
    (4, "SMS messages and SMS conversations", _m004_sms_messages),
    (5, "staff accounts, sign-in lock-out, ticket handling fields", _m005_staff_desk),
    (6, "append-only audit log, ticket full-text search", _m006_audit_log_and_search),
    (7, "rate limit buckets", _m007_rate_limits),
    (8, "personal data removal times", _m008_retention),
    (9, "web chat messages in the staff inbox", _m009_chat_inbox),
    (10, "when staff last looked at the queue; SMS details on request", _m010_queue_views),
    (11, "how the spill notice was given", _m011_notice_method),
    (12, "alert outbox, reporter update texts, SMS opt-outs", _m012_alerts_outbox),
    (13, "contact corrections' values apart from the audit log; confirmed update numbers", _m013_privacy),
    (14, "Open311 API keys and reports forwarded to a village's back end", _m014_open311_keys),
    (15, "the suspected source of a reported discharge, in the reporter's words", _m015_suspected_source),
    (16, "status check codes; staff replies shown in the web chat", _m016_status_checks_and_replies),
    (17, "locations and photos added in the web chat", _m017_chat_attachments),
]
