"""After a report is filed: the calendar file, the update-texts question and its answer."""
from dataclasses import replace
from types import SimpleNamespace

from stormwater.dialogue.update_texts import calendar_offer, offered_reference, textable, update_question, updates_reply
from stormwater.law.villages import get_village

BAYVILLE = get_village("bayville")


def _ticket(**fields):
    return SimpleNamespace(**{"notify_by": "2026-12-05", "written_by": None, "letter_token": "tok", **fields})


def test_the_calendar_file_is_offered_on_the_web_for_a_report_with_deadlines():
    (reply,) = calendar_offer(_ticket(), "web", lambda token: f"https://desk/letter/{token}")
    assert reply.custom == {"type": "deadlines_calendar", "calendar_url": "https://desk/letter/tok/deadlines.ics"}
    assert "https://desk/letter/tok/deadlines.ics" in reply.text
    assert calendar_offer(_ticket(), "sms", str) == []
    assert calendar_offer(_ticket(notify_by=None), "web", str) == []
    assert calendar_offer(_ticket(letter_token=None), "web", str) == []


def test_the_update_question_waits_in_the_offer_slot_unless_the_village_has_no_text_number():
    replies, offer = update_question("BAY-ABC", BAYVILLE)
    assert offer == "updates:BAY-ABC" and offered_reference(offer) == "BAY-ABC"
    assert [b["payload"] for b in replies[0].buttons] == ["yes", "no"]
    replies, offer = update_question("BAY-ABC", replace(BAYVILLE, sms_numbers=[]))
    assert offer is None and "BAY-ABC" in replies[0].text
    assert offered_reference("receipt:BAY-ABC") is None and offered_reference(None) is None


def test_the_answer_says_what_happens_next():
    assert updates_reply(True, True, True, "+15165550123", "BAY-ABC").response == "updates_yes"
    assert updates_reply(True, False, True, "+15165550123", "BAY-ABC").response == "updates_confirm_sent"
    assert updates_reply(True, False, False, "+15165550123", "BAY-ABC").response == "updates_confirm_limited"
    no = updates_reply(False, False, False, "+15165550123", "BAY-ABC")
    assert no.response == "updates_no" and "BAY-ABC" in no.text


def test_only_a_us_number_can_be_texted():
    assert textable("(516) 555-0123") == "+15165550123"
    assert textable("+44 20 7946 0958") is None and textable(None) is None
