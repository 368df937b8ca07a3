"""The web layer's SQLite database: one connection per request, kept on ``flask.g``.

Connections and the schema come from :mod:`stormwater.store.database`, shared with the action
server (WAL, busy timeout, ``synchronous=FULL``, versioned migrations); what is stored in
the message tables goes through :mod:`stormwater.store.message_log`.
"""
from __future__ import annotations

from typing import Optional

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from stormwater.store import spool
from stormwater.store.database import connect, migrate


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
