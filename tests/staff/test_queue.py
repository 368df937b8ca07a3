"""The queue: village scope, filters, search, sort and pages."""
from datetime import date, timedelta

import pytest

from stormwater.staff import queue
from stormwater.staff import ticket_changes as staff_tickets
from stormwater.staff.queue import FilterError, QueueFilter, fts_query, parse_filter
from stormwater.staff.workflow import change_status

from .conftest import NOW, VILLAGES, spill

TODAY = date(2026, 11, 30)


def refs(db, user, flt=QueueFilter(), **kwargs):
    return [i["reference"] for i in queue.search(db, user, flt, {}, TODAY, **kwargs).items]


@pytest.fixture
def mix(db, users):
    """Tickets of both villages, oldest first."""
    made = {
        "oil": spill(db, now=NOW - timedelta(days=5), location="Shore Road catch basin"),
        "septic": spill(db, kind="septic", now=NOW - timedelta(days=4), fields={"material": "sewage smell"}),
        "hazard": spill(db, hazardous=True, now=NOW - timedelta(days=3), location="Ransom Beach lot"),
        "pqt": spill(db, village="poquott", now=NOW - timedelta(days=2), location="Birchwood Lane"),
        "late": spill(db, now=NOW - timedelta(days=10), notify_by=date(2026, 11, 23), written_by=date(2026, 11, 27)),
        "done": spill(db, now=NOW - timedelta(days=1), kind="dye_test"),
    }
    change_status(db, made["done"].reference, "closed", actor=users["bay"], reason="test already done")
    return made


def test_staff_see_their_village_only_and_admins_all(db, users, mix):
    bay = set(refs(db, users["bay"]))
    assert mix["pqt"].reference not in bay and len(bay) == 5
    assert refs(db, users["pqt"]) == [mix["pqt"].reference]
    assert len(refs(db, users["admin"])) == 6
    with pytest.raises(PermissionError):
        queue.search(db, users["bay"], QueueFilter(village="poquott"), {}, TODAY)
    assert refs(db, users["admin"], QueueFilter(village="poquott")) == [mix["pqt"].reference]


def test_most_urgent_first_then_newest(db, users, mix):
    # A new hazardous report first, then overdue, then new (newest first), then the rest.
    assert refs(db, users["bay"]) == [
        mix["hazard"].reference, mix["late"].reference, mix["septic"].reference, mix["oil"].reference,
        mix["done"].reference,
    ]
    assert refs(db, users["bay"], QueueFilter(sort="newest"))[0] == mix["done"].reference
    assert refs(db, users["bay"], QueueFilter(sort="oldest"))[0] == mix["late"].reference


@pytest.mark.parametrize("flt, expected", [
    (QueueFilter(kind="septic"), ["septic"]),
    (QueueFilter(hazardous="yes"), ["hazard"]),
    (QueueFilter(status="closed"), ["done"]),
    (QueueFilter(status="open", sort="oldest"), ["late", "oil", "septic", "hazard"]),
    (QueueFilter(overdue="yes"), ["late"]),
    (QueueFilter(q="shore"), ["oil"]),
    (QueueFilter(q="ransom beach"), ["hazard"]),
    (QueueFilter(q="sewage"), ["septic"]),          # the structured answers are searched too
    (QueueFilter(q="nothing like this"), []),
])
def test_filters(db, users, mix, flt, expected):
    assert refs(db, users["bay"], flt) == [mix[name].reference for name in expected]


def test_search_finds_a_reference_and_note_text(db, users, mix):
    assert refs(db, users["bay"], QueueFilter(q=mix["oil"].reference.lower())) == [mix["oil"].reference]
    staff_tickets.add_note(db, mix["septic"].reference, "Board of Health 100% informed", actor=users["bay"], shared=False)
    assert refs(db, users["bay"], QueueFilter(q="100% informed")) == [mix["septic"].reference]
    # A typed % or _ is a character, not a LIKE wildcard ("h%lth" would match "Health").
    assert refs(db, users["bay"], QueueFilter(q="h%lth")) == []
    assert refs(db, users["bay"], QueueFilter(q="he_lth")) == []


@pytest.mark.parametrize("typed", ['"', 'oil OR', 'NEAR(a b)', '*', "'; DROP TABLE tickets; --", "^ - : ()", "shore*"])
def test_fts_syntax_typed_by_staff_is_searched_not_obeyed(db, users, mix, typed):
    refs(db, users["bay"], QueueFilter(q=typed))
    assert db.execute("SELECT count(*) FROM tickets").fetchone()[0] == 6


def test_fts_query_quotes_every_word():
    assert fts_query('oil "OR" spill') == '"oil"* "OR"* "spill"*'
    assert fts_query("  ") is None and fts_query("!!") is None


