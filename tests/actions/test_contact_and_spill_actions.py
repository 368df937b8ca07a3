"""Contacts, yes/no to the offer of a person, spill guidance and status questions."""
import pytest
from rasa_sdk.events import FollowupAction, SlotSet

from actions.contact import ActionGiveContact
from actions.respond_affirm import ActionRespondAffirm
from actions.respond_deny import ActionRespondDeny
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
    assert events == [SlotSet("spill_route", "report")]


def test_poquott_hazardous_spill_names_emergency_dispatch_only(run):
    tracker = make_tracker("paint thinner in the drain", "report_spill", [("discharge", "paint thinner")], "poquott")
    messages, _ = run(ActionSpillGuidance(), tracker)
    assert [m["response"] for m in messages] == ["utter_spill_safety", "utter_law_topic", "utter_spill_state_hotline"]
    assert "emergency dispatch" in messages[1]["summary"] and "Police" not in messages[1]["summary"]


def test_spill_of_a_known_non_petroleum_material_skips_the_state_hotline(run):
    tracker = make_tracker("grass clippings went in the drain", "report_spill", [("discharge", "grass clippings")], "poquott")
    assert [m["response"] for m in run(ActionSpillGuidance(), tracker)[0]] == ["utter_spill_safety"]


def test_no_petroleum_line_before_the_material_is_asked(run):
    # Issue 28: the two-hour line waits for the material (the form says it if that stays unknown).
    for text in ("something spilled", "I need to report a spill from my house"):
        messages, _ = run(ActionSpillGuidance(), make_tracker(text, "report_spill"))
        assert [m["response"] for m in messages] == ["utter_spill_safety"], text


@pytest.mark.parametrize("text", [
    "there's a rainbow sheen in the gutter", "it smells like gas by the drain", "someone left unmarked drums leaking by the road",
    "fuel spilled at the curb",
])
def test_words_that_make_petroleum_possible_get_the_petroleum_line(run, text):
    messages, _ = run(ActionSpillGuidance(), make_tracker(text, "report_spill"))
    assert "utter_spill_petroleum_state_law" in [m["response"] for m in messages], text


def test_an_unknown_material_said_to_be_harmless_gets_no_hotline(run):
    text = "my pond overflowed into the street drain, muddy pond water, some algae and fish waste, no chemicals"
    messages, _ = run(ActionSpillGuidance(), make_tracker(text, "report_spill", [], "poquott"))
    assert [m["response"] for m in messages] == ["utter_spill_safety"]


def test_status_question_without_a_reference_asks_for_it(run):
    messages, _ = run(ActionTicketStatus(), make_tracker("any update on my report?", "ticket_status", village_meta="poquott"))
    assert [m["response"] for m in messages] == ["utter_ask_reference"]


def test_file_a_report_right_after_the_offer_starts_the_report_not_a_status_lookup(run):
    tracker = make_tracker("yup, file a report on them", "ticket_status", village_meta="poquott",
                           slots={"offer": "report:motor_oil"})
    messages, events = run(ActionTicketStatus(), tracker)
    assert "utter_ask_reference" not in [m.get("response") for m in messages]
    assert SlotSet("offer", None) in events
    assert any(e.get("event") == "followup" and e.get("name") == "report_form" for e in events)


def test_asking_after_a_report_with_no_offer_still_asks_for_its_reference(run):
    messages, events = run(ActionTicketStatus(), make_tracker("file a report status?", "ticket_status", village_meta="poquott"))
    assert [m["response"] for m in messages] == ["utter_ask_reference"]
    assert not any(e.get("event") == "followup" for e in events)


# --- a question about somebody else's discharge, heard as a spill report -------------------


def _verdicts(messages):
    return [m["custom"] for m in messages if (m.get("custom") or {}).get("type") == "discharge_answer"]


