"""Status anywhere (issue 32): the check code, the history in words, the limits on wrong
checks, and the public status page."""
import re
from datetime import timedelta

import pytest

from stormwater.intake import status_lookup
from stormwater.law.villages import get_village
from stormwater.reports.status_checks import check_matches, find_check, new_check
from stormwater.reports.ticket_store import get_ticket, record_note
from stormwater.staff.workflow import change_status

from .conftest import NOW, spill

BAYVILLE = get_village("bayville")


def test_a_check_code_is_four_digits_and_only_its_salted_hash_is_stored(db):
    ticket = spill(db)
    assert re.fullmatch(r"\d{4}", ticket.status_check)
    stored = db.conn.execute("SELECT status_check_hash FROM tickets WHERE id = ?", [ticket.id]).fetchone()[0]
    assert ticket.status_check not in stored and check_matches(stored, ticket.status_check)
    assert get_ticket(db, ticket.reference).status_check is None  # read back: never in plain
    code, first = new_check()
    _, second = new_check()
    assert first.split("$")[2] != second.split("$")[2]  # a salt of its own
    wrong = f"{(int(code) + 1) % 10000:04d}"
    assert check_matches(first, code) and not check_matches(first, wrong)
    assert not check_matches(first, "12345") and not check_matches(None, code) and not check_matches("junk", code)


@pytest.mark.parametrize("text, found", [
    ("BAY-7K3Q9P 0427", "0427"), ("check 0427 for bay-7k3q9p", "0427"), ("BAY-1234AB", None),
    ("status of BAY-7K3Q9P", None), ("1234 or 5678", None), ("call 555-0142", None),
])
def test_the_check_code_is_read_apart_from_the_reference(text, found):
    assert find_check(text) == found


def test_the_answer_says_what_happened_when_and_what_comes_next(db, users):
    ticket = spill(db)
    change_status(db, ticket.reference, "acknowledged", actor=users["bay"], now=NOW + timedelta(hours=1))
    change_status(db, ticket.reference, "investigating", actor=users["bay"], now=NOW + timedelta(days=1))
    record_note(db, ticket.reference, author="Dana Clerk", body="A crew\ncleaned the drain.", shared=True,
                now=NOW + timedelta(days=1, hours=2))
    record_note(db, ticket.reference, author="Dana Clerk", body="internal only", now=NOW + timedelta(days=1, hours=3))
    lookup = status_lookup.by_check(db, ticket.reference, ticket.status_check, "asker")
    assert lookup.outcome == status_lookup.STATUS
    text = status_lookup.status_text(lookup.history, BAYVILLE)
    lines = text.split("\n")
    # NOW is 15:00 UTC on Monday, November 30: 10:00 AM in Bayville.
    assert lines[0] == f"Report {ticket.reference} (spill) was filed on Monday, November 30, 2026 at 10:00 AM."
    assert lines[1] == "Village staff acknowledged it on Monday, November 30, 2026 at 11:00 AM."
    assert lines[2] == "Village staff started looking into it on Tuesday, December 1, 2026 at 10:00 AM."
    assert lines[3] == 'Village staff wrote on Tuesday, December 1, 2026 at 12:00 PM: "A crew cleaned the drain."'
    assert lines[4].startswith("Next:")
    assert "internal" not in text and "Pat Doe" not in text and "555-0199" not in text and "Main Street" not in text


def test_a_finished_report_says_whom_to_call(db, users):
    ticket = spill(db)
    change_status(db, ticket.reference, "resolved", actor=users["bay"], now=NOW + timedelta(hours=1))
    history = status_lookup.in_conversation(db, "reporter-key", None, None).history
    clerk = BAYVILLE.contact("clerk")
    assert status_lookup.status_text(history, BAYVILLE).endswith(f"call the {clerk['title']} at {clerk['phone']}.")


def test_the_conversation_that_filed_needs_no_reference_and_no_check(db):
    spill(db)
    latest = spill(db, now=NOW + timedelta(minutes=5))
    own = status_lookup.in_conversation(db, "reporter-key", None, None)
    assert (own.outcome, own.reference) == (status_lookup.STATUS, latest.reference)
    assert status_lookup.in_conversation(db, "reporter-key", latest.reference.lower(), None).outcome == status_lookup.STATUS
    assert status_lookup.in_conversation(db, "new-phone", None, None).outcome == status_lookup.ASK_REFERENCE
    asked = status_lookup.in_conversation(db, "new-phone", latest.reference, None)
    assert (asked.outcome, asked.history) == (status_lookup.ASK_CHECK, None)
    other = status_lookup.in_conversation(db, "new-phone", latest.reference, latest.status_check)
    assert other.outcome == status_lookup.STATUS and other.history.reference == latest.reference