def test_pages(db, users):
    made = [spill(db, now=NOW - timedelta(minutes=i)) for i in range(7)]
    pages = [queue.search(db, users["bay"], QueueFilter(page=n, sort="newest"), {}, TODAY, per_page=3) for n in (1, 2, 3, 4)]
    assert [p.total for p in pages] == [7] * 4 and pages[0].pages == 3
    assert [i["reference"] for p in pages for i in p.items] == [t.reference for t in made]
    assert pages[3].items == []


def test_all_matching_ignores_pages(db, users, mix):
    items = queue.all_matching(db, users["bay"], QueueFilter(page=3), {}, TODAY)
    assert len(items) == 5


def test_parse_filter():
    assert parse_filter({}, VILLAGES) == QueueFilter()
    parsed = parse_filter({"village": "poquott", "kind": "spill", "status": "open", "hazardous": "no",
                           "overdue": "yes", "q": "  oil   spill ", "sort": "oldest", "page": "2", "assignee": "me"}, VILLAGES)
    assert parsed == QueueFilter("poquott", "spill", "open", "no", "yes", "me", "oil spill", "oldest", 2)
    assert parsed.params(page=1) == {"village": "poquott", "kind": "spill", "status": "open", "hazardous": "no",
                                     "overdue": "yes", "assignee": "me", "q": "oil spill", "sort": "oldest"}


@pytest.mark.parametrize("args", [
    {"village": "atlantis"}, {"kind": "flood"}, {"status": "deleted"}, {"hazardous": "maybe"},
    {"sort": "id; DROP TABLE tickets"}, {"page": "0"}, {"page": "-1"}, {"page": "two"}, {"page": "9" * 30},
    {"q": "x" * 201}, {"assignee": "3"},
])
def test_parse_filter_refuses_unknown_values(args):
    with pytest.raises(FilterError):
        parse_filter(args, VILLAGES)


def test_assignee_filter(db, users, mix):
    staff_tickets.assign(db, mix["oil"].reference, users["bay"].id, actor=users["bay"])
    assert refs(db, users["bay"], QueueFilter(assignee="me")) == [mix["oil"].reference]
    assert refs(db, users["bay2"], QueueFilter(assignee="me")) == []
    assert mix["oil"].reference not in refs(db, users["bay"], QueueFilter(assignee="none"))


def test_a_new_hazardous_report_tops_thirteen_overdue_ones_and_an_acknowledged_one_does_not(db, users):
    overdue = [spill(db, now=NOW - timedelta(days=20 - i), notify_by=date(2026, 11, 2), written_by=date(2026, 11, 5))
               for i in range(13)]
    seen = spill(db, hazardous=True, now=NOW - timedelta(hours=3))
    change_status(db, seen.reference, "acknowledged", actor=users["bay"])
    quiet = spill(db, now=NOW - timedelta(hours=2))
    change_status(db, quiet.reference, "investigating", actor=users["bay"])
    fresh = spill(db, now=NOW - timedelta(hours=1))
    hazards = [spill(db, hazardous=True, now=NOW - timedelta(minutes=m)) for m in (30, 10)]
    order = refs(db, users["bay"])
    assert order[:2] == [hazards[1].reference, hazards[0].reference]
    assert set(order[2:15]) == {t.reference for t in overdue}
    # Then the new one, then the open rest with the hazardous one before the quiet one.
    assert order[15:] == [fresh.reference, seen.reference, quiet.reference]


def test_the_queue_carries_what_was_released(db, users):
    ticket = spill(db, fields={"material": "motor oil", "amount": "a quart"}, location="Shore Road")
    [item] = queue.search(db, users["bay"], QueueFilter(), {}, TODAY).items
    assert (item["reference"], item["material"], item["location"], item["hazardous"]) == (
        ticket.reference, "motor oil", "Shore Road", False)


def test_new_since_the_clerk_last_looked(db, users):
    first = queue.look_at_queue(db, users["bay"], NOW)
    assert first.since is None and first.new_count == 0
    spill(db, now=NOW + timedelta(minutes=5))
    spill(db, now=NOW + timedelta(minutes=6), hazardous=True)
    spill(db, village="poquott", now=NOW + timedelta(minutes=7))
    later = NOW + timedelta(hours=1)
    look = queue.look_at_queue(db, users["bay"], later)
    assert look.since == NOW and look.new_count == 2  # Poquott's ticket is not theirs
    assert queue.look_at_queue(db, users["bay"], later + timedelta(minutes=1)).new_count == 0
    # Each person has their own last look; an admin counts every village.
    queue.look_at_queue(db, users["admin"], NOW)
    assert queue.look_at_queue(db, users["admin"], later).new_count == 3
