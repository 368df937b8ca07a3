"""Issue 28 end to end: reports typed the way residents text them, through /api/chat (and the
signed /sms twin) on the real Rasa server, action server and database.

Each failure the issue lists has a conversation here: places cut short, materials misheard,
what was said asked again, everyday "yes" not heard, whose it is, "don't contact me", and the
petroleum line before the material was asked.
"""
import os

os.environ.setdefault("TWILIO_AUTH_TOKEN", "test-token-not-a-secret")

import uuid  # noqa: E402
from datetime import datetime, timedelta  # noqa: E402
from zoneinfo import ZoneInfo  # noqa: E402

import pytest  # noqa: E402

from tests.e2e.test_report_listening_e2e import assert_fields_have_their_types, stored_ticket  # noqa: E402
from tests.e2e.test_reports_e2e import Resident, asked, payload, texts  # noqa: E402
from tests.e2e.test_sms_e2e import BAYVILLE_NUMBER, REFERENCE, Texter  # noqa: E402
from tests.e2e.phones import new_phone

pytestmark = pytest.mark.services
LOCAL = ZoneInfo("America/New_York")
PETROLEUM = "NYSDEC Spill Hotline, 1-800-457-7362, immediately, and no later than two hours"
OIL_QUESTION = "some guy keeps pouring used motor oil down the storm drain by the marina, is that even legal"


def converse(resident, first, answers, max_turns=20):
    """Answer whatever the form asks from ``answers`` (a list answers the same question again,
    in order) until the report is filed. Returns (replies, the questions asked in order, filed)."""
    answers = {slot: list(value) if isinstance(value, list) else [value] for slot, value in answers.items()}
    replies, order, messages = list(first), [], first
    for _ in range(max_turns):
        filed = payload(messages, "ticket_filed")
        if filed:
            return replies, order, filed
        slot = asked(messages)
        assert slot, texts(messages)
        assert answers.get(slot), f"{slot} asked again or unexpected after {order}: {texts(messages)}"
        order.append(slot)
        messages = resident.says(answers[slot].pop(0))
        replies += messages
    raise AssertionError(f"not filed after {order}")