def test_wrong_checks_and_unknown_references_read_alike_and_are_limited(db):
    ticket = spill(db)
    wrong = f"{(int(ticket.status_check) + 1) % 10000:04d}"
    unknown = status_lookup.by_check(db, "BAY-ZZZZZZ", "1234", "asker-a", now=0)
    refused = status_lookup.by_check(db, ticket.reference, wrong, "asker-a", now=0)
    assert (unknown.outcome, refused.outcome) == (status_lookup.REFUSED, status_lookup.REFUSED)
    assert status_lookup.refusal_text(unknown, BAYVILLE).replace("BAY-ZZZZZZ", "X") == \
        status_lookup.refusal_text(refused, BAYVILLE).replace(ticket.reference, "X")
    for _ in range(status_lookup.ASKER_WRONG_TRIES - 2):
        status_lookup.by_check(db, ticket.reference, wrong, "asker-a", now=1)
    # Five wrong tries: even the right code waits now, for this asker...
    limited = status_lookup.by_check(db, ticket.reference, ticket.status_check, "asker-a", now=2)
    assert limited.outcome == status_lookup.LIMITED and limited.wait > 0 and limited.history is None
    assert "minutes" in status_lookup.refusal_text(limited, BAYVILLE)
    # ...not for another, and not once the window has passed.
    assert status_lookup.by_check(db, ticket.reference, ticket.status_check, "asker-b", now=2).outcome == status_lookup.STATUS
    later = status_lookup.ASKER_WINDOW + 2
    assert status_lookup.by_check(db, ticket.reference, ticket.status_check, "asker-a", now=later).outcome == status_lookup.STATUS


def test_one_reference_gets_few_wrong_checks_from_any_number_of_askers(db):
    ticket = spill(db)
    wrong = f"{(int(ticket.status_check) + 1) % 10000:04d}"
    for asker in range(status_lookup.REFERENCE_WRONG_TRIES):
        assert status_lookup.by_check(db, ticket.reference, wrong, f"asker-{asker}", now=0).outcome == status_lookup.REFUSED
    fresh = status_lookup.by_check(db, ticket.reference, ticket.status_check, "asker-new", now=1)
    assert fresh.outcome == status_lookup.LIMITED
    # A reference that does not exist is limited the same way: the limit says nothing either.
    for asker in range(status_lookup.REFERENCE_WRONG_TRIES):
        status_lookup.by_check(db, "BAY-ZZZZZZ", "1234", f"asker-{asker}", now=0)
    assert status_lookup.by_check(db, "BAY-ZZZZZZ", "1234", "asker-new", now=1).outcome == status_lookup.LIMITED


def test_the_public_status_page(client, db, users):
    ticket = spill(db)
    change_status(db, ticket.reference, "acknowledged", actor=users["bay"], now=NOW + timedelta(hours=1))
    form = client.get("/status")
    assert form.status_code == 200 and b'<label for="status-check">' in form.data
    shown = client.post("/status", data={"reference": ticket.reference.lower(), "check": ticket.status_check})
    page = shown.get_data(as_text=True)
    assert shown.status_code == 200 and "Village staff acknowledged it on Monday, November 30, 2026" in page
    assert "Pat Doe" not in page and "555-0199" not in page and "12 Main Street" not in page
    wrong = f"{(int(ticket.status_check) + 1) % 10000:04d}"
    refused = client.post("/status", data={"reference": ticket.reference, "check": wrong}).get_data(as_text=True)
    unknown = client.post("/status", data={"reference": "BAY-ZZZZZZ", "check": wrong}).get_data(as_text=True)
    assert "acknowledged" not in refused and "No status shown" in refused
    assert refused.replace(ticket.reference, "X") == unknown.replace("BAY-ZZZZZZ", "X")
    missing = client.post("/status", data={"reference": ticket.reference})
    assert missing.status_code == 400 and "Please enter both" in missing.get_data(as_text=True)
    # The check code never goes into an address: the form posts.
    assert 'method="post"' in form.get_data(as_text=True)


def test_the_status_page_limits_wrong_checks_per_address(client, db):
    ticket = spill(db)
    wrong = f"{(int(ticket.status_check) + 1) % 10000:04d}"
    env = {"REMOTE_ADDR": "203.0.113.9"}
    for _ in range(status_lookup.ASKER_WRONG_TRIES):
        client.post("/status", data={"reference": "BAY-ZZZZZZ", "check": wrong}, environ_base=env)
    limited = client.post("/status", data={"reference": ticket.reference, "check": ticket.status_check}, environ_base=env)
    assert limited.status_code == 429 and "Too many wrong check codes" in limited.get_data(as_text=True)
    other = client.post("/status", data={"reference": ticket.reference, "check": ticket.status_check},
                        environ_base={"REMOTE_ADDR": "203.0.113.10"})
    assert other.status_code == 200 and "was filed" in other.get_data(as_text=True)
