"""The spool: inbound messages kept in a file while the database is locked, then moved in."""
import json
import sqlite3
import threading

import pytest

from stormwater.store import spool
from stormwater.store.database import connect, migrate


@pytest.fixture
def path(tmp_path):
    database = tmp_path / "helpdesk.db"
    db = connect(database)
    migrate(db)
    db.close()
    return database


def _chat(text):
    return {"created_at": "2026-11-30T15:00:00.000+00:00", "channel": "web", "village": "bayville",
            "sender_key": "k", "direction": "in", "text": text, "delivered": 0}


def _sms(sid):
    return {"message_sid": sid, "from_number": "+15165550199", "to_number": "+15165550100", "body": "oil",
            "village": "bayville", "sender_key": "k", "received_at": "2026-11-30T15:00:00.000+00:00",
            "status": "held", "handled": 0}


def test_spooled_rows_reach_their_tables_once_and_the_file_goes(path):
    spool.append(path, "chat_messages", _chat("spill on Main St"))
    spool.append(path, "sms_messages", _sms("SM1"))
    spool.append(path, "sms_messages", _sms("SM1"))  # Twilio's retry of the same text
    db = connect(path)

    assert spool.drain(db, path) == 2

    assert [r[0] for r in db.execute("SELECT text FROM chat_messages")] == ["spill on Main St"]
    assert [r[0] for r in db.execute("SELECT message_sid FROM sms_messages")] == ["SM1"]
    assert list(path.parent.glob("*.spool.jsonl*")) == []
    assert spool.drain(db, path) == 0


def test_a_text_already_stored_is_not_stored_again(path):
    db = connect(path)
    db.conn.execute("INSERT INTO sms_messages (message_sid, from_number, to_number, received_at) VALUES ('SM1', 'a', 'b', 'c')")
    db.conn.commit()
    spool.append(path, "sms_messages", _sms("SM1"))
    assert spool.drain(db, path) == 0
    assert db.execute("SELECT COUNT(*) FROM sms_messages").fetchone()[0] == 1


def test_while_the_database_stays_locked_the_rows_stay_spooled(path):
    spool.append(path, "chat_messages", _chat("first"))
    blocker = sqlite3.connect(path)
    blocker.execute("BEGIN IMMEDIATE")
    db = connect(path)
    db.conn.execute("PRAGMA busy_timeout = 50")
    try:
        assert spool.drain(db, path) == 0
    finally:
        blocker.rollback()
        blocker.close()
    spool.append(path, "chat_messages", _chat("second"))  # arrives while the first is claimed

    assert spool.drain(db, path) == 2
    assert sorted(r[0] for r in db.execute("SELECT text FROM chat_messages")) == ["first", "second"]


def test_a_line_cut_short_by_a_crash_is_skipped_and_the_rest_kept(path):
    spool.append(path, "chat_messages", _chat("whole"))
    with spool.spool_file(path).open("a", encoding="utf-8") as fh:
        fh.write('{"table": "chat_messages", "row": {"text": "cut')
    assert spool.drain(connect(path), path) == 1


@pytest.mark.parametrize("table, row", [("tickets", {"reference": "X"}), ("chat_messages", {"text": "x", "evil": 1})])
def test_only_known_tables_and_columns_are_taken(path, table, row):
    with pytest.raises(ValueError):
        spool.append(path, table, row)
    assert not spool.spool_file(path).exists()


def test_appends_from_many_threads_never_interleave(path):
    def write(n):
        for i in range(50):
            spool.append(path, "chat_messages", _chat(f"{n}-{i}-" + "x" * 3000))

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lines = spool.spool_file(path).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 200 and all(json.loads(line)["table"] == "chat_messages" for line in lines)


def test_lock_errors_are_recognised():
    assert spool.is_locked(sqlite3.OperationalError("database is locked"))
    assert not spool.is_locked(sqlite3.OperationalError("no such table: x"))
    assert not spool.is_locked(ValueError("locked"))
