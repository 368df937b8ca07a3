"""The web layer's SQLite database: one connection per request, kept on ``flask.g``.

Rasa's action server writes to SQLite from another process, so every connection uses WAL,
a busy timeout, and ``synchronous=FULL`` (a resident's message must survive a power cut).
"""
from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

BUSY_TIMEOUT_MS = 5000

SCHEMA = """
CREATE TABLE IF NOT EXISTS chat_messages (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,               -- ISO 8601, UTC
    channel TEXT NOT NULL,                  -- 'web', later 'sms'
    village TEXT,                           -- slug, NULL while the bot does not know it
    sender_key TEXT NOT NULL,               -- the id Rasa saw (stormwater.inbound.sender_key)
    direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
    text TEXT NOT NULL,
    delivered INTEGER NOT NULL DEFAULT 0 CHECK (delivered IN (0, 1)),
    custom TEXT                             -- JSON: a reply's buttons/custom/image, or NULL
);
CREATE INDEX IF NOT EXISTS chat_messages_by_sender ON chat_messages (sender_key, id);
CREATE INDEX IF NOT EXISTS chat_messages_undelivered ON chat_messages (delivered, direction);
"""


def connect(path: str) -> Database:
    """Open ``path`` with the pragmas every connection of this project needs.

    :param path: the SQLite file
    """
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000)
    db = Database(conn)
    # busy_timeout first, so switching to WAL waits for another process's lock.
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    return db


def get_db() -> Database:
    """This request's database connection (opened on first use)."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(exc: Optional[BaseException] = None) -> None:
    """Close this request's connection, if one was opened."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_db(path: str) -> None:
    """Create the tables if they do not exist yet (safe to run any number of times).

    :param path: the SQLite file; its folder is created if missing
    """
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    try:
        db.conn.executescript(SCHEMA)
    finally:
        db.close()


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the help desk's tables (idempotent)."""
    init_db(current_app.config["DATABASE"])
    click.echo(f"Initialized {current_app.config['DATABASE']}")


def init_app(app: Flask) -> None:
    """Create the schema now, close connections after each request, add ``flask init-db``."""
    init_db(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)


def utc_now() -> str:
    """The current time as an ISO 8601 UTC string, to the millisecond."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def record_message(
    db: Database,
    *,
    channel: str,
    village: Optional[str],
    sender_key: str,
    direction: str,
    text: str,
    delivered: bool,
    custom: Optional[dict] = None,
) -> int:
    """Store one chat message (committed before returning) and give its id.

    :param custom: a reply's non-text parts, stored as JSON
    """
    row: dict[str, Any] = {
        "created_at": utc_now(),
        "channel": channel,
        "village": village,
        "sender_key": sender_key,
        "direction": direction,
        "text": text,
        "delivered": 1 if delivered else 0,
        "custom": json.dumps(custom, ensure_ascii=False) if custom else None,
    }
    table = db["chat_messages"]
    table.insert(row)
    return int(table.last_pk)


def mark_delivered(db: Database, message_id: int, delivered: bool = True) -> None:
    """Record whether Rasa answered the stored inbound message ``message_id``."""
    with db.atomic():
        db.execute(
            "UPDATE chat_messages SET delivered = ? WHERE id = ?",
            [1 if delivered else 0, message_id],
        )
