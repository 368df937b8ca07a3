"""The guided report: questions per kind, answer validation, filing, cancelling, status."""
import asyncio
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions import report_form
from actions.report_form import ActionCancelReport, ActionFileReport, ActionStartReport, ValidateReportForm
from actions.tickets import ActionTicketStatus
from stormwater.storage import connect, migrate
from stormwater.tickets import add_note, get_ticket
from tests.actions.conftest import DOMAIN, make_tracker

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))  # Monday


@pytest.fixture(autouse=True)
def fixed_clock_and_database(monkeypatch, tmp_path):
    monkeypatch.setattr(report_form, "now", lambda: NOW)
    monkeypatch.setenv("HELPDESK_DATABASE", str(tmp_path / "tickets.db"))
    monkeypatch.setenv("HELPDESK_PUBLIC_URL", "https://help.example.org")
    return tmp_path / "tickets.db"


def required(tracker):
    return asyncio.run(ValidateReportForm().required_slots([], CollectingDispatcher(), tracker, DOMAIN))


def validate(method, value, tracker=None):
    dispatcher = CollectingDispatcher()
    result = getattr(ValidateReportForm(), f"validate_{method}")(value, dispatcher, tracker or make_tracker(value, "inform"), DOMAIN)
    return result, [m.get("response") for m in dispatcher.messages]


def test_spill_questions_and_the_village_first_when_unknown():
    assert required(make_tracker("x", "inform", village_meta="bayville", slots={"report_kind": "spill"}))[:2] == ["responsible", "material"]
    assert required(make_tracker("x", "inform", slots={"report_kind": "dye_test"}))[:2] == ["village", "location"]


def test_start_prefills_the_material_and_starts_fresh(run):
    tracker = make_tracker("oily water going into the catch basin", "report_spill", [("discharge", "oily water")], "bayville",
                           slots={"location": "old answer"})
    messages, events = run(ActionStartReport(), tracker)
    assert [m["response"] for m in messages] == ["utter_report_start"]
    assert SlotSet("location", None) in events and SlotSet("report_kind", "spill") in events
    assert SlotSet("material", "oily water") in events


def test_dye_test_notice_gives_the_smos_number_first(run, poquott):
    messages, events = run(ActionStartReport(), make_tracker("dye test friday", "notify_dye_test", village_meta="poquott"))
    assert messages[0]["response"] == "utter_dye_test_notice" and messages[0]["smo_phone"] == poquott.contact("smo")["phone"]
    assert SlotSet("report_kind", "dye_test") in events


def test_yes_no_answers():
    assert validate("reached_drain", "yep") == ({"reached_drain": "yes"}, [])
    assert validate("commercial", "purple") == ({"commercial": None}, ["utter_answer_yes_no"])


def test_discovery_time_is_parsed_or_asked_again():
    result, said = validate("discovered", "Friday at 4pm")
    assert result == {"discovered": "Friday at 4pm", "discovered_at": "2026-11-27T16:00:00-05:00"}
    assert validate("discovered", "next week") == ({"discovered": None, "discovered_at": None}, ["utter_discovered_unreadable"])


def test_a_correction_of_the_time_while_answering_another_question():
    result, said = validate("reached_drain", "no, it was Thursday")
    assert result == {"reached_drain": None, "discovered": "it was Thursday", "discovered_at": "2026-11-26T00:00:00-05:00"}
    assert said == ["utter_correction_noted"]


def test_anonymous_reporter_skips_the_phone_and_hears_what_that_means():
    assert validate("reporter_name", "I'd rather stay anonymous") == (
        {"reporter_name": "anonymous", "reporter_phone": "none"}, ["utter_anonymous_note"],
    )


def test_phone_validation():
    assert validate("reporter_phone", "516 555 0199") == ({"reporter_phone": "(516) 555-0199"}, [])
    assert validate("reporter_phone", "555") == ({"reporter_phone": None}, ["utter_phone_unreadable"])


def test_over_long_answers_are_refused():
    assert validate("location", "x" * 501) == ({"location": None}, ["utter_answer_too_long"])


