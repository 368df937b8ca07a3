"""The per-request SQLite connection, its pragmas, and the init-db command."""
import sqlite3

import pytest

from stormwater.store.message_log import mark_delivered, record_message
from web.request_db import get_db, init_db


def test_pragmas(app):
    with app.app_context():
        db = get_db()
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
        assert get_db() is db


def test_connection_closed_after_app_context(app):
    with app.app_context():
        db = get_db()
    with pytest.raises(sqlite3.ProgrammingError):
        db.execute("SELECT 1")


def test_init_db_is_idempotent_and_keeps_data(app):
    with app.app_context():
        record_message(get_db(), channel="web", village=None, sender_key="k", direction="in", text="hi", delivered=False)
    init_db(app.config["DATABASE"])
    init_db(app.config["DATABASE"])
    with app.app_context():
        assert get_db()["chat_messages"].count == 1


def test_init_db_command(runner, app):
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0
    assert "Initialized" in result.output
    conn = sqlite3.connect(app.config["DATABASE"])
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'chat_messages'").fetchone()
    conn.close()


def test_record_and_mark_delivered_commit(app):
    with app.app_context():
        db = get_db()
        first = record_message(db, channel="web", village="bayville", sender_key="k", direction="in", text="x", delivered=False)
        second = record_message(
            db, channel="web", village="bayville", sender_key="k", direction="out", text="y",
            delivered=True, custom={"buttons": [{"title": "Oui", "payload": "oui"}]},
        )
        assert second == first + 1
        mark_delivered(db, first, True)
        assert not db.conn.in_transaction
    # Another connection (another process, say) sees both, committed.
    conn = sqlite3.connect(app.config["DATABASE"])
    assert conn.execute("SELECT id, delivered, custom FROM chat_messages ORDER BY id").fetchall() == [
        (first, 1, None),
        (second, 1, '{"buttons": [{"title": "Oui", "payload": "oui"}]}'),
    ]
    conn.close()


def test_direction_is_checked(app):
    with app.app_context():
        with pytest.raises(sqlite3.IntegrityError):
            record_message(get_db(), channel="web", village=None, sender_key="k", direction="sideways", text="x", delivered=False)


def test_an_answer_is_stored_whole_or_not_at_all(app):
    """The delivered mark and the replies are one transaction: a reply that cannot be stored
    leaves the inbound message unanswered (for staff), not half answered."""
    from stormwater.store.message_log import chat_row, record_answer

    def reply(direction):
        return chat_row(channel="web", village="bayville", sender_key="k", direction=direction, text="r", delivered=True)

    with app.app_context():
        db = get_db()
        inbound = record_message(db, channel="web", village="bayville", sender_key="k", direction="in", text="x", delivered=False)
        with pytest.raises(sqlite3.IntegrityError):
            record_answer(db, inbound, [reply("out"), reply("sideways")])
        assert not db.conn.in_transaction
        assert db.execute("SELECT COUNT(*), MAX(delivered) FROM chat_messages").fetchone() == (1, 0)
        ids = record_answer(db, inbound, [reply("out"), reply("out")])
        assert ids == [inbound + 1, inbound + 2]  # the failed attempt left no row behind
    conn = sqlite3.connect(app.config["DATABASE"])
    assert conn.execute("SELECT id, direction, delivered FROM chat_messages ORDER BY id").fetchall() == [
        (inbound, "in", 1), (inbound + 1, "out", 1), (inbound + 2, "out", 1),
    ]
    conn.close()
