"""The guided report: questions per kind, answer validation, filing, cancelling, status."""
import asyncio
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions import report_asks, report_start
from actions.report_cancel import ActionCancelReport
from actions.report_filing import ActionFileReport
from actions.report_form import ValidateReportForm
from actions.report_opening import ActionStartReport
from actions.ticket_status import ActionTicketStatus
from stormwater.store.database import connect, migrate
from stormwater.reports.ticket_store import get_ticket, record_note
from tests.actions.conftest import DOMAIN, make_tracker
from actions import action_db

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))  # Monday


@pytest.fixture(autouse=True)
def fixed_clock_and_database(monkeypatch, tmp_path):
    monkeypatch.setattr(report_start, "now", lambda: NOW)
    monkeypatch.setenv("HELPDESK_DATABASE", str(tmp_path / "tickets.db"))
    monkeypatch.setenv("HELPDESK_PUBLIC_URL", "https://help.example.org")
    action_db.start()  # the action server reads its settings at start
    return tmp_path / "tickets.db"


def required(tracker):
    return asyncio.run(ValidateReportForm().required_slots([], CollectingDispatcher(), tracker, DOMAIN))


def validate(method, value, tracker=None, filled=None, intent="inform", retry=None):
    """Run the form's validation on ``value`` typed while ``method`` was asked.

    Returns the slot updates (without ``requested_slot`` and ``report_retry``) and the
    responses said.
    """
    slots = {"report_kind": "spill", **(filled or {}), "requested_slot": method, "report_retry": retry}
    tracker = tracker or make_tracker(value, intent, village_meta="bayville", slots=slots, active_loop={"name": "report_form"})
    dispatcher = CollectingDispatcher()
    events = asyncio.run(ValidateReportForm().run(dispatcher, tracker, DOMAIN))
    result = {e["name"]: e["value"] for e in events if e["name"] not in ("requested_slot", "report_retry")}
    return result, [m.get("response") for m in dispatcher.messages]


def events_of(method, value, **kwargs):
    slots = {"report_kind": "spill", **kwargs.pop("filled", {}), "requested_slot": method, "report_retry": kwargs.pop("retry", None)}
    tracker = make_tracker(value, kwargs.pop("intent", "inform"), village_meta="bayville", slots=slots, active_loop={"name": "report_form"})
    return asyncio.run(ValidateReportForm().run(CollectingDispatcher(), tracker, DOMAIN))


def test_spill_questions_and_the_village_first_when_unknown():
    assert required(make_tracker("x", "inform", village_meta="bayville", slots={"report_kind": "spill"}))[:3] == ["responsible", "material", "hazard"]
    assert required(make_tracker("x", "inform", slots={"report_kind": "dye_test"}))[:2] == ["village", "location"]
    assert required(make_tracker("x", "inform", village_meta="bayville", slots={"report_kind": "septic"}))[-1] == "confirm"


def test_start_prefills_from_the_opening_message_and_starts_fresh(run):
    tracker = make_tracker("my neighbour poured about 50 gallons of oily water into the catch basin this morning", "report_spill",
                           [("discharge", "oily water")], "bayville", slots={"location": "old answer"})
    messages, events = run(ActionStartReport(), tracker)
    # Someone else's discharge (issue 32): one message, the verdict in a line and the start.
    assert [m["response"] for m in messages] == ["utter_report_seen_prohibited"]
    assert SlotSet("suspected_source", "my neighbour") in events
    assert SlotSet("location", None) in events and SlotSet("report_kind", "spill") in events
    assert SlotSet("material", "oily water") in events
    assert SlotSet("responsible", "no") in events and SlotSet("amount", "about 50 gallons") in events
    assert SlotSet("reached_drain", "yes") in events and SlotSet("hazard", "yes") in events
    # a part of the day without its hour is the discovery time: the deadlines need only the day,
    # so the hour is not asked (issue 28, round 9)
    assert SlotSet("discovered", "this morning") in events and SlotSet("discovered_at", "2026-11-30T09:00:00-05:00") in events


