"""The help desk's SQLite database: connections, transactions and schema migrations.

The Rasa action server files tickets while the Flask staff desk reads and updates them, from
two processes. So every connection uses WAL (readers never block the writer), a busy
timeout (a writer waits for the other instead of failing with "database is locked"),
``synchronous=FULL`` (a committed report survives a power cut), and foreign keys; and a
read-then-write goes in :func:`immediate`, which takes the write lock up front.
"""
from __future__ import annotations

import random
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, List, Tuple, Union

from sqlite_utils import Database

from stormwater.store.clock import iso
from stormwater.store.file_modes import create_private_file, private_folder

BUSY_TIMEOUT_MS = 5000


class StorageError(RuntimeError):
    """The database cannot be used safely (wrong journal mode, a schema newer than the code)."""


def connect(path: Union[str, Path]) -> Database:
    """Open the SQLite file at ``path`` with the pragmas the help desk relies on.

    One connection per process or thread: do not share it between threads.

    :param path: the SQLite file (its folder is created if missing), or ``":memory:"``
    :raises StorageError: if the file cannot be switched to WAL (e.g. a network drive)
    """
    memory = str(path) == ":memory:"
    if not memory:
        # Residents' data: readable by this user only (stormwater/store/file_modes.py).
        private_folder(Path(path).parent)
        create_private_file(path)
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000)
    db = Database(conn)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    try:
        mode = _use_wal(db)
    except BaseException:
        db.close()
        raise
    if not memory and mode != "wal":
        db.close()
        raise StorageError(f"{path}: journal_mode is {mode!r}, not WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    return db


def _use_wal(db: Database) -> str:
    """Switch the file to WAL (a lasting property of the file) and return the journal mode."""
    # Switching needs an exclusive lock, and when two processes open a new file at the same
    # moment SQLite reports "database is locked" at once instead of calling the busy
    # handler (each holds a shared lock the other waits on). So: skip it if the file is
    # already in WAL, and retry for up to the busy timeout if another process is switching.
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            mode = str(db.execute("PRAGMA journal_mode").fetchone()[0]).lower()
            if mode in ("wal", "memory"):
                return mode
            return str(db.execute("PRAGMA journal_mode = WAL").fetchone()[0]).lower()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(random.uniform(0.005, 0.05))


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """A transaction that holds the write lock from its start: ``BEGIN IMMEDIATE`` ... ``COMMIT``.

    Use it whenever you read and then write: a plain (deferred) transaction that reads first
    cannot always upgrade to a write lock while another process writes, and SQLite then
    fails at once with "database is locked" instead of waiting. On an exception the
    transaction is rolled back and the exception re-raised.

    Inside a transaction that is already open, the block runs as a savepoint of it (the
    outer transaction should itself be immediate).

    :param db: a connection from :func:`connect`
    """
    conn = db.conn
    if conn.in_transaction:
        with db.atomic():
            yield db
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    else:
        try:
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise


# ---------------------------------------------------------------------------------------
# Migrations. Each one is a function of the raw connection that runs inside the transaction
# that also records it, so a migration is applied completely or not at all. Statements are
# run one by one: sqlite3's executescript() would COMMIT first and break that guarantee.
# Append new migrations; never edit or reorder one that has shipped.


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
    # stormwater.store.purge: when a closed ticket's or a text's personal data were removed.
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
]




def applied_migrations(db: Database) -> List[int]:
    """The versions already applied to ``db``, in order (empty for a new database).

    :param db: a connection from :func:`connect`
    """
    if "schema_migrations" not in db.table_names():
        return []
    return [row[0] for row in db.execute("SELECT version FROM schema_migrations ORDER BY version")]


def migrate(db: Database) -> List[int]:
    """Bring the schema up to date; safe to run on every start, from several processes at once.

    :param db: a connection from :func:`connect`
    :return: the versions this call applied (empty if the schema was already current)
    :raises StorageError: if the database has a migration this code does not know (it was
      written by a newer version of the help desk)
    """
    versions = [version for version, _, _ in MIGRATIONS]
    if len(versions) != len(set(versions)):
        raise StorageError("MIGRATIONS must not repeat a version")
    applied: List[int] = []
    # One transaction holding the write lock: a second process starting at the same moment
    # waits here, then finds the migrations done.
    with immediate(db):
        conn = db.conn
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
        unknown = done - set(versions)
        if unknown:
            raise StorageError(f"the database has migrations {sorted(unknown)} this code does not know")
        # In version order, whatever order the list was appended in.
        for version, name, apply in sorted(MIGRATIONS, key=lambda m: m[0]):
            if version in done:
                continue
            apply(conn)
            conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (version, name, iso()),
            )
            applied.append(version)
    return applied