def test_a_question_about_the_neighbours_pool_gets_the_verdict_then_the_report_button(run):
    text = "the people next door are emptying their swimming pool into the road, are they allowed to do that?"
    messages, events = run(ActionSpillGuidance(), make_tracker(text, "report_spill", [("discharge", "swimming pool")], "poquott"))
    verdicts = _verdicts(messages)
    assert [(v["discharge"], v["verdict"]) for v in verdicts] == [("pool_water", "prohibited")]
    assert not {"utter_spill_safety", "utter_spill_safety_with_answer"} & {m["response"] for m in messages}
    assert messages[-1]["response"] == "utter_offer_report"
    assert messages[-1]["buttons"][0]["payload"].startswith("I want to report someone")
    assert SlotSet("spill_route", "answer") in events
    assert not any(e.get("name") == "report_kind" for e in events)  # no report started


def test_a_question_about_someone_pouring_oil_keeps_the_911_line_before_the_verdict(run):
    text = "a guy from the body shop poured motor oil in the catch basin, is that even legal"
    messages, events = run(ActionSpillGuidance(), make_tracker(text, "report_spill", [("discharge", "motor oil")], "bayville"))
    responses = [m["response"] for m in messages]
    assert messages[0]["custom"]["discharge"] == "motor_oil" and messages[0]["custom"]["verdict"] == "prohibited"
    assert responses[1] == "utter_spill_safety_with_answer"  # right after the verdict
    assert len(_verdicts(messages)) == 1
    assert responses[-1] == "utter_offer_report"
    assert SlotSet("spill_route", "answer") in events


def test_an_explicit_report_request_still_starts_with_safety(run):
    text = "I want to report the landscaper dumping motor oil in the drain, is that legal?"
    messages, events = run(ActionSpillGuidance(), make_tracker(text, "report_spill", [("discharge", "motor oil")], "bayville"))
    # someone else's: one safety message with the state hotline (issue 32)
    assert [m["response"] for m in messages] == ["utter_spill_safety_seen_hazardous"]
    assert not _verdicts(messages)
    assert events == [SlotSet("spill_route", "report")]


def test_the_answer_first_asks_the_village_when_none_is_known(run):
    text = "somebody is draining a swimming pool onto the street, is that legal?"
    messages, events = run(ActionSpillGuidance(), make_tracker(text, "report_spill", [("discharge", "swimming pool")]))
    assert [m["response"] for m in messages] == ["utter_ask_village"]
    pending = next(e["value"] for e in events if e.get("name") == "pending_question")
    assert pending["keys"][0] == "pool_water" and pending["about_others"] is True
    assert SlotSet("spill_route", "answer") in events


def test_a_discharge_question_about_someone_elses_hazardous_dumping_carries_the_911_line(run):
    from actions.law import ActionAnswerDischarge

    text = "the guy across the street dumps paint thinner into the catch basin, can he do that?"
    messages, _ = run(ActionAnswerDischarge(), make_tracker(text, "ask_discharge", [("discharge", "paint thinner")], "poquott"))
    responses = [m["response"] for m in messages]
    assert len(_verdicts(messages)) == 1 and messages[0]["custom"]["verdict"] == "prohibited"
    assert responses[1] == "utter_spill_safety_with_answer" and responses[-1] == "utter_offer_report"


def test_ones_own_question_about_a_hazardous_discharge_gets_no_911_line(run):
    from actions.law import ActionAnswerDischarge

    messages, _ = run(ActionAnswerDischarge(), make_tracker("can I pour paint thinner in the drain?", "ask_discharge", [], "bayville"))
    assert "utter_spill_safety_with_answer" not in [m["response"] for m in messages]


def _answered(discharge, verdict):
    return [{"event": "bot", "text": "...", "data": {"custom": {"type": "discharge_answer", "discharge": discharge, "verdict": verdict, "basis": "rule"}}}]


def test_the_offer_to_report_someone_elses_discharge_is_remembered(run):
    from actions.law import ActionAnswerDischarge

    text = "the neighbors are pumping their pool into the street, is that legal?"
    messages, events = run(ActionAnswerDischarge(), make_tracker(text, "ask_discharge", [], "bayville"))
    assert messages[-1]["response"] == "utter_offer_report"
    assert SlotSet("offer", "report:pool_water") in events