def test_opening_with_a_denial_is_not_hazardous_and_the_material_is_kept_in_the_residents_words(run):
    # Nothing said is asked again: the read-back shows these words, and the resident can change them.
    tracker = make_tracker("my pond overflowed: muddy pond water, some algae and fish waste, no chemicals", "report_spill",
                           [("discharge", "chemicals")], "bayville")
    _, events = run(ActionStartReport(), tracker)
    assert SlotSet("hazard", "no") in events
    # The denial says "not hazardous"; the material is what was released ("dirt, no soap" files "dirt").
    assert SlotSet("material", "muddy pond water, algae, fish waste") in events


def test_dye_test_notice_gives_the_smos_number_first(run, poquott):
    messages, events = run(ActionStartReport(), make_tracker("dye test friday", "notify_dye_test", village_meta="poquott"))
    assert messages[0]["response"] == "utter_dye_test_notice" and messages[0]["smo_phone"] == poquott.contact("smo")["phone"]
    assert SlotSet("report_kind", "dye_test") in events


def test_yes_no_answers_as_people_type_them():
    assert validate("reached_drain", "yep") == ({"reached_drain": "yes"}, [])
    assert validate("responsible", "No, someone else")[0] == {"responsible": "no"}
    assert validate("responsible", "it was my neighbor")[0] == {"responsible": "no"}
    assert validate("responsible", "not me")[0] == {"responsible": "no"}
    assert validate("commercial", "no, it's a private home")[0] == {"commercial": "no"}


def test_an_unclear_answer_is_asked_again_once_then_kept_as_not_sure():
    events = events_of("commercial", "purple")
    assert SlotSet("commercial", None) in events and SlotSet("report_retry", "commercial") in events
    result, said = validate("commercial", "purple", retry="commercial")
    assert result == {"commercial": "unsure"} and said == ["utter_kept_as_said"]


def test_discovery_time_is_parsed_or_asked_again():
    result, said = validate("discovered", "Friday at 4pm")
    assert result == {"discovered": "Friday at 4pm", "discovered_at": "2026-11-27T16:00:00-05:00"}
    assert validate("discovered", "next week") == ({"discovered": None, "discovered_at": None}, [])
    result, _ = validate("discovered", "saw him do it again yesterday evening around 6")
    assert result["discovered_at"] == "2026-11-29T18:00:00-05:00"


def test_a_correction_of_the_time_while_the_amount_is_asked():
    result, said = validate("amount", "no wait, it was actually yesterday around 4pm", filled={"discovered": "about an hour ago"})
    assert result == {"amount": None, "discovered": "yesterday around 4pm", "discovered_at": "2026-11-29T16:00:00-05:00"}
    assert said == ["utter_correction_noted"]


def test_a_correction_of_the_place_while_another_question_is_asked():
    result, said = validate("reached_drain", "sorry, it's on Shore Road", filled={"location": "12 Main St"})
    assert result == {"reached_drain": None, "location": "Shore Road"} and said == ["utter_correction_noted"]


def test_negation_is_not_hazardous_and_not_sure_is_treated_as_possibly_hazardous():
    result, _ = validate("material", "muddy pond water, some algae and fish waste, no chemicals")
    assert result["hazard"] == "no" and "pond water" in result["material"]
    result, said = validate("hazard", "not sure")
    # Still unknown after being asked: possibly petroleum, so the two-hour line too (issue 28).
    assert result == {"hazard": "unsure"} and said == ["utter_hazard_unsure", "utter_spill_petroleum_state_law"]
    assert validate("hazard", "none of these")[0] == {"hazard": "no"}


