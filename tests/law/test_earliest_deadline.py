"""Issue 33, finding 8: when the business-day calendar skips a weekday holiday that Village Hall
may keep open, the earliest date the text could require comes first, with the later one and a
note; a village file that declares its closures gets one date."""
from datetime import date, datetime
from pathlib import Path

import pytest
import yaml

from stormwater.alerts.calendar import deadlines_ics
from stormwater.understanding.catalogue import load_catalogue
from stormwater.law.deadlines import spill_deadlines
from stormwater.dialogue.replies import report_replies
from stormwater.law.villages import VillageDataError, parse_village
from stormwater.dialogue.guided_report import Assessment
from stormwater.reports.ticket_store import file_ticket
from stormwater.store.paths import REPO_ROOT

RESPONSES = yaml.safe_load((REPO_ROOT / "bot/domain.yml").read_text())["responses"]
VILLAGE_FILE = REPO_ROOT / "data/villages/bayville.yml"

# (found, the holiday skipped, earliest notice, notice on the calendar), all in 2026
SKIPPED = [
    (date(2026, 10, 9), "Columbus Day", date(2026, 10, 12), date(2026, 10, 13)),
    (date(2026, 11, 10), "Veterans Day", date(2026, 11, 11), date(2026, 11, 12)),
    (date(2026, 6, 18), "Juneteenth National Independence Day", date(2026, 6, 19), date(2026, 6, 22)),
    (date(2026, 7, 2), "Independence Day (observed)", date(2026, 7, 3), date(2026, 7, 6)),
]


def fold(text):
    return " ".join(text.split())


def declared(village_slug="bayville", **closures):
    """A village file with ``holidays.declared_closures`` set, read as the loader reads it."""
    path = REPO_ROOT / f"data/villages/{village_slug}.yml"
    raw = yaml.safe_load(path.read_text())
    raw["holidays"]["declared_closures"] = closures
    return parse_village(raw, path, frozenset(load_catalogue().keys()))


def filed(db, village, found):
    deadlines = spill_deadlines(found, village)
    ticket = file_ticket(db, village=village.slug, kind="spill", channel="web", hazardous=False, fields={},
                         location="12 Main St", discovered_at=datetime(found.year, found.month, found.day, 10, 0),
                         reporter_name=None, reporter_phone=None,
                         notify_by=deadlines.notify_by, written_by=deadlines.written_by)
    return ticket, Assessment((), False, deadlines.notify_by, deadlines.written_by, False)


def chat_deadlines(village, ticket, assessment):
    replies = report_replies(village, ticket, assessment, village.topics["spill_rules"].summary, lambda t: f"/letters/{t}")
    reply = next(r for r in replies if r.response == "utter_report_filed_steps")
    return fold(RESPONSES[reply.response][0]["text"].format(**reply.values))


def test_both_texts_leave_business_day_undefined(villages):
    for village in villages.values():
        text = fold(village.ordinance_text())
        assert "no later than the next business day" in text
        assert "business day\" means" not in text and "BUSINESS DAY" not in text


@pytest.mark.parametrize("found,holiday,earliest,later", SKIPPED, ids=[s[1] for s in SKIPPED])
def test_the_domain_computes_both_dates(bayville, found, holiday, earliest, later):
    deadlines = spill_deadlines(found, bayville)
    assert (deadlines.notify_earliest, deadlines.notify_by) == (earliest, later)
    assert deadlines.notify_holidays == (holiday,)
    # the written confirmation: three business days after each notice date, the holiday open or closed
    assert deadlines.written_earliest < deadlines.written_by and deadlines.written_holidays == (holiday,)


def test_the_columbus_day_case_in_the_chat_reply(db, bayville):
    text = chat_deadlines(bayville, *filed(db, bayville, date(2026, 10, 9)))
    phone = bayville.contact("smo")["phone"]
    assert (f"no later than Monday, October 12, 2026, or Tuesday, October 13, 2026 if Village Hall is closed for "
            f"Columbus Day: call {phone} to check.") in text
    assert ("if you give it on the last allowed day, by Thursday, October 15, 2026, or Friday, October 16, 2026 if "
            "Village Hall is closed for Columbus Day") in text


@pytest.mark.parametrize("found,holiday,earliest,later", SKIPPED, ids=[s[1] for s in SKIPPED])
def test_each_skipped_holiday_in_the_reply_and_the_ics(db, poquott, found, holiday, earliest, later):
    ticket, assessment = filed(db, poquott, found)
    text = chat_deadlines(poquott, ticket, assessment)
    assert f"{earliest:%A}, {earliest:%B} {earliest.day}, 2026, or {later:%A}, {later:%B} {later.day}, 2026 if Village Hall is closed for {holiday}" in text
    from icalendar import Calendar

    events = Calendar.from_ical(deadlines_ics(ticket, poquott)).walk("VEVENT")
    assert events[0].decoded("dtstart") == earliest
    description = fold(str(events[0]["description"]))
    assert f"or {later:%A}, {later:%B} {later.day}, 2026 if Village Hall is closed for {holiday}" in description
    assert "earliest date" in str(events[0]["summary"])


def test_a_day_with_no_holiday_between_gets_one_date(db, bayville):
    ticket, assessment = filed(db, bayville, date(2026, 12, 1))
    text = chat_deadlines(bayville, ticket, assessment)
    assert "no later than Wednesday, December 2, 2026." in text and "Village Hall is closed" not in text


def test_a_village_file_that_declares_its_closures_gets_one_date(db):
    village = declared(**{"Columbus Day": "closed", "Veterans Day": "open"})
    columbus = spill_deadlines(date(2026, 10, 9), village)
    assert columbus.notify_earliest == columbus.notify_by == date(2026, 10, 13) and columbus.notify_holidays == ()
    veterans = spill_deadlines(date(2026, 11, 10), village)  # open that day: it counts
    assert veterans.notify_earliest == veterans.notify_by == date(2026, 11, 11)
    text = chat_deadlines(village, *filed(db, village, date(2026, 10, 9)))
    assert "no later than Tuesday, October 13, 2026." in text and "Village Hall is closed" not in text
    # what it has not declared still gets both dates
    assert spill_deadlines(date(2026, 6, 18), village).notify_holidays == ("Juneteenth National Independence Day",)
    friday = declared(**{"Friday observances": "closed"})
    assert spill_deadlines(date(2026, 7, 2), friday).notify_holidays == ()


def test_a_declared_closure_must_say_closed_or_open():
    with pytest.raises(VillageDataError, match="closed or open"):
        declared(**{"Columbus Day": "maybe"})


def test_the_chat_card_payload_carries_both_dates_in_words(db, bayville):
    ticket, assessment = filed(db, bayville, date(2026, 10, 9))
    replies = report_replies(bayville, ticket, assessment, "", lambda t: f"/letters/{t}")
    payload = replies[0].custom
    assert payload["notify_by"] == "2026-10-13"  # the stored date stays the calendar's
    assert payload["notify_by_text"].startswith("Monday, October 12, 2026, or Tuesday, October 13, 2026 if Village Hall")
    assert payload["written_by_text"].startswith("Thursday, October 15, 2026, or Friday, October 16, 2026")
    plain, plain_assessment = filed(db, bayville, date(2026, 12, 1))
    assert "notify_by_text" not in report_replies(bayville, plain, plain_assessment, "", lambda t: t)[0].custom
