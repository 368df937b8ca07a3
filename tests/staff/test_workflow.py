"""The status workflow and the audit log: every move, its entry, and what cannot happen."""
import sqlite3
from datetime import timedelta
from itertools import product

import pytest

from stormwater.staff import audit, workflow
from stormwater.staff import ticket_changes as staff_tickets
from stormwater.staff.ticket_changes import TicketChangeError
from stormwater.staff.workflow import MOVES, STATUSES, change_status
from stormwater.reports.ticket_store import get_ticket, status_for

from .conftest import NOW, spill

ALLOWED = sorted((a, b) for a, targets in MOVES.items() for b in targets)
FORBIDDEN = sorted((a, b) for a, b in product(STATUSES, STATUSES) if (a, b) not in ALLOWED)
LATER = NOW + timedelta(hours=2)


def put_in(db, ticket, status):
    """Bring ``ticket`` to ``status`` by direct SQL (the path there is tested separately)."""
    db.execute("UPDATE tickets SET status = ? WHERE id = ?", [status, ticket.id])
    db.conn.commit()


def test_the_moves_are_the_ones_staff_asked_for():
    assert ALLOWED == sorted([
        ("new", "acknowledged"), ("new", "investigating"), ("new", "resolved"), ("new", "closed"),
        ("acknowledged", "investigating"), ("acknowledged", "resolved"), ("acknowledged", "closed"),
        ("investigating", "resolved"), ("investigating", "closed"),
        ("resolved", "investigating"), ("closed", "investigating"),
    ])


@pytest.mark.parametrize("start, target", ALLOWED)
def test_every_allowed_move_is_made_and_audited(db, users, start, target):
    ticket = spill(db)
    put_in(db, ticket, start)
    moved = change_status(db, ticket.reference, target, actor=users["bay"], expected=start,
                          reason="duplicate of an earlier report" if target == "closed" else None, now=LATER)
    assert moved.status == target
    assert moved.updated_at == LATER
    [entry] = audit.entries(db, "ticket", ticket.reference)
    assert (entry.actor, entry.action, entry.at) == (users["bay"].email, "status", LATER)
    assert entry.before["status"] == start and entry.after["status"] == target
    if target in ("resolved", "closed"):
        assert moved.closed_at == LATER
    else:
        assert moved.closed_at is None and moved.close_reason is None
    assert moved.close_reason == ("duplicate of an earlier report" if target == "closed" else None)


@pytest.mark.parametrize("start, target", FORBIDDEN)
def test_every_other_move_is_refused_and_nothing_is_written(db, users, start, target):
    ticket = spill(db)
    put_in(db, ticket, start)
    with pytest.raises(TicketChangeError):
        change_status(db, ticket.reference, target, actor=users["bay"], reason="because", now=LATER)
    assert get_ticket(db, ticket.reference).status == start
    assert audit.entries(db, "ticket", ticket.reference) == []


def test_the_whole_path_to_resolved(db, users):
    ticket = spill(db)
    for status in ("acknowledged", "investigating", "resolved"):
        change_status(db, ticket.reference, status, actor=users["bay"], now=LATER)
    history = [(e.before["status"], e.after["status"]) for e in audit.entries(db, "ticket", ticket.reference)]
    assert history == [("new", "acknowledged"), ("acknowledged", "investigating"), ("investigating", "resolved")]


@pytest.mark.parametrize("reason", [None, "", "   "])
def test_closing_needs_a_reason(db, users, reason):
    ticket = spill(db)
    with pytest.raises(TicketChangeError, match="reason"):
        change_status(db, ticket.reference, "closed", actor=users["bay"], reason=reason)
    assert get_ticket(db, ticket.reference).status == "new"


def test_reopening_clears_the_close(db, users):
    ticket = spill(db)
    change_status(db, ticket.reference, "closed", actor=users["bay"], reason="not in the village", now=LATER)
    reopened = change_status(db, ticket.reference, "investigating", actor=users["bay2"], now=LATER)
    assert (reopened.status, reopened.closed_at, reopened.close_reason) == ("investigating", None, None)
    last = audit.entries(db, "ticket", ticket.reference)[-1]
    assert last.before == {"status": "closed", "close_reason": "not in the village"}
    assert last.actor == users["bay2"].email


def test_a_stale_form_changes_nothing(db, users):
    ticket = spill(db)
    change_status(db, ticket.reference, "acknowledged", actor=users["bay2"])
    with pytest.raises(TicketChangeError, match="reload"):
        change_status(db, ticket.reference, "closed", actor=users["bay"], expected="new", reason="dup")
    assert get_ticket(db, ticket.reference).status == "acknowledged"


def test_unknown_status_and_other_villages_are_refused(db, users):
    ticket = spill(db)
    with pytest.raises(TicketChangeError):
        change_status(db, ticket.reference, "deleted", actor=users["bay"])
    with pytest.raises(LookupError):
        change_status(db, ticket.reference, "acknowledged", actor=users["pqt"])
    with pytest.raises(LookupError):
        change_status(db, "BAY-2222222", "acknowledged", actor=users["admin"])
    assert change_status(db, ticket.reference, "acknowledged", actor=users["admin"]).status == "acknowledged"