def test_a_discharge_question_mid_form_is_answered_and_the_question_comes_back():
    tracker = make_tracker("Can my sump pump go to the street?", "ask_discharge", [("discharge", "sump pump")], "bayville",
                           slots={"report_kind": "spill", "requested_slot": "responsible"}, active_loop={"name": "report_form"})
    dispatcher = CollectingDispatcher()
    events = asyncio.run(ValidateReportForm().run(dispatcher, tracker, DOMAIN))
    assert SlotSet("responsible", None) in events and SlotSet("requested_slot", "responsible") in events
    answer = [m for m in dispatcher.messages if (m.get("custom") or {}).get("type") == "discharge_answer"]
    assert answer and answer[0]["custom"]["discharge"] == "sump_pump"


def test_a_law_topic_question_mid_form_is_left_to_its_rule():
    events = events_of("location", "how much is the fine for this?", intent="ask_penalties", filled={"material": "oil"})
    assert [e for e in events if e["name"] != "requested_slot"] == []  # nothing filled: Rasa rejects, the rule answers


def test_an_answer_nlu_took_for_a_question_is_still_read_and_words_that_answer_nothing_go_to_the_rule():
    result, said = validate("reached_drain", "sorry, it's on Shore Road", intent="ask_contact", filled={"material": "oil"})
    assert result == {"reached_drain": None, "location": "Shore Road"} and said == ["utter_field_noted"]  # no place before
    events = events_of("location", "the fines for this", intent="ask_penalties", filled={"material": "oil"})
    assert [e for e in events if e["name"] != "requested_slot"] == []
    events = events_of("location", "forget about the whole thing", intent="cancel", filled={"material": "oil"})
    assert [e for e in events if e["name"] != "requested_slot"] == [SlotSet("report_cancelled", True)]  # the words say stop


def test_nlus_cancel_alone_never_drops_a_report_whose_words_answer():
    # "I'd rather not" to the name question, heard by NLU as cancel, ended the report with nothing filed.
    result, said = validate("reporter_name", "I'd rather not", intent="cancel", filled={"material": "oil"})
    assert result["reporter_name"] == "anonymous" and "utter_report_cancelled" not in said
    result, said = validate("amount", "nah", intent="cancel", filled={"material": "oil"})
    assert result["amount"] == "not sure"
    result, said = validate("reached_drain", "no thanks", intent="cancel", filled={"material": "oil"})
    assert result["reached_drain"] == "no"


def test_anonymous_reporter_hears_what_that_means_and_is_still_asked_for_a_number():
    # A name kept out is not a number refused: the phone question follows ("none" skips it).
    assert validate("reporter_name", "I'd rather stay anonymous") == (
        {"reporter_name": "anonymous"}, ["utter_anonymous_note"],
    )


def test_phone_validation():
    assert validate("reporter_phone", "516 555 0199") == ({"reporter_phone": "(516) 555-0199"}, [])
    assert validate("reporter_phone", "555") == ({"reporter_phone": None}, [])


def test_over_long_answers_are_refused():
    assert validate("location", "x" * 501) == ({"location": None}, ["utter_answer_too_long"])


def test_unknown_village_is_asked_again():
    assert validate("village", "Oyster Bay", tracker=make_tracker("Oyster Bay", "inform", slots={"report_kind": "spill", "requested_slot": "village"})) == (
        {"village": None}, ["utter_unknown_village"])
    assert validate("village", "poquot", tracker=make_tracker("poquot", "inform", slots={"report_kind": "spill", "requested_slot": "village"}))[0] == {"village": "poquott"}


