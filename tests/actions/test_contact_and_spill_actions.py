"""Contacts, yes/no to the offer of a person, spill guidance and status questions."""
from rasa_sdk.events import SlotSet

from actions.contact import ActionGiveContact, ActionRespondAffirm, ActionRespondDeny
from actions.spill import ActionSpillGuidance
from actions.tickets import ActionTicketStatus
from tests.actions.conftest import make_tracker


def test_contacts_list_the_smo_and_flag_example_numbers(run, bayville):
    messages, events = run(ActionGiveContact(), make_tracker("I want a person", "ask_human", village_meta="bayville"))
    assert messages[0]["response"] == "utter_contacts"
    assert bayville.contact("smo")["phone"] in messages[0]["contact_lines"]
    assert messages[0]["example_note"] == " (example numbers)"
    assert SlotSet("offered_person", False) in events


def test_yes_after_an_offer_gives_the_contact(run):
    tracker = make_tracker("yes", "affirm", village_meta="poquott", slots={"offered_person": True})
    messages, _ = run(ActionRespondAffirm(), tracker)
    assert messages[0]["response"] == "utter_contacts"


def test_yes_without_an_offer_just_continues(run):
    messages, events = run(ActionRespondAffirm(), make_tracker("yes", "affirm", village_meta="poquott"))
    assert [m["response"] for m in messages] == ["utter_anything_else"]
    assert events == []


def test_no_clears_the_offer(run):
    tracker = make_tracker("no", "deny", village_meta="poquott", slots={"offered_person": True})
    messages, events = run(ActionRespondDeny(), tracker)
    assert events == [SlotSet("offered_person", False)]


def test_spill_guidance_puts_safety_first_and_petroleum_state_law(run, bayville):
    tracker = make_tracker("I spilled motor oil into the drain", "report_spill", [("discharge", "motor oil")], "bayville")
    messages, _ = run(ActionSpillGuidance(), tracker)
    responses = [m["response"] for m in messages]
    assert responses[:2] == ["utter_spill_safety", "utter_spill_petroleum_state_law"]
    assert "utter_law_topic" in responses
    assert messages[-1]["response"] == "utter_spill_not_a_notice"
    assert messages[-1]["smo_phone"] == bayville.contact("smo")["phone"]


def test_spill_of_a_known_non_petroleum_material_skips_the_state_hotline(run):
    tracker = make_tracker("grass clippings went in the drain", "report_spill", [("discharge", "grass clippings")], "poquott")
    responses = [m["response"] for m in run(ActionSpillGuidance(), tracker)[0]]
    assert responses[0] == "utter_spill_safety"
    assert "utter_spill_petroleum_state_law" not in responses


def test_spill_without_village_still_says_call_911_first(run):
    messages, events = run(ActionSpillGuidance(), make_tracker("something spilled", "report_spill"))
    responses = [m["response"] for m in messages]
    assert responses == ["utter_spill_safety", "utter_spill_petroleum_state_law", "utter_ask_village"]
    assert events == [SlotSet("pending_question", {"kind": "topic", "topic": "spill_rules"})]


def test_ticket_status_points_to_the_clerk(run, poquott):
    messages, _ = run(ActionTicketStatus(), make_tracker("status of PQT-123456", "ticket_status", village_meta="poquott"))
    assert messages[0]["clerk_phone"] == poquott.contact("clerk")["phone"]
