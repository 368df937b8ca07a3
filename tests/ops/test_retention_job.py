"""The retention job: its setting, Rasa conversations left idle, and the command line."""
import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from ops import retention
from stormwater.staff import accounts
from stormwater.staff.workflow import change_status
from stormwater.store.database import connect, migrate
from stormwater.reports.ticket_store import file_ticket, get_ticket

NOW = datetime(2026, 11, 30, 15, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("raw, days", [(None, 730), ("", 730), ("0", 0), (" 90 ", 90)])
def test_the_period_comes_from_the_environment(raw, days):
    env = {} if raw is None else {"HELPDESK_RETENTION_DAYS": raw}
    assert retention.retention_days(env) == days


@pytest.mark.parametrize("raw", ["-1", "two years", "1.5"])
def test_a_bad_period_is_refused(raw):
    with pytest.raises(ValueError):
        retention.retention_days({"HELPDESK_RETENTION_DAYS": raw})


def _trackers(path, conversations):
    # The columns of Rasa 3.6's SQLTrackerStore table that the job reads.
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, sender_id TEXT NOT NULL, type_name TEXT NOT NULL,"
                 " timestamp FLOAT, intent_name TEXT, action_name TEXT, data TEXT)")
    for sender, days_ago in conversations:
        for extra in (5, 0):
            stamp = (NOW - timedelta(days=days_ago + extra)).timestamp()
            conn.execute("INSERT INTO events (sender_id, type_name, timestamp, data) VALUES (?, 'user', ?, '{}')",
                         [sender, stamp])
    conn.commit()
    conn.close()


def test_conversations_idle_longer_than_the_period_are_deleted_whole(tmp_path):
    path = tmp_path / "trackers.db"
    # "recent" began long ago but spoke yesterday: it is kept whole.
    _trackers(path, [("idle", 40), ("recent", 1), ("recent", 100)])

    assert retention.forget_old_conversations(path, 30, NOW) == 1

    conn = sqlite3.connect(path)
    left = conn.execute("SELECT sender_id, COUNT(*) FROM events GROUP BY sender_id").fetchall()
    assert left == [("recent", 4)]


def test_a_missing_tracker_store_is_not_an_error(tmp_path):
    assert retention.forget_old_conversations(tmp_path / "absent.db", 30, NOW) == 0
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    assert retention.forget_old_conversations(empty, 30, NOW) == 0


def _closed_ticket(path):
    db = connect(path)
    migrate(db)
    ticket = file_ticket(db, village="bayville", kind="spill", channel="sms", hazardous=False,
                         reporter_name="Pat Zebulonski", reporter_phone="516-555-0199", sender_key="k",
                         now=NOW - timedelta(days=100))
    admin = accounts.create_user(db, email="admin@county.example", password="correct horse battery staple",
                                 name="Admin", village=None, admin=True, known_villages=("bayville",), now=NOW)
    change_status(db, ticket.reference, "closed", actor=admin, reason="done", now=NOW - timedelta(days=60))
    db.close()
    return ticket.reference


def test_the_command_line_purges_both_stores_and_says_what_it_did(tmp_path, capsys):
    database, trackers = tmp_path / "helpdesk.db", tmp_path / "trackers.db"
    reference = _closed_ticket(database)
    _trackers(trackers, [("idle", 400)])

    retention.main(["--days", "30", "--database", str(database), "--trackers", str(trackers)])

    out = capsys.readouterr().out
    assert "personal data removed from 1 tickets" in out and "1 assistant conversations deleted" in out
    db = connect(database)
    assert get_ticket(db, reference).reporter_phone is None
    db.close()
    # Not in a free page, the search index or the write-ahead log either.
    for path in tmp_path.glob("*.db*"):
        raw = path.read_bytes().lower()
        assert b"555-0199" not in raw and b"zebulonski" not in raw, path.name


def test_zero_days_keeps_everything(tmp_path):
    database = tmp_path / "helpdesk.db"
    reference = _closed_ticket(database)

    assert "off" in retention.run(database, None, 0, NOW)

    db = connect(database)
    assert get_ticket(db, reference).reporter_phone == "516-555-0199"
    db.close()


def test_a_tracker_store_given_by_url_loses_its_idle_conversations_too(tmp_path):
    # The replicas' store is PostgreSQL (RASA_TRACKER_STORE_URL); the same SQL runs on any URL.
    path = tmp_path / "shared.db"
    _trackers(path, [("idle", 40), ("recent", 1), ("week", 7)])
    assert retention.forget_old_conversations_at(f"sqlite:///{path}", 30, NOW) == 1
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT DISTINCT sender_id FROM events ORDER BY sender_id").fetchall() == [("recent",), ("week",)]
    conn.close()
    summary = retention.run(tmp_path / "helpdesk.db", f"sqlite:///{path}", 5, NOW)
    assert "1 assistant conversations deleted" in summary  # "week" spoke 7 days ago
    assert retention.forget_old_conversations_at(f"sqlite:///{tmp_path / 'none.db'}", 30, NOW) == 0


def test_a_text_left_in_the_spool_is_moved_in_and_purged_too(tmp_path):
    # Issue 29: retention forgets spool files too (a spool nobody drained, e.g. the launcher down).
    from stormwater.store import spool

    database = tmp_path / "helpdesk.db"
    _closed_ticket(database)
    spool.append(database, "sms_messages", {
        "message_sid": "SM" + "a" * 32, "from_number": "+15165550199", "to_number": "+15165550100",
        "body": "Pat Zebulonski here", "num_media": 0, "media": "[]", "village": "bayville", "sender_key": None,
        "received_at": (NOW - timedelta(days=40)).isoformat(timespec="milliseconds"), "status": "held", "handled": 1,
        "reply": "Your name: Pat Zebulonski", "replied_at": None})
    assert spool.pending(database)

    retention.run(database, None, 30, now=NOW)

    assert not spool.pending(database)
    conn = sqlite3.connect(database)
    assert conn.execute("SELECT from_number, body, reply FROM sms_messages").fetchall() == [("", "", "")]
    conn.close()
    assert not any(b"zebulonski" in p.read_bytes().lower() for p in tmp_path.iterdir() if p.is_file())