def test_read_back_confirms_or_changes(run):
    filled = {"responsible": "yes", "material": "soapy water", "hazard": "no", "location": "12 Main St", "discovered": "Friday at 4pm",
              "discovered_at": "2026-11-27T16:00:00-05:00", "reached_drain": "yes", "commercial": "no", "amount": "2 gallons",
              "reporter_name": "Pat Lee", "reporter_phone": "(516) 555-0199"}
    tracker = make_tracker("x", "inform", village_meta="bayville", slots={"report_kind": "spill", **filled})
    messages, _ = run(report_asks.ActionAskConfirm(), tracker)
    summary = messages[0]["summary"]
    assert messages[0]["response"] == "utter_readback"
    assert "- Amount: 2 gallons" in summary and "Friday at 4pm (Fri Nov 27, 4:00 PM)" in summary and "- Place: 12 Main St" in summary
    assert validate("confirm", "yes", filled=filled)[0] == {"confirm": "yes"}
    result, said = validate("confirm", "the amount was 5 gallons", filled=filled)
    assert result == {"amount": "5 gallons", "confirm": None} and said == ["utter_correction_noted"]
    assert validate("confirm", "change the place", filled=filled)[0] == {"location": None, "confirm": None}
    events = events_of("confirm", "change", filled=filled)
    assert SlotSet("report_retry", "confirm_change") in events and SlotSet("requested_slot", "confirm") in events
    picker = make_tracker("x", "inform", village_meta="bayville", slots={"report_kind": "spill", **filled, "report_retry": "confirm_change"})
    messages, _ = run(report_asks.ActionAskConfirm(), picker)
    assert messages[0]["response"] == "utter_ask_which_change"
    assert {"title": "Amount", "payload": "change amount"} in messages[0]["buttons"]


def test_yes_to_what_should_i_change_shows_the_report_again_instead_of_filing(run):
    filled = {"responsible": "no", "material": "antifreeze", "hazard": "yes", "location": "40 Bayville Ave",
              "discovered": "an hour ago", "discovered_at": "2026-11-27T16:00:00-05:00", "reached_drain": "yes",
              "commercial": "no", "amount": "half a gallon", "reporter_name": "anonymous"}
    events = events_of("confirm", "yes", filled=filled, retry="confirm_change")
    assert SlotSet("confirm", "yes") not in events
    assert SlotSet("confirm", None) in events and SlotSet("report_retry", None) in events  # the read-back again
    assert validate("confirm", "yes", filled=filled)[0] == {"confirm": "yes"}  # a yes to the read-back itself files


def test_the_hazard_question_is_worded_by_the_village(run):
    messages, _ = run(report_asks.ActionAskHazard(), make_tracker("x", "inform", village_meta="poquott", slots={"report_kind": "spill"}))
    assert messages[0]["response"] == "utter_ask_hazard" and "§ 132-3" in messages[0]["hazard_question"]
    messages, _ = run(report_asks.ActionAskHazard(), make_tracker("x", "inform", village_meta="bayville", slots={"report_kind": "spill"}))
    assert messages[0]["hazard_question"] == "Could it be fuel, oil, chemicals, sewage, or are you not sure?"


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
    # Then, as text from data/messages.yml: the calendar file and the update-texts question.
    # One filed message with the notice and the letter in order (issue 32), the records duty.
    assert responses == ["utter_report_filed_steps", "utter_keep_records", None, None]
    assert messages[2]["custom"]["calendar_url"].endswith("/deadlines.ics")
    assert messages[3]["text"] == "Can we text you when staff update this report?"
    payload = messages[0]["custom"]
    assert payload["type"] == "ticket_filed" and payload["kind"] == "spill" and payload["hazardous"] is False
    assert (payload["notify_by"], payload["written_by"]) == ("2026-11-30", "2026-12-03")
    assert payload["letter_url"].startswith("https://help.example.org/letters/")
    # Filed on Monday, November 30 in Bayville: the notice is due today, and the page says so.
    assert messages[0]["notify_by"] == "today, Monday, November 30, 2026"
    assert messages[0]["written_by"] == "Thursday, December 3, 2026" and messages[0]["reference"] == payload["reference"]
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
                         "utter_spill_dispatch_only", None]  # then the update-texts question (a phone was given)
    assert messages[0]["custom"]["hazardous"] is True and messages[0]["custom"]["notify_by"] is None