def test_a_report_from_home_places_a_time_after_the_place_dont_contact_me_and_ya(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("I need to report a spill from my house")
    assert PETROLEUM not in texts(first)  # nothing said makes petroleum possible yet
    replies, order, filed = converse(resident, first, {
        "responsible": "yes",
        "material": "stone dust from cutting pavers",
        "hazard": "no",
        "location": "in front of 9 Washington St, I noticed it yesterday around 3",
        "reached_drain": "yes",
        "commercial": "no",
        "amount": "a couple of buckets",
        "reporter_name": "Pat Lee",
        "reporter_phone": "516-555-0199",
        "confirm": ["please take my number off, I don't want anyone to contact me", "ya"],
    })
    assert "discovered" not in order  # the time came with the place
    assert order.count("confirm") == 2 and "reporter_phone" in order
    said = texts(replies)
    assert PETROLEUM not in said  # stone dust: no petroleum, and the material was known
    assert "taken your phone number off" in said
    readbacks = [m["text"] for m in replies if "Here is what I'll file" in (m.get("text") or "")]
    assert "516" in readbacks[0] and "555-0199" not in readbacks[-1] and "you asked not to be contacted" in readbacks[-1]
    assert "text you when staff update" not in said  # no update texts offered
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.reporter_phone is None and ticket.reporter_name == "Pat Lee"
    assert ticket.fields["location"] == "9 Washington St"
    assert ticket.fields["material"] == "stone dust from cutting pavers"
    yesterday = (datetime.now(LOCAL) - timedelta(days=1)).date()
    assert ticket.discovered_at.astimezone(LOCAL).date() == yesterday and ticket.discovered_at.astimezone(LOCAL).hour == 15
    assert_fields_have_their_types(ticket)


def test_someone_elses_unknown_liquid_the_petroleum_line_after_asking_and_a_corrected_place(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("I want to report a spill")
    assert PETROLEUM not in texts(first)
    replies, order, filed = converse(resident, first, {
        "responsible": "no, not mine, I have no idea where it's coming from",
        "material": "no idea what's in them, some brown liquid",
        "location": "it's on West Harbor Dr by the marina",
        "discovered": ["oh wait, it wasn't West Harbor Dr, it's the drain in front of 32 Birchwood Rd", "last nite"],
        "reached_drain": "ya",
        "commercial": "no idea",
        "amount": "a few gallons",
        "reporter_name": "anonymous", "reporter_phone": "none",
        "confirm": "yes, I want to report it",
    })
    assert "hazard" not in order  # "no idea what's in them" answered it: not sure
    at_material = texts(replies[replies.index(next(m for m in replies if "What was released" in (m.get("text") or ""))):])
    assert PETROLEUM in at_material  # still unknown after being asked
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.kind == "illicit_discharge"  # someone else's, not the resident's own spill
    assert ticket.fields["material"].startswith("no idea what's in them") and "brown liquid" in ticket.fields["material"]
    assert ticket.fields["location"] == "the drain in front of 32 Birchwood Rd"
    assert ticket.discovered_at is not None
    assert_fields_have_their_types(ticket)


def test_landmarks_stay_with_their_street(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("I want to report someone dumping motor oil, it's coming out of a pipe behind the deli on Bayville Ave")
    # oil was said: the hotline, but not the two-hour duty of whoever caused it (issue 32: a
    # bystander is told only what applies to them)
    assert "1-800-457-7362" in texts(first) and PETROLEUM not in texts(first)
    replies, order, filed = converse(resident, first, {
        "responsible": "not mine",
        "discovered": "this am",
        "reached_drain": "yes",
        "commercial": "yes",
        "amount": "not sure",
        "reporter_name": "anonymous", "reporter_phone": "none",
        "confirm": "yes",
    })
    assert "location" not in order and "material" not in order
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert "deli" in ticket.fields["location"] and "Bayville Ave" in ticket.fields["location"]
    # "this am" is 9:00 today, or the moment it was said while the morning has not come yet (the
    # test failed in a CI run at 00:22 in New York, where 0:22 was the right reading)
    found, made = ticket.discovered_at.astimezone(LOCAL), ticket.created_at.astimezone(LOCAL)
    if (made.hour, made.minute) >= (9, 5):
        assert found.date() == made.date() and (found.hour, found.minute) == (9, 0)
    else:
        assert found <= made and made - found < timedelta(minutes=5)


def test_texted_time_and_a_restarted_report_are_never_asked_again(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    resident.says("I want to report a spill")
    assert "cancelled" in texts(resident.says("never mind"))
    first = resident.says("I want to report a spill, 2day i was using rinse water from my pressure washer and it ran into the drain")
    replies, order, filed = converse(resident, first, {
        "responsible": "yes",
        "hazard": "no",
        "location": "12 Main St",
        "discovered": "not sure",
        "commercial": "no",
        "amount": "a few gallons",
        "reporter_name": "anonymous", "reporter_phone": "none",
        "confirm": "yes",
    })
    assert "material" not in order and "reached_drain" not in order
    # "2day" is heard, and a day is enough for the deadlines: the time is not asked at all (round 9)
    assert "discovered" not in order
    readback = next(m["text"] for m in replies if "Time of discovery" in (m.get("text") or ""))
    assert "Time of discovery: 2day (" in readback and ", time not given)" in readback and "12:00 AM" not in readback
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert "rinse water" in ticket.fields["material"] and "washing machine" not in ticket.fields["material"]
    assert "washing_machine" not in ticket.fields["discharges"]
    assert ticket.fields["discovered"] == "2day"  # the day as said
    assert ticket.discovered_at.astimezone(LOCAL).date() == datetime.now(LOCAL).date()


def test_gunk_from_a_downspout_is_gunk_and_its_hazard_is_asked(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    first = resident.says("I want to report black gunk out of my downspout going into the street")
    replies, order, filed = converse(resident, first, {
        "responsible": "yes",
        "hazard": "not sure",
        "location": "8 Bluff Road",
        "discovered": "2 hours ago",
        "reached_drain": "no",
        "commercial": "no",
        "amount": "a little",
        "reporter_name": "anonymous", "reporter_phone": "none",
        "confirm": "yes",
    })
    assert "material" not in order and "hazard" in order
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.fields["material"] == "black gunk out of my downspout"
    assert "rainwater" not in ticket.fields["discharges"]


@pytest.mark.parametrize("reply", ["ya i want to report them", "yes, I want to report it", "no it's not ok then, I want to report it"])
def test_taking_up_the_offer_in_everyday_words_starts_the_report_of_what_was_asked(base_url, reply):
    resident = Resident(base_url, "bayville")
    answer = resident.says(OIL_QUESTION)
    assert [b["title"] for b in answer[-1].get("buttons") or []] == ["Report it"]
    started = resident.says(reply)
    said = texts(started)
    assert "take down the details" in said and "not sure I understood" not in said and "anything else" not in said.lower()
    # What it is, whose it is and where came with the question: the form asks neither.
    assert asked(started) not in ("material", "responsible", "location")


def test_i_want_to_report_it_after_a_no_to_the_offer_remembers_the_question(base_url):
    resident = Resident(base_url, "bayville")
    resident.says(OIL_QUESTION)
    resident.says("no")
    started = resident.says("I want to report it")
    assert "take down the details" in texts(started)
    assert asked(started) not in ("material", "location")


def test_a_readback_reply_not_understood_says_what_is_expected(base_url):
    resident = Resident(base_url, "poquott")
    first = resident.says("I want to report a spill of soapy water from washing my car on 12 Main St, it was my own, 2 hours ago")
    messages, seen = first, []
    answers = {"reached_drain": "yes", "commercial": "no", "amount": "a bucket", "reporter_name": "anonymous", "reporter_phone": "none",
               "hazard": "no", "responsible": "yes"}
    while asked(messages) != "confirm":
        slot = asked(messages)
        assert slot in answers and slot not in seen, texts(messages)
        seen.append(slot)
        messages = resident.says(answers[slot])
    again = resident.says("the moon is blue")
    assert "didn't catch that" in texts(again) and "Reply 'yes' to file" in texts(again)
    assert asked(again) == "confirm"
    filed = resident.says("ya")
    assert payload(filed, "ticket_filed")


def test_by_sms_ya_takes_up_the_offer_and_dont_contact_me_leaves_no_number(base_url, helpdesk):
    phone = Texter(base_url, BAYVILLE_NUMBER, new_phone("+1516555"))
    phone.texts(OIL_QUESTION)
    said = phone.texts("ya i want to report them")
    # By SMS the report opens with the safety line and its first question (what it is, whose
    # it is and where came with the question).
    assert "not sure I understood" not in said and "When was it discovered" in said, said
    replies = {
        "When was it discovered": "last nite", "storm drain or catch basin?": "ya", "commercial or industrial": "no idea",
        "About how much": "not sure", "What is your name": "Pat Lee", "What number can staff call": "516-555-0123",
    }
    readbacks = []
    for _ in range(12):
        if REFERENCE.search(said):
            break
        if "Here is what I'll file" in said:
            readbacks.append(said)
            said = phone.texts("please take my number off, I don't want anyone to contact me" if len(readbacks) == 1 else "ya")
            continue
        question = next((q for q in replies if q in said), None)
        assert question, said
        said = phone.texts(replies.pop(question))  # each question once
    reference = REFERENCE.search(said)
    assert reference and len(readbacks) == 2, said
    assert "555-0123" in readbacks[0] and "555-0123" not in readbacks[1]
    assert "text you when staff update" not in said
    ticket = stored_ticket(helpdesk, reference.group(0))
    assert ticket.reporter_phone is None and ticket.kind == "illicit_discharge"
