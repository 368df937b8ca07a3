"""Overdue flags with a fixed clock, and the queue's SQL saying the same as the Python."""
from datetime import date, timedelta

import pytest

from stormwater.staff import overdue, queue
from stormwater.staff import ticket_changes as staff_tickets
from stormwater.staff.queue import QueueFilter
from stormwater.staff.workflow import change_status
from stormwater.reports.ticket_store import get_ticket

from .conftest import spill

FOUND = date(2026, 11, 18)            # a Wednesday
NOTIFY_BY = date(2026, 11, 19)        # next business day
WRITTEN_BY = date(2026, 11, 24)       # three business days after the 19th


def deadlined(db, **overrides):
    return spill(db, notify_by=NOTIFY_BY, written_by=WRITTEN_BY, **overrides)


@pytest.mark.parametrize("today, notice, confirmation", [
    (date(2026, 11, 18), False, False),
    (NOTIFY_BY, False, False),                    # the last day is not overdue yet
    (date(2026, 11, 20), True, False),
    (WRITTEN_BY, True, False),
    # Past written_by with no notice recorded: only the notice is overdue. Whether a written
    # confirmation is owed depends on how the notice is given (not after a fax).
    (date(2026, 11, 25), True, False),
])
def test_flags_without_anything_recorded(db, today, notice, confirmation):
    ticket = deadlined(db)
    assert overdue.flags(ticket, today) == overdue.Overdue(notice, confirmation)


def test_a_recorded_notice_ends_the_notice_flag_and_moves_the_letter_deadline(db, users, bayville):
    ticket = deadlined(db)
    # Notice given late, on Monday the 23rd. Thursday the 26th is Thanksgiving, so the
    # three business days are the 24th, 25th and 27th.
    noted = staff_tickets.record_notice(db, ticket.reference, date(2026, 11, 23), actor=users["bay"],
                                        village=bayville, today=date(2026, 11, 23))
    assert noted.confirmation_due == date(2026, 11, 27)
    assert overdue.flags(noted, date(2026, 11, 27)) == overdue.Overdue(False, False)
    assert overdue.flags(noted, date(2026, 11, 30)) == overdue.Overdue(False, True)
    confirmed = staff_tickets.record_confirmation(db, ticket.reference, date(2026, 11, 30), actor=users["bay"],
                                                  today=date(2026, 11, 30))
    assert overdue.flags(confirmed, date(2027, 1, 1)) == overdue.Overdue(False, False)


def test_tickets_without_deadlines_and_finished_tickets_are_never_overdue(db, users):
    assert overdue.flags(spill(db, hazardous=True), date(2030, 1, 1)) == overdue.Overdue(False, False)
    ticket = deadlined(db)
    change_status(db, ticket.reference, "closed", actor=users["bay"], reason="reported to DEC instead")
    assert overdue.flags(get_ticket(db, ticket.reference), date(2030, 1, 1)) == overdue.Overdue(False, False)


def test_queue_sql_agrees_with_the_python_flags(db, users, bayville):
    tickets = [
        deadlined(db),
        deadlined(db, village="poquott"),
        spill(db),                                    # no deadlines
        spill(db, hazardous=True),
        deadlined(db),
        deadlined(db),
    ]
    staff_tickets.record_notice(db, tickets[4].reference, date(2026, 11, 19), actor=users["bay"], village=bayville,
                                today=date(2026, 11, 19))
    change_status(db, tickets[5].reference, "closed", actor=users["bay"], reason="duplicate")
    start = date(2026, 11, 17)
    for offset in range(14):
        today = start + timedelta(days=offset)
        page = queue.search(db, users["admin"], QueueFilter(), {"bayville": today, "poquott": today}, today)
        from_sql = {item["reference"]: (item["notice_overdue"], item["confirmation_overdue"]) for item in page.items}
        from_python = {
            t.reference: (lambda f: (f.notice, f.confirmation))(overdue.flags(get_ticket(db, t.reference), today))
            for t in tickets
        }
        assert from_sql == from_python, today
        only_overdue = queue.search(db, users["admin"], QueueFilter(overdue="yes"), {}, today)
        assert {i["reference"] for i in only_overdue.items} == {r for r, f in from_python.items() if any(f)}


def test_each_village_uses_its_own_today(db, users):
    bay, pqt = deadlined(db), deadlined(db, village="poquott")
    page = queue.search(db, users["admin"], QueueFilter(overdue="yes"),
                        {"bayville": date(2026, 11, 20), "poquott": NOTIFY_BY}, NOTIFY_BY)
    assert [i["reference"] for i in page.items] == [bay.reference]
    assert pqt.reference not in [i["reference"] for i in page.items]


# Issue 14 item 4: both texts ask for a written confirmation only of a notice given in person
# or by telephone ("Notifications in person or by telephone shall be confirmed by written notice").
def test_the_ordinances_confirm_only_in_person_or_telephone_notices(villages):
    for village in villages.values():
        text = " ".join(village.ordinance_text().split())
        assert "Notifications in person or by telephone shall be confirmed by written notice" in text
        assert "by facsimile" in text or "or facsimile" in text


@pytest.mark.parametrize("method, owed", [("telephone", True), ("in_person", True), ("fax", False)])
def test_a_written_confirmation_is_owed_only_after_an_in_person_or_telephone_notice(db, users, bayville, method, owed):
    ticket = deadlined(db)
    noted = staff_tickets.record_notice(db, ticket.reference, NOTIFY_BY, actor=users["bay"], village=bayville,
                                        today=NOTIFY_BY, method=method)
    assert noted.notice_method == method and noted.confirmation_required == owed
    assert noted.confirmation_due == (WRITTEN_BY if owed else None)
    assert overdue.flags(noted, date(2026, 12, 31)) == overdue.Overdue(False, owed)
    page = queue.search(db, users["admin"], QueueFilter(), {}, date(2026, 12, 31))
    [item] = [i for i in page.items if i["reference"] == ticket.reference]
    assert (item["notice_overdue"], item["confirmation_overdue"]) == (False, owed)
    assert item["confirmation_due"] == (WRITTEN_BY.isoformat() if owed else None)


def test_an_unknown_notice_method_is_refused(db, users, bayville):
    from stormwater.staff.ticket_changes import TicketChangeError

    with pytest.raises(TicketChangeError):
        staff_tickets.record_notice(db, deadlined(db).reference, NOTIFY_BY, actor=users["bay"], village=bayville,
                                    today=NOTIFY_BY, method="pigeon")