def test_someone_elses_dumping_is_filed_as_an_illicit_discharge(run):
    tracker = make_tracker("none", "inform", village_meta="poquott", slots={**SPILL, "responsible": "no", "material": "grease"})
    messages, _ = run(ActionFileReport(), tracker)
    assert messages[0]["custom"]["kind"] == "illicit_discharge"
    assert [m["response"] for m in messages] == ["utter_report_filed", None]  # and the update-texts question


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
    record_note(db, reference, author="smo", body="Crew sent to 12 Main St.", shared=True)
    record_note(db, reference, author="smo", body="internal only", shared=False)
    mine, _ = run(ActionTicketStatus(), make_tracker(f"status of {reference.lower()}?", "ticket_status", village_meta="bayville"))
    assert mine[0]["response"] == "utter_ticket_status"
    assert mine[0]["status"] == "new" and "Crew sent" in mine[0]["status_text"] and "internal" not in mine[0]["status_text"]
    # The conversation that filed it needs no reference.
    news, _ = run(ActionTicketStatus(), make_tracker("any news on my report?", "ticket_status", village_meta="bayville"))
    assert news[0]["response"] == "utter_ticket_status" and news[0]["reference"] == reference
    other = make_tracker(f"status of {reference}", "ticket_status", village_meta="bayville")
    other.sender_id = "someone-else"
    theirs, _ = run(ActionTicketStatus(), other)
    assert theirs[0]["response"] == "utter_ticket_status_refused" and "status" not in theirs[0]
    assert "check code" in theirs[0]["answer"] and "Crew" not in theirs[0]["answer"]


def test_another_conversation_gets_the_status_with_the_check_code(run, fixed_clock_and_database):
    filed, _ = run(ActionFileReport(), make_tracker("x", "inform", village_meta="bayville", slots=SPILL))
    reference = filed[0]["custom"]["reference"]
    check = filed[0]["check"]  # the filed message's {check}
    assert re.fullmatch(r"\d{4}", check)
    other = make_tracker(f"{reference} {check}", "ticket_status", village_meta="bayville")
    other.sender_id = "another-phone"
    shown, _ = run(ActionTicketStatus(), other)
    assert shown[0]["response"] == "utter_ticket_status" and f"Report {reference} (spill) was filed" in shown[0]["status_text"]
    wrong = make_tracker(f"{reference} {(int(check) + 1) % 10000:04d}", "ticket_status", village_meta="bayville")
    wrong.sender_id = "another-phone"
    refused, _ = run(ActionTicketStatus(), wrong)
    assert refused[0]["response"] == "utter_ticket_status_refused" and "status_text" not in refused[0]


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


def test_unsure_nlu_on_a_discharge_seen_starts_the_report(run):
    """Issue 28: "leaking drums by a drain", told with no question, got "not sure I understood"
    when the classifier abstained; it starts the report as a report heard would."""
    from actions.fallback import ActionFallback

    tracker = make_tracker("some company left three barrels beside the catch basin on Elm St and they are oozing",
                           "nlu_fallback", village_meta="bayville")
    messages, events = run(ActionFallback(), tracker)
    said = [m.get("response") for m in messages]
    assert said[0].startswith("utter_spill_safety") and "utter_fallback" not in said
    slots = {e["name"]: e["value"] for e in events if e.get("event") == "slot"}
    # which catch basin on Elm St is still asked (issue 28, round 9): a bare street is no place staff can find
    assert slots["report_kind"] == "spill" and not slots.get("location") and slots["responsible"] == "no"
    assert any(e.get("event") == "followup" and e.get("name") == "report_form" for e in events)


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


def test_a_first_value_is_noted_and_only_a_different_earlier_value_is_changed():
    result, said = validate("responsible", "motor oil, maybe a quart")
    assert result["responsible"] is None and result["material"] == "motor oil" and result["amount"] == "maybe a quart"
    assert said == ["utter_field_noted", "utter_field_noted"]  # the amount and the material; the hazard follows from the oil
    _, said = validate("material", "in front of 12 Oak Lane", filled={"location": "Shore Road"})
    assert said == ["utter_correction_noted"]


