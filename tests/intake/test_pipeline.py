"""The one intake, without Flask: any channel's message is stored first, limited, answered
or held for staff, and spooled when the database stays locked."""
import sqlite3

import pytest

from stormwater.store import spool
from stormwater.store import database as storage
from stormwater.intake.chat_channel import ChatChannel
from stormwater.intake.pipeline import (
    ANSWERED, LIMITED, SPOOLED, UNAVAILABLE, AssistantUnavailable, Conversation, receive,
)
from stormwater.intake.rate_limits import Limits
from stormwater.store.database import connect, migrate
from stormwater.law.villages import get_village


class Assistant:
    def __init__(self, replies=None, down=False):
        self.replies, self.down, self.sent = replies or [], down, []

    def send(self, sender, text, metadata):
        self.sent.append((sender, text, metadata))
        if self.down:
            raise AssistantUnavailable("connection refused")
        return self.replies


@pytest.fixture
def db(tmp_path):
    database = connect(tmp_path / "h.db")
    migrate(database)
    yield database
    database.close()


def _chat(text="can I hose my driveway?", sender="k" * 16):
    conversation = Conversation("web", "bayville", sender)
    return conversation, ChatChannel(conversation, text, get_village("bayville"))


def _rows(db):
    return [dict(r) for r in db.query("SELECT direction, text, delivered FROM chat_messages ORDER BY id")]


def test_an_answered_message_is_stored_before_the_assistant_and_its_replies_after(db, tmp_path):
    conversation, channel = _chat()
    assistant = Assistant([{"text": "Allowed.", "buttons": [{"title": "Yes", "payload": "/affirm"}, {"bad": 1}]}])
    outcome = receive(db, tmp_path / "h.db", conversation, channel, assistant, Limits())
    assert outcome.status == ANSWERED
    assert outcome.replies == [{"text": "Allowed.", "buttons": [{"title": "Yes", "payload": "/affirm"}]}]
    assert assistant.sent == [("k" * 16, "can I hose my driveway?", {"village": "bayville", "channel": "web"})]
    assert _rows(db) == [{"direction": "in", "text": "can I hose my driveway?", "delivered": 1},
                         {"direction": "out", "text": "Allowed.", "delivered": 1}]


def test_an_assistant_that_does_not_answer_leaves_the_message_for_staff(db, tmp_path):
    conversation, channel = _chat()
    outcome = receive(db, tmp_path / "h.db", conversation, channel, Assistant(down=True), Limits())
    assert (outcome.status, outcome.detail) == (UNAVAILABLE, "connection refused")
    assert _rows(db) == [{"direction": "in", "text": "can I hose my driveway?", "delivered": 0}]


def test_a_sender_over_the_limit_is_held_without_reaching_the_assistant(db, tmp_path):
    limits = Limits(per_sender=1, free_messages=1, window=3600)
    assistant = Assistant([{"text": "ok"}])
    statuses = []
    for i in range(3):
        conversation, channel = _chat(f"question {i}")
        statuses.append(receive(db, tmp_path / "h.db", conversation, channel, assistant, limits).status)
    assert statuses == [ANSWERED, LIMITED, LIMITED] and len(assistant.sent) == 1
    assert _rows(db)[-1] == {"direction": "in", "text": "question 2", "delivered": 0}


def test_a_locked_database_spools_the_message_and_nothing_reaches_the_assistant(db, tmp_path, monkeypatch):
    monkeypatch.setattr(storage, "BUSY_TIMEOUT_MS", 100)
    path = tmp_path / "h.db"
    locked_db = connect(path)
    blocker = sqlite3.connect(path)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        conversation, channel = _chat()
        assistant = Assistant([{"text": "ok"}])
        outcome = receive(locked_db, path, conversation, channel, assistant, Limits())
    finally:
        blocker.rollback()
        blocker.close()
    assert outcome.status == SPOOLED and assistant.sent == []
    assert spool.drain(db, path) == 1
    assert _rows(db) == [{"direction": "in", "text": "can I hose my driveway?", "delivered": 0}]
    locked_db.close()