def test_unknown_village_is_asked_again():
    assert validate("village", "Oyster Bay") == ({"village": None}, ["utter_unknown_village"])
    assert validate("village", "poquot")[0] == {"village": "poquott"}


SPILL = {
    "report_kind": "spill", "responsible": "yes", "material": "soapy water", "location": "12 Main St",
    "discovered": "Friday at 4pm", "discovered_at": "2026-11-27T16:00:00-05:00", "reached_drain": "yes",
    "commercial": "yes", "amount": "2 gallons", "reporter_name": "Pat Lee", "reporter_phone": "(516) 555-0199",
}


def test_filing_a_nonhazardous_spill(run, fixed_clock_and_database):
    events_in = [{"event": "user", "text": "soapy water in the drain"}, {"event": "bot", "text": "Call 911..."}]
    tracker = make_tracker("(516) 555-0199", "inform", village_meta="bayville", slots=SPILL, events=events_in)
    messages, events = run(ActionFileReport(), tracker)
    responses = [m["response"] for m in messages]
    assert responses == ["utter_report_filed", "utter_spill_deadlines", "utter_business_days", "utter_letter_link",
                         "utter_keep_records", "utter_spill_not_a_notice"]
    payload = messages[0]["custom"]
    assert payload["type"] == "ticket_filed" and payload["kind"] == "spill" and payload["hazardous"] is False
    assert (payload["notify_by"], payload["written_by"]) == ("2026-11-30", "2026-12-03")
    assert payload["letter_url"].startswith("https://help.example.org/letters/")
    assert messages[1]["notify_by"] == "Monday, November 30, 2026"
    db = connect(fixed_clock_and_database)
    ticket = get_ticket(db, payload["reference"])
    assert (ticket.village, ticket.status, ticket.location, ticket.reporter_name) == ("bayville", "new", "12 Main St", "Pat Lee")
    assert ticket.sender_key == "test-sender" and ticket.channel == "web"
    assert ticket.transcript[0] == {"who": "resident", "text": "soapy water in the drain", "at": None}
    assert SlotSet("material", None) in events and SlotSet("requested_slot", None) in events


def test_filing_a_hazardous_spill_repeats_911_and_gives_no_deadline(run):
    tracker = make_tracker("none", "inform", village_meta="poquott", slots={**SPILL, "material": "gasoline", "commercial": "no"})
    messages, _ = run(ActionFileReport(), tracker)
    responses = [m["response"] for m in messages]
    # Poquott's text requires only the call to emergency dispatch for a hazardous release.
    assert responses == ["utter_report_filed", "utter_report_hazardous_next", "utter_spill_state_hotline",
                         "utter_spill_dispatch_only"]
    assert messages[0]["custom"]["hazardous"] is True and messages[0]["custom"]["notify_by"] is None


def test_someone_elses_dumping_is_filed_as_an_illicit_discharge(run):
    tracker = make_tracker("none", "inform", village_meta="poquott", slots={**SPILL, "responsible": "no", "material": "grease"})
    messages, _ = run(ActionFileReport(), tracker)
    assert messages[0]["custom"]["kind"] == "illicit_discharge"
    assert [m["response"] for m in messages] == ["utter_report_filed"]


def test_cancel_files_nothing(run, fixed_clock_and_database):
    messages, events = run(ActionCancelReport(), make_tracker("cancel", "cancel", village_meta="bayville", slots=SPILL))
    assert [m["response"] for m in messages] == ["utter_report_cancelled"]
    assert SlotSet("report_kind", None) in events
    db = connect(fixed_clock_and_database)
    migrate(db)
    assert db["tickets"].count == 0