def test_no_to_the_amount_is_noted_as_not_sure_and_said():
    dispatcher = CollectingDispatcher()
    tracker = make_tracker("no", "deny", village_meta="bayville",
                           slots={"report_kind": "spill", "requested_slot": "amount"}, active_loop={"name": "report_form"})
    events = asyncio.run(ValidateReportForm().run(dispatcher, tracker, DOMAIN))
    assert SlotSet("amount", "not sure") in events
    assert [(m["response"], m.get("value")) for m in dispatcher.messages] == [("utter_kept_as_said", "not sure")]


def test_every_response_the_form_says_back_is_in_the_domain():
    import yaml
    from pathlib import Path

    responses = yaml.safe_load((Path(__file__).resolve().parents[2] / "bot" / "domain.yml").read_text())["responses"]
    for name in ("utter_field_noted", "utter_correction_noted", "utter_kept_as_said"):
        assert "{field}" in responses[name][0]["text"] and "{value}" in responses[name][0]["text"]
    assert "changed" not in responses["utter_field_noted"][0]["text"]


# --- issue 28: "don't contact me", the petroleum line's timing, replies not understood -------


@pytest.mark.parametrize("asked, intent", [("confirm", "ask_contact"), ("amount", "inform"), ("reporter_phone", "deny")])
def test_dont_contact_me_at_any_question_takes_the_phone_off(asked, intent):
    result, said = validate(asked, "please take my number off, I don't want anyone to contact me",
                            filled={**SPILL, "confirm": None}, intent=intent)
    assert result["reporter_phone"] == "none" and result["no_contact"] is True
    assert said == ["utter_no_contact_noted"]
    if asked != "reporter_phone":
        assert result[asked] is None  # the read-back (or the question) again


def test_the_readback_after_dont_contact_me_shows_the_number_gone_and_a_new_report_never_asks_it(run):
    slots = {**SPILL, "reporter_phone": "none", "no_contact": True}
    messages, _ = run(report_asks.ActionAskConfirm(), make_tracker("x", "inform", village_meta="bayville", slots=slots))
    assert "555-0199" not in messages[0]["summary"] and "Your phone number: none (you asked not to be contacted)" in messages[0]["summary"]
    tracker = make_tracker("I want to report a spill", "report_spill", village_meta="bayville", slots={"no_contact": True})
    _, events = run(ActionStartReport(), tracker)
    assert SlotSet("reporter_phone", "none") in events


def test_a_readback_reply_not_understood_is_said_so_before_the_readback(run):
    slots = {**SPILL, "report_retry": "confirm"}
    messages, _ = run(report_asks.ActionAskConfirm(), make_tracker("x", "inform", village_meta="bayville", slots=slots))
    assert [m["response"] for m in messages] == ["utter_readback_unclear", "utter_readback"]
    assert validate("confirm", "ya", filled=SPILL)[0] == {"confirm": "yes"}


def test_a_hazard_reply_not_understood_is_said_so(run):
    slots = {"report_kind": "spill", "report_retry": "hazard"}
    messages, _ = run(report_asks.ActionAskHazard(), make_tracker("x", "inform", village_meta="bayville", slots=slots))
    assert [m["response"] for m in messages] == ["utter_hazard_unclear", "utter_ask_hazard"]


def test_the_petroleum_line_comes_once_the_material_is_asked_and_only_when_possible():
    assert "utter_spill_petroleum_state_law" in validate("material", "no idea what's in them, some brown liquid")[1]
    assert "utter_spill_petroleum_state_law" in validate("material", "looks like a rainbow sheen")[1]
    assert "utter_spill_petroleum_state_law" not in validate("material", "stone dust from cutting pavers")[1]
    assert "utter_spill_petroleum_state_law" not in validate("material", "soapy water")[1]


def test_a_name_with_dont_contact_me_keeps_the_name():
    result, said = validate("reporter_name", "Pat Lee, please don't contact me", filled={**SPILL, "reporter_name": None, "reporter_phone": None})
    assert result["reporter_name"] == "Pat Lee" and result["reporter_phone"] == "none" and said == ["utter_no_contact_noted"]


