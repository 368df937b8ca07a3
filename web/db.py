"""The web layer's SQLite database: one connection per request, kept on ``flask.g``.

Connections and the schema come from :mod:`stormwater.storage`, shared with the action
server (WAL, busy timeout, ``synchronous=FULL``, versioned migrations).
"""
from __future__ import annotations

import json
from datetime import timedelta
from typing import Any, Optional

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from stormwater import spool
from stormwater.clock import iso, utc_now
from stormwater.storage import connect, migrate

RESENT_WINDOW = timedelta(hours=1)  # how far back a retried message's first try is looked for

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
    """Create the tables if they do not exist yet (safe to run any number of times), and
    move in what the spool kept while the database was locked.

    :param path: the SQLite file; its folder is created if missing
    """
    db = connect(path)
    try:
        migrate(db)
        if spool.pending(path):
            spool.drain(db, path)
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


def record_message(db: Database, **fields: Any) -> int:
    """Store one chat message (committed before returning) and give its id.

    :param fields: as for :func:`chat_row`
    """
    return insert_chat_row(db, chat_row(**fields))


def insert_chat_row(db: Database, row: dict) -> int:
    """Store a :func:`chat_row` (committed before returning) and give its id."""
    table = db["chat_messages"]
    table.insert(row)
    return int(table.last_pk)


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
    """A ``chat_messages`` row as stored (and as :mod:`stormwater.spool` keeps it)."""
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


def mark_delivered(db: Database, message_id: int, delivered: bool = True) -> None:
    """Record whether Rasa answered the stored inbound message ``message_id``."""
    with db.atomic():
        db.execute(
            "UPDATE chat_messages SET delivered = ? WHERE id = ?",
            [1 if delivered else 0, message_id],
        )
