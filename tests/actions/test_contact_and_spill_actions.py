"""Contacts, yes/no to the offer of a person, spill guidance and status questions."""
from rasa_sdk.events import FollowupAction, SlotSet

from actions.contact import ActionGiveContact, ActionRespondAffirm, ActionRespondDeny
from actions.spill import ActionSpillGuidance
from actions.ticket_status import ActionTicketStatus
from tests.actions.conftest import make_tracker


def test_contacts_list_the_smo_flag_example_numbers_and_offer_a_message_to_staff(run, bayville):
    messages, events = run(ActionGiveContact(), make_tracker("I want a person", "ask_human", village_meta="bayville"))
    assert [m["response"] for m in messages] == ["utter_contacts", "utter_offer_handoff"]
    assert bayville.contact("smo")["phone"] in messages[0]["contact_lines"]
    assert messages[0]["example_note"] == " (example numbers)"
    assert SlotSet("offer", "handoff") in events


def test_contacts_during_a_report_make_no_new_offer(run):
    tracker = make_tracker("what's the number", "ask_contact", village_meta="bayville", active_loop={"name": "report_form"})
    messages, events = run(ActionGiveContact(), tracker)
    assert [m["response"] for m in messages] == ["utter_contacts"]
    assert SlotSet("offer", None) in events


def test_yes_after_an_offer_of_a_person_gives_the_contact(run):
    tracker = make_tracker("yes", "affirm", village_meta="poquott", slots={"offer": "person"})
    messages, _ = run(ActionRespondAffirm(), tracker)
    assert messages[0]["response"] == "utter_contacts"


def test_yes_after_an_offer_of_a_message_starts_a_handoff_report(run):
    tracker = make_tracker("yes", "affirm", village_meta="poquott", slots={"offer": "handoff"})
    messages, events = run(ActionRespondAffirm(), tracker)
    assert messages[0]["response"] == "utter_report_start"
    assert SlotSet("report_kind", "handoff") in events
    assert events[-1] == FollowupAction("report_form")


def test_yes_without_an_offer_just_continues(run):
    messages, events = run(ActionRespondAffirm(), make_tracker("yes", "affirm", village_meta="poquott"))
    assert [m["response"] for m in messages] == ["utter_anything_else"]
    assert events == []


def test_no_clears_the_offer(run):
    tracker = make_tracker("no", "deny", village_meta="poquott", slots={"offer": "person"})
    messages, events = run(ActionRespondDeny(), tracker)
    assert events == [SlotSet("offer", None)]


def test_spill_guidance_puts_safety_first_and_petroleum_state_law(run):
    tracker = make_tracker("I spilled motor oil into the drain", "report_spill", [("discharge", "motor oil")], "bayville")
    messages, events = run(ActionSpillGuidance(), tracker)
    assert [m["response"] for m in messages] == ["utter_spill_safety", "utter_law_topic", "utter_spill_petroleum_state_law"]
    # Bayville: after 911, the SMO, the Village Police Department and the Village Clerk.
    assert messages[1]["custom"]["topic"] == "hazardous_spill"
    assert "Village Police Department" in messages[1]["summary"] and "Village Clerk" in messages[1]["summary"]
    assert events == []


def test_poquott_hazardous_spill_names_emergency_dispatch_only(run):
    tracker = make_tracker("paint thinner in the drain", "report_spill", [("discharge", "paint thinner")], "poquott")
    messages, _ = run(ActionSpillGuidance(), tracker)
    assert [m["response"] for m in messages] == ["utter_spill_safety", "utter_law_topic", "utter_spill_state_hotline"]
    assert "emergency dispatch" in messages[1]["summary"] and "Police" not in messages[1]["summary"]


def test_spill_of_a_known_non_petroleum_material_skips_the_state_hotline(run):
    tracker = make_tracker("grass clippings went in the drain", "report_spill", [("discharge", "grass clippings")], "poquott")
    assert [m["response"] for m in run(ActionSpillGuidance(), tracker)[0]] == ["utter_spill_safety"]


def test_unknown_material_counts_as_possibly_petroleum(run):
    messages, _ = run(ActionSpillGuidance(), make_tracker("something spilled", "report_spill"))
    assert [m["response"] for m in messages] == ["utter_spill_safety", "utter_spill_petroleum_state_law"]


def test_an_unknown_material_said_to_be_harmless_gets_no_hotline(run):
    text = "my pond overflowed into the street drain, muddy pond water, some algae and fish waste, no chemicals"
    messages, _ = run(ActionSpillGuidance(), make_tracker(text, "report_spill", [], "poquott"))
    assert [m["response"] for m in messages] == ["utter_spill_safety"]


def test_status_question_without_a_reference_asks_for_it(run):
    messages, _ = run(ActionTicketStatus(), make_tracker("any update on my report?", "ticket_status", village_meta="poquott"))
    assert [m["response"] for m in messages] == ["utter_ask_reference"]