def test_status_only_for_the_conversation_that_filed(run, fixed_clock_and_database):
    filed, _ = run(ActionFileReport(), make_tracker("x", "inform", village_meta="bayville", slots=SPILL))
    reference = filed[0]["custom"]["reference"]
    db = connect(fixed_clock_and_database)
    add_note(db, reference, author="smo", body="Crew sent to 12 Main St.", shared=True)
    add_note(db, reference, author="smo", body="internal only", shared=False)
    mine, _ = run(ActionTicketStatus(), make_tracker(f"status of {reference.lower()}?", "ticket_status", village_meta="bayville"))
    assert mine[0]["response"] == "utter_ticket_status"
    assert mine[0]["status"] == "new" and "Crew sent" in mine[0]["note"] and "internal" not in mine[0]["note"]
    other = make_tracker(f"status of {reference}", "ticket_status", village_meta="bayville")
    other.sender_id = "someone-else"
    theirs, _ = run(ActionTicketStatus(), other)
    assert theirs[0]["response"] == "utter_ticket_status_refused" and "status" not in theirs[0]


def test_cancel_words_end_the_form_whatever_nlu_said(fixed_clock_and_database):
    tracker = make_tracker("hold on, I don't want to do this report after all", "report_spill", village_meta="bayville",
                           slots={"report_kind": "spill"}, active_loop={"name": "report_form"})
    events = asyncio.run(ValidateReportForm().run(CollectingDispatcher(), tracker, DOMAIN))
    assert events == [SlotSet("report_cancelled", True), SlotSet("requested_slot", None)]


def test_filing_a_cancelled_report_files_nothing(run, fixed_clock_and_database):
    messages, _ = run(ActionFileReport(), make_tracker("x", "inform", village_meta="bayville", slots={**SPILL, "report_cancelled": True}))
    assert [m["response"] for m in messages] == ["utter_report_cancelled"]
    db = connect(fixed_clock_and_database)
    migrate(db)
    assert db["tickets"].count == 0


def test_unsure_nlu_with_a_reference_still_answers_the_status(run):
    from actions.fallback import ActionFallback

    filed, _ = run(ActionFileReport(), make_tracker("x", "inform", village_meta="bayville", slots=SPILL))
    reference = filed[0]["custom"]["reference"]
    messages, _ = run(ActionFallback(), make_tracker(f"wat abt {reference}", "nlu_fallback", village_meta="bayville"))
    assert messages[0]["response"] == "utter_ticket_status" and messages[0]["reference"] == reference
    messages, _ = run(ActionFallback(), make_tracker("blorp", "nlu_fallback", village_meta="bayville"))
    assert [m["response"] for m in messages] == ["utter_fallback"]


def test_pictures_texted_in_this_conversation_go_with_the_report(run, fixed_clock_and_database):
    import json
    from datetime import timedelta, timezone

    def texted(sid, sender, hours_ago, media):
        db["sms_messages"].insert({
            "message_sid": sid, "from_number": "+15165550123", "to_number": "+15165550100", "body": "",
            "num_media": len(media), "media": json.dumps(media), "village": "bayville", "sender_key": sender,
            "received_at": (NOW - timedelta(hours=hours_ago)).astimezone(timezone.utc).isoformat(timespec="milliseconds"),
        })

    mine = {"url": "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1", "content_type": "image/jpeg"}
    theirs = {"url": "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM2/Media/ME2", "content_type": "image/jpeg"}
    stale = {"url": "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM3/Media/ME3", "content_type": "image/png"}
    db = connect(fixed_clock_and_database)
    migrate(db)
    texted("SM1", "test-sender", 1, [mine])
    texted("SM2", "another-sender", 1, [theirs])
    texted("SM3", "test-sender", 25, [stale])
    db.close()

    messages, _ = run(ActionFileReport(), make_tracker("(516) 555-0199", "inform", village_meta="bayville", slots=SPILL))
    db = connect(fixed_clock_and_database)
    try:
        ticket = get_ticket(db, messages[0]["custom"]["reference"])
    finally:
        db.close()
    assert ticket.fields["photos"] == [mine]


def test_a_report_without_pictures_has_no_photos(run, fixed_clock_and_database):
    messages, _ = run(ActionFileReport(), make_tracker("(516) 555-0199", "inform", village_meta="bayville", slots=SPILL))
    db = connect(fixed_clock_and_database)
    try:
        assert get_ticket(db, messages[0]["custom"]["reference"]).fields["photos"] == []
    finally:
        db.close()