def test_a_change_and_its_audit_entry_commit_together(db, users, monkeypatch):
    ticket = spill(db)

    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(audit, "record", broken)
    with pytest.raises(sqlite3.OperationalError):
        change_status(db, ticket.reference, "acknowledged", actor=users["bay"])
    with pytest.raises(sqlite3.OperationalError):
        staff_tickets.add_note(db, ticket.reference, "lost?", actor=users["bay"], shared=True)
    assert get_ticket(db, ticket.reference).status == "new"
    assert db.execute("SELECT count(*) FROM ticket_notes").fetchone()[0] == 0


def test_the_audit_log_cannot_be_edited_or_deleted(db, users):
    ticket = spill(db)
    change_status(db, ticket.reference, "acknowledged", actor=users["bay"])
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE audit_log SET actor = 'someone else'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM audit_log")
    assert audit.entries(db, "ticket", ticket.reference)[0].actor == users["bay"].email


def test_notes_internal_and_shared(db, users):
    ticket = spill(db)
    staff_tickets.add_note(db, ticket.reference, "Called the reporter, no answer.", actor=users["bay"], shared=False, now=NOW)
    staff_tickets.add_note(db, ticket.reference, "Crew sent to clean the drain.", actor=users["bay"], shared=True,
                           now=NOW + timedelta(minutes=1))
    staff_tickets.add_note(db, ticket.reference, "Internal again.", actor=users["bay"], shared=False,
                           now=NOW + timedelta(minutes=2))
    # The reporter's status lookup shows the latest shared note, never an internal one.
    assert status_for(db, ticket.reference, "reporter-key").shared_note == "Crew sent to clean the drain."
    entries = audit.entries(db, "ticket", ticket.reference)
    assert [(e.action, e.after["shared"], e.after["body"]) for e in entries] == [
        ("note", False, "Called the reporter, no answer."),
        ("note", True, "Crew sent to clean the drain."),
        ("note", False, "Internal again."),
    ]
    for body in ("", "   ", "x" * (staff_tickets.MAX_NOTE_CHARS + 1)):
        with pytest.raises(TicketChangeError):
            staff_tickets.add_note(db, ticket.reference, body, actor=users["bay"], shared=False)
    with pytest.raises(LookupError):
        staff_tickets.add_note(db, ticket.reference, "peek", actor=users["pqt"], shared=True)


def test_assignment(db, users):
    ticket = spill(db)
    assigned = staff_tickets.assign(db, ticket.reference, users["bay2"].id, actor=users["bay"], now=LATER)
    assert assigned.assignee_id == users["bay2"].id
    staff_tickets.assign(db, ticket.reference, users["admin"].id, actor=users["bay"])
    with pytest.raises(TicketChangeError):
        staff_tickets.assign(db, ticket.reference, users["pqt"].id, actor=users["bay"])
    with pytest.raises(TicketChangeError):
        staff_tickets.assign(db, ticket.reference, 9999, actor=users["bay"])
    staff_tickets.assign(db, ticket.reference, None, actor=users["bay"])
    assert get_ticket(db, ticket.reference).assignee_id is None
    changes = [(e.before["assignee_id"], e.after["assignee_id"]) for e in audit.entries(db, "ticket", ticket.reference)]
    assert changes == [(None, users["bay2"].id), (users["bay2"].id, users["admin"].id), (users["admin"].id, None)]


def test_notice_and_confirmation_dates(db, users, bayville):
    # Found Wednesday 2026-11-18: notice due Thursday 19th.
    ticket = spill(db, notify_by=NOW.date().replace(day=19), written_by=NOW.date().replace(day=24))
    today = NOW.date()
    # Notice on Friday 20th: confirmation due three business days later, Wednesday 25th.
    noted = staff_tickets.record_notice(db, ticket.reference, today.replace(day=20), actor=users["bay"],
                                        village=bayville, today=today, now=NOW)
    assert noted.notice_received_on == today.replace(day=20)
    assert noted.confirmation_due == today.replace(day=25)
    confirmed = staff_tickets.record_confirmation(db, ticket.reference, today.replace(day=24), actor=users["bay"],
                                                  today=today, now=NOW)
    assert confirmed.confirmation_received_on == today.replace(day=24)
    with pytest.raises(TicketChangeError, match="future"):
        staff_tickets.record_confirmation(db, ticket.reference, today + timedelta(days=1), actor=users["bay"], today=today)
    cleared = staff_tickets.record_notice(db, ticket.reference, None, actor=users["bay"], village=bayville, today=today)
    assert cleared.notice_received_on is None and cleared.confirmation_due == ticket.written_by
    actions = [(e.action, e.after) for e in audit.entries(db, "ticket", ticket.reference)]
    assert actions == [
        ("notice", {"notice_received_on": "2026-11-20", "notice_method": "telephone", "confirmation_due_on": "2026-11-25"}),
        ("confirmation", {"confirmation_received_on": "2026-11-24"}),
        ("notice", {"notice_received_on": None, "notice_method": None, "confirmation_due_on": None}),
    ]
    # Saving the same date again is not a change.
    staff_tickets.record_confirmation(db, ticket.reference, today.replace(day=24), actor=users["bay"], today=today)
    assert len(audit.entries(db, "ticket", ticket.reference)) == 3


def test_next_statuses_of_an_unknown_status_is_empty():
    assert workflow.next_statuses("archived") == frozenset()