@pytest.mark.parametrize("asked", ["reporter_phone", "confirm"])
def test_make_it_anonymous_dont_contact_me_takes_the_name_off_too(asked):
    result, said = validate(asked, "make it anonymous, don't contact me", filled={**SPILL, "reporter_name": "Robin Diaz"})
    assert result["reporter_name"] == "anonymous" and result["reporter_phone"] == "none" and result["no_contact"] is True
    assert "utter_no_contact_noted" in said


def _retry_variants():
    import yaml
    from pathlib import Path

    responses = yaml.safe_load((Path(__file__).resolve().parents[2] / "bot" / "domain.yml").read_text())["responses"]
    return {name[len("utter_ask_"):] for name, variants in responses.items() if name.startswith("utter_ask_")
            for v in variants if any(c.get("name") == "report_retry" for c in v.get("condition") or [])}


@pytest.mark.parametrize("asked", ["responsible", "material", "hazard", "location", "discovered", "reached_drain",
                                   "commercial", "amount", "reporter_name", "reporter_phone", "confirm"])
@pytest.mark.parametrize("intent", ["inform", "cancel", "nlu_fallback", "greet"])
def test_no_state_goes_silent_on_words_it_cannot_use(asked, intent):
    # Whatever NLU heard, words that answer nothing never hand the report to another rule (the
    # cancel rule dropped reports): the form keeps its question, and says it did not catch that.
    events = events_of(asked, "purple", intent=intent, filled={**SPILL, asked: None})
    names = {e["name"]: e["value"] for e in events}
    assert events, "handed over: the report would stop with no question"
    if asked in ("material", "location", "reporter_name"):
        return  # free text: "purple" is taken as said, and said back at the read-back
    assert asked in names and names[asked] is None  # asked again ...
    retry = names.get("report_retry")
    assert retry in (asked, "confirm")  # ... with "Sorry, I didn't catch that"
    assert asked in _retry_variants() | {"hazard", "confirm"}  # hazard and the read-back say it in their actions


# Issue 32: who or what the resident thinks is discharging is kept in their words.
def test_the_suspected_source_said_at_the_commercial_question_is_kept_whole():
    words = "I think it's the contractor painting the hardware store"
    updates, _ = validate("commercial", words, filled={"responsible": "no"})
    assert updates.get("suspected_source") == words
    assert "suspected_source" not in validate("commercial", "yes")[0]


def test_the_suspected_source_said_at_another_question_is_noted_and_the_question_asked_again():
    words = "I think it's the contractor painting the hardware store"
    updates, said = validate("amount", words, filled={"responsible": "no"})
    assert updates == {"suspected_source": words, "amount": None} and said == ["utter_field_noted"]


def test_someone_elses_discharge_going_on_now_is_not_asked_when_it_was_discovered(run):
    tracker = make_tracker("some guy is dumping paint into the storm drain on Main St rn", "report_spill",
                           [("discharge", "paint")], "bayville")
    messages, events = run(ActionStartReport(), tracker)
    assert [m["response"] for m in messages] == ["utter_report_seen_prohibited"]
    # "rn" is kept in the resident's words, read as now
    assert SlotSet("responsible", "no") in events and SlotSet("discovered", "rn") in events
    assert any(e["name"] == "discovered_at" and e["value"] for e in events)


def test_someone_elses_discharge_told_as_going_on_without_now_words_is_asked_when_it_was_discovered(run):
    # "is blowing grass clippings" says it goes on, not since when (blind typed set: "yesterday around 4pm")
    tracker = make_tracker("the landscaper next door is blowing grass clippings into the storm drain on Perry Ave",
                           "report_spill", [("discharge", "grass clippings")], "bayville")
    messages, events = run(ActionStartReport(), tracker)
    assert SlotSet("responsible", "no") in events
    assert not any(e.get("name") in ("discovered", "discovered_at") and e.get("value") for e in events)
