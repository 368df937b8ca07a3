"""Retention: closed tickets' personal data removed after the period, with an audit entry."""
import json
from datetime import timedelta

import pytest

from stormwater.staff.purge import purge_personal_data
from stormwater.staff import audit
from stormwater.staff.workflow import change_status
from stormwater.reports.ticket_store import get_ticket

from .conftest import NOW, spill

DAYS = 30


def _close(db, ticket, actor, when, status="closed"):
    if status == "closed":
        change_status(db, ticket.reference, "closed", actor=actor, reason="cleaned up", now=when)
    else:
        for step in ("acknowledged", "investigating", "resolved"):
            change_status(db, ticket.reference, step, actor=actor, now=when)


def _sms(db, sid, sender_key, received_at, handled=1, status="answered"):
    db.execute(
        "INSERT INTO sms_messages (message_sid, from_number, to_number, body, media, village, sender_key,"
        " received_at, status, handled) VALUES (?, '+15165550199', '+15165550100', 'oil by the drain, Pat',"
        " '[{\"url\": \"https://api.twilio.com/x\"}]', 'bayville', ?, ?, ?, ?)",
        [sid, sender_key, received_at.isoformat(timespec="milliseconds"), status, handled],
    )


def _chat(db, sender_key, created_at, delivered=1, handled_at=None):
    db.execute(
        "INSERT INTO chat_messages (created_at, channel, village, sender_key, direction, text, delivered, handled_at)"
        " VALUES (?, 'web', 'bayville', ?, 'in', 'my number is 516 555 0199', ?, ?)",
        [created_at.isoformat(timespec="milliseconds"), sender_key, delivered, handled_at],
    )


def test_a_ticket_closed_longer_than_the_period_loses_its_personal_data(db, users):
    old = spill(db, now=NOW - timedelta(days=90), fields={"material": "motor oil", "reporter_name": "Pat Doe",
                                                          "reporter_phone": "(516) 555-0199"})
    _close(db, old, users["bay"], NOW - timedelta(days=DAYS + 1))
    db.conn.commit()

    result = purge_personal_data(db, days=DAYS, now=NOW)

    assert result.tickets == (old.reference,)
    kept = get_ticket(db, old.reference)
    assert (kept.reporter_name, kept.reporter_phone, kept.reporter_email, kept.sender_key) == (None, None, None, None)
    assert kept.transcript == []
    assert kept.fields == {"material": "motor oil"}
    assert kept.location == "12 Main Street drain" and kept.status == "closed" and kept.kind == "spill"
    raw = db.execute("SELECT * FROM tickets WHERE reference = ?", [old.reference]).fetchone()
    assert "555-0199" not in repr(raw) and "Pat Doe" not in repr(raw)
    assert db.execute("SELECT personal_data_removed_at FROM tickets").fetchone()[0].startswith("2026-11-30")


def test_the_purge_is_audited_without_the_values_removed(db, users):
    old = spill(db, now=NOW - timedelta(days=90))
    _close(db, old, users["bay"], NOW - timedelta(days=DAYS + 1), status="resolved")
    db.conn.commit()

    purge_personal_data(db, days=DAYS, now=NOW)

    entry = audit.entries(db, "ticket", old.reference)[-1]
    assert (entry.actor, entry.action) == ("retention", "personal_data_removed")
    assert set(entry.before["fields"]) == {"reporter_name", "reporter_phone", "sender_key", "transcript"}
    assert "Pat Doe" not in json.dumps([entry.before, entry.after])


@pytest.mark.parametrize("status_days", [("new", None), ("investigating", None), ("closed", DAYS - 1)])
def test_open_and_recently_closed_tickets_keep_everything(db, users, status_days):
    status, closed_days_ago = status_days
    ticket = spill(db, now=NOW - timedelta(days=400))
    if status == "investigating":
        change_status(db, ticket.reference, "acknowledged", actor=users["bay"], now=NOW - timedelta(days=399))
        change_status(db, ticket.reference, "investigating", actor=users["bay"], now=NOW - timedelta(days=399))
    elif status == "closed":
        _close(db, ticket, users["bay"], NOW - timedelta(days=closed_days_ago))
    db.conn.commit()

    assert purge_personal_data(db, days=DAYS, now=NOW).tickets == ()
    kept = get_ticket(db, ticket.reference)
    assert (kept.reporter_name, kept.reporter_phone) == ("Pat Doe", "(516) 555-0199")
    assert kept.transcript != []


def test_a_second_run_removes_nothing_more_and_audits_nothing_more(db, users):
    old = spill(db, now=NOW - timedelta(days=90))
    _close(db, old, users["bay"], NOW - timedelta(days=DAYS + 1))
    db.conn.commit()
    purge_personal_data(db, days=DAYS, now=NOW)
    count = db.execute("SELECT COUNT(*) FROM audit_log").fetchone()[0]

    again = purge_personal_data(db, days=DAYS, now=NOW + timedelta(days=1))

    assert (again.tickets, again.sms_messages, again.chat_messages) == ((), 0, 0)
    assert db.execute("SELECT COUNT(*) FROM audit_log").fetchone()[0] == count


def test_old_texts_lose_number_and_body_unless_waiting_for_staff_or_tied_to_a_kept_ticket(db, users):
    long_ago = NOW - timedelta(days=DAYS + 5)
    open_ticket = spill(db, now=long_ago, sender_key="open-key")
    _sms(db, "SM-old-answered", "someone-key", long_ago)
    _sms(db, "SM-old-waiting", "waiting-key", long_ago, handled=0, status="held")
    _sms(db, "SM-old-open-ticket", open_ticket.sender_key, long_ago)
    _sms(db, "SM-recent", "someone-key", NOW - timedelta(days=1))
    db.conn.commit()

    result = purge_personal_data(db, days=DAYS, now=NOW)

    assert result.sms_messages == 1
    rows = {r[0]: r[1:] for r in db.execute("SELECT message_sid, from_number, body, media, sender_key FROM sms_messages")}
    assert rows["SM-old-answered"] == ("", "", "[]", None)
    for kept in ("SM-old-waiting", "SM-old-open-ticket", "SM-recent"):
        assert rows[kept][0] == "+15165550199" and rows[kept][1] == "oil by the drain, Pat"
    entry = audit.entries(db, "messages", "retention")[-1]
    assert entry.after["sms_messages"] == 1


def test_old_chat_messages_are_deleted_unless_still_in_the_inbox_or_tied_to_a_kept_ticket(db, users):
    long_ago = NOW - timedelta(days=DAYS + 5)
    closed = spill(db, now=long_ago, sender_key="closed-key")
    _close(db, closed, users["bay"], long_ago)
    open_ticket = spill(db, now=long_ago, sender_key="open-key")
    _chat(db, "browser-1", long_ago)
    _chat(db, "browser-2", long_ago, delivered=0)
    _chat(db, "browser-3", long_ago, delivered=0, handled_at=long_ago.isoformat())
    _chat(db, closed.sender_key, long_ago)
    _chat(db, open_ticket.sender_key, long_ago)
    _chat(db, "browser-1", NOW)
    db.conn.commit()

    result = purge_personal_data(db, days=DAYS, now=NOW)

    assert result.chat_messages == 3
    left = sorted(r[0] for r in db.execute("SELECT sender_key FROM chat_messages"))
    assert left == ["browser-1", "browser-2", "open-key"]


def test_a_period_under_one_day_is_refused(db):
    with pytest.raises(ValueError):
        purge_personal_data(db, days=0, now=NOW)