def test_yes_to_the_offer_to_report_starts_the_report_as_the_button_does(run):
    tracker = make_tracker("yes", "affirm", village_meta="poquott", slots={"offer": "report:motor_oil"})
    messages, events = run(ActionRespondAffirm(), tracker)
    responses = [m["response"] for m in messages]
    # safety first, with the state hotline for oil (the spiller's two-hour duty is not the
    # bystander's: issue 32), then the report
    assert responses[0] == "utter_spill_safety_seen_hazardous" and "utter_spill_petroleum_state_law" not in responses
    assert responses[-1] == "utter_report_start"
    assert SlotSet("report_kind", "spill") in events and SlotSet("offer", None) in events
    assert SlotSet("responsible", "no") in events  # "someone else discharging ..." is not the resident's
    assert any(e.get("name") == "material" and "oil" in str(e.get("value")) for e in events)
    assert events[-1] == FollowupAction("report_form")


def test_no_its_my_neighbours_after_an_answer_says_the_rule_is_the_same_and_offers_the_report(run):
    tracker = make_tracker("no, it's my neighbour's", "deny", village_meta="bayville", events=_answered("pool_water", "conditional"))
    messages, events = run(ActionRespondDeny(), tracker)
    assert [m["response"] for m in messages] == ["utter_same_rule_for_others", "utter_offer_report"]
    # the reason given is the village's general rule in its own words, with its section
    assert messages[0]["village"] == "Bayville"
    assert '§ 63A-5A: "No person shall discharge or cause to be discharged' in messages[0]["source"]
    assert "not legal advice" in messages[0]["legal_note"]
    assert [b["title"] for b in messages[1]["buttons"]] == ["Report it"]
    assert SlotSet("offer", "report:pool_water") in events


def test_not_mine_heard_as_nothing_in_particular_gets_the_same_answer(run):
    from actions.fallback import ActionFallback

    tracker = make_tracker("not mine, the neighbors", "nlu_fallback", village_meta="poquott", events=_answered("pool_water", "prohibited"))
    messages, _ = run(ActionFallback(), tracker)
    assert [m["response"] for m in messages] == ["utter_same_rule_for_others", "utter_offer_report"]


def test_its_my_neighbours_with_no_discharge_answered_before_is_not_guessed_at(run):
    from actions.fallback import ActionFallback

    messages, _ = run(ActionFallback(), make_tracker("it's my neighbour's", "nlu_fallback", village_meta="bayville"))
    assert [m["response"] for m in messages] == ["utter_fallback"]
    messages, _ = run(ActionRespondDeny(), make_tracker("no", "deny", village_meta="bayville", events=_answered("pool_water", "conditional")))
    assert [m["response"] for m in messages] == ["utter_anything_else"]


def test_by_sms_the_spill_opening_has_wording_of_its_own(run):
    """The 911 line and the hotline in the SMS wording of data/messages.yml; the web keeps the domain's."""
    from stormwater.store.wording import load_messages

    sms_wording = load_messages()["sms_wording"]
    tracker = make_tracker("I spilled motor oil into the drain", "report_spill", [("discharge", "motor oil")], "bayville")
    tracker.latest_message["metadata"]["channel"] = "sms"
    messages, _ = run(ActionSpillGuidance(), tracker)
    assert messages[0]["text"] == sms_wording["utter_spill_safety"] and "911" in messages[0]["text"]
    assert messages[-1]["text"] == sms_wording["utter_spill_petroleum_state_law"] and "1-800-457-7362" in messages[-1]["text"]
    # The village's hazardous-spill rule is the law's own answer, the same on every channel.
    assert messages[1]["response"] == "utter_law_topic" and messages[1]["custom"]["topic"] == "hazardous_spill"
    web, _ = run(ActionSpillGuidance(), make_tracker("I spilled motor oil into the drain", "report_spill",
                                                     [("discharge", "motor oil")], "bayville"))
    assert [m.get("response") for m in web] == ["utter_spill_safety", "utter_law_topic", "utter_spill_petroleum_state_law"]
