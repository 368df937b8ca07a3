"""Staff correct a field of a report: audited, and a new discovery time recomputes the deadlines."""
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from stormwater.staff import audit
from stormwater.staff.corrections import correct_field
from stormwater.staff.ticket_changes import TicketChangeError
from stormwater.reports.ticket_store import get_ticket
from stormwater.law.villages import get_village

from .conftest import NOW, spill

LATER = NOW + timedelta(hours=1)
NY = ZoneInfo("America/New_York")


@pytest.fixture
def bayville():
    return get_village("bayville")


def test_a_corrected_material_is_stored_and_audited_with_the_value_before(db, users, bayville):
    ticket = spill(db)
    fixed = correct_field(db, ticket.reference, "material", "  antifreeze ", actor=users["bay"], village=bayville, now=LATER)
    assert fixed.fields["material"] == "antifreeze" and fixed.fields["amount"] == "a quart"
    assert fixed.updated_at == LATER
    [entry] = audit.entries(db, "ticket", ticket.reference)
    assert (entry.actor, entry.action) == (users["bay"].email, "correct")
    assert entry.before == {"field": "material", "value": "motor oil"}
    assert entry.after == {"field": "material", "value": "antifreeze"}


def test_a_corrected_location_changes_the_column_and_its_copy_and_the_search(db, users, bayville):
    ticket = spill(db, fields={"material": "oil", "location": "Main St"}, location="Main St")
    fixed = correct_field(db, ticket.reference, "location", "14 Shore Road", actor=users["bay"], village=bayville, now=LATER)
    assert fixed.location == "14 Shore Road" and fixed.fields["location"] == "14 Shore Road"
    hits = db.conn.execute("SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH '\"Shore\"'").fetchall()
    assert hits == [(ticket.id,)]


def test_a_new_discovery_time_recomputes_the_deadlines(db, users, bayville):
    # Filed Monday 2026-11-30: notice by Tuesday, letter by Friday.
    ticket = spill(db, discovered_at=datetime(2026, 11, 30, 9, 0, tzinfo=NY),
                   notify_by=date(2026, 12, 1), written_by=date(2026, 12, 4))
    # Actually found on Friday 2026-11-27 (the day after Thanksgiving): notice by Monday.
    found = datetime(2026, 11, 27, 18, 30, tzinfo=NY)
    fixed = correct_field(db, ticket.reference, "discovered_at", found, actor=users["bay"], village=bayville, now=LATER)
    assert fixed.discovered_at == found
    assert (fixed.notify_by, fixed.written_by) == (date(2026, 11, 30), date(2026, 12, 3))
    [entry] = audit.entries(db, "ticket", ticket.reference)
    assert entry.before["notify_by"] == "2026-12-01" and entry.after["notify_by"] == "2026-11-30"
    assert entry.after["written_by"] == "2026-12-03"


def test_a_report_without_deadlines_gets_none_from_a_new_discovery_time(db, users, bayville):
    ticket = spill(db, hazardous=True)
    fixed = correct_field(db, ticket.reference, "discovered_at", datetime(2026, 11, 29, 8, tzinfo=NY),
                          actor=users["bay"], village=bayville, now=LATER)
    assert fixed.notify_by is None and fixed.written_by is None


def test_nothing_is_written_when_the_value_is_the_same(db, users, bayville):
    ticket = spill(db)
    correct_field(db, ticket.reference, "amount", "a quart", actor=users["bay"], village=bayville, now=LATER)
    assert audit.entries(db, "ticket", ticket.reference) == []
    assert get_ticket(db, ticket.reference).updated_at == NOW


@pytest.mark.parametrize("field, value, message", [
    ("status", "closed", "not a field"),
    ("sender_key", "x", "not a field"),
    ("material", "x" * 501, "at most 500"),
    ("discovered_at", "yesterday", "date and time"),
    ("discovered_at", NOW + timedelta(days=2), "future"),
    # Issue 29: dates back to year 1, and times inside the spring-forward hour, were accepted.
    ("discovered_at", datetime(1, 1, 1, 9, 0, tzinfo=timezone.utc), "years ago"),
    ("discovered_at", datetime(2019, 6, 1, 9, 0, tzinfo=ZoneInfo("America/New_York")), "years ago"),
    ("discovered_at", datetime(2026, 3, 8, 2, 30, tzinfo=ZoneInfo("America/New_York")), "does not exist"),
])
def test_bad_corrections_are_refused_and_nothing_changes(db, users, bayville, field, value, message):
    ticket = spill(db)
    with pytest.raises(TicketChangeError, match=message):
        correct_field(db, ticket.reference, field, value, actor=users["bay"], village=bayville, now=LATER)
    assert get_ticket(db, ticket.reference) == ticket
    assert audit.entries(db, "ticket", ticket.reference) == []


def test_another_villages_ticket_cannot_be_corrected(db, users, bayville):
    ticket = spill(db, village="poquott")
    with pytest.raises(LookupError):
        correct_field(db, ticket.reference, "material", "x", actor=users["bay"], village=bayville, now=LATER)
