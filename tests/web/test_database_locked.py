"""A database locked past the busy timeout: the message is spooled, the resident told it was
saved, nothing reaches Rasa, and the spool moves it in once the database is free."""
import sqlite3

import pytest

from stormwater.store import spool
from stormwater.store import database as storage
from stormwater.store.database import connect
from web.request_db import init_db

from .test_sms import HOLDING, TOKEN, messages, params, signed_post


@pytest.fixture
def short_busy_timeout(monkeypatch):
    monkeypatch.setattr(storage, "BUSY_TIMEOUT_MS", 200)


@pytest.fixture
def locked(app):
    """Another writer holding the write lock until the test ends."""
    blocker = sqlite3.connect(app.config["DATABASE"])
    blocker.execute("BEGIN IMMEDIATE")
    yield
    blocker.rollback()
    blocker.close()


def _count(app, table, where="1"):
    db = connect(app.config["DATABASE"])
    try:
        return db.execute(f"SELECT COUNT(*) FROM {table} WHERE {where}").fetchone()[0]
    finally:
        db.close()


def _unlock_and_drain(app):
    db = connect(app.config["DATABASE"])
    try:
        return spool.drain(db, app.config["DATABASE"])
    finally:
        db.close()


@pytest.fixture
def app(make_app):
    return make_app(TWILIO_AUTH_TOKEN=TOKEN)


def test_a_chat_message_is_spooled_and_answered_with_emergency_guidance(app, fake_rasa, short_busy_timeout, locked):
    res = app.test_client().post("/api/chat", json={"sender": "browser-0001", "village": "bayville",
                                                    "message": "oil spill on Main St"})
    assert res.status_code == 503
    body = res.get_json()
    assert body["error"]["code"] == "assistant_unavailable"
    assert "911" in body["messages"][0]["text"] and "saved" in body["messages"][0]["text"]
    assert fake_rasa.received == []
    assert spool.pending(app.config["DATABASE"])


def test_a_spooled_chat_message_reaches_the_staff_inbox(app, fake_rasa, short_busy_timeout):
    blocker = sqlite3.connect(app.config["DATABASE"])
    blocker.execute("BEGIN IMMEDIATE")
    app.test_client().post("/api/chat", json={"sender": "browser-0001", "village": "bayville", "message": "oil spill"})
    blocker.rollback()
    blocker.close()

    assert _unlock_and_drain(app) == 1
    assert _count(app, "chat_messages", "text = 'oil spill' AND delivered = 0 AND direction = 'in'") == 1
    assert not spool.pending(app.config["DATABASE"])


def test_a_text_is_spooled_held_for_staff_and_answered_with_the_holding_reply(app, fake_rasa, short_busy_timeout):
    blocker = sqlite3.connect(app.config["DATABASE"])
    blocker.execute("BEGIN IMMEDIATE")
    sid = "SM" + "7" * 32
    form = params(body="oil in the drain", sid=sid)
    client = app.test_client()
    assert messages(signed_post(client, form)) == [HOLDING]
    assert messages(signed_post(client, form)) == [HOLDING]  # Twilio's retry, still locked
    blocker.rollback()
    blocker.close()

    assert fake_rasa.received == []
    assert _unlock_and_drain(app) == 1
    assert _count(app, "sms_messages", f"message_sid = '{sid}' AND status = 'held'"
                                       " AND handled = 0 AND body = 'oil in the drain'") == 1


def test_the_app_moves_the_spool_in_when_it_starts(app, fake_rasa, short_busy_timeout):
    spool.append(app.config["DATABASE"], "chat_messages", {
        "created_at": "2026-11-30T15:00:00.000+00:00", "channel": "web", "village": "poquott",
        "sender_key": "k", "direction": "in", "text": "left in the spool", "delivered": 0})
    init_db(app.config["DATABASE"])
    assert _count(app, "chat_messages", "text = 'left in the spool'") == 1
    assert not spool.pending(app.config["DATABASE"])
