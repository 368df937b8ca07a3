"""Actions that answer the law, with the exact messages and events they produce."""
import pytest
from rasa_sdk.events import SlotSet

from actions.law import ActionAnswerDischarge, ActionAnswerTopic
from actions.village import ActionSetVillage
from stormwater.followups import asks_what_instead
from stormwater.knowledge import answer_discharge
from tests.actions.conftest import make_tracker


def test_pool_water_in_bayville_is_conditional(run, bayville):
    tracker = make_tracker("can I drain my pool into the street?", "ask_discharge", [("discharge", "pool")], "bayville")
    messages, events = run(ActionAnswerDischarge(), tracker)
    first = messages[0]
    assert first["response"] == "utter_discharge_conditional"
    assert first["custom"] == answer_discharge(bayville, "pool_water").payload()
    assert first["custom"]["verdict"] == "conditional"
    assert first["village"] == "Bayville"
    assert "dechlorinated" in first["conditions"]
    assert messages[1]["response"] == "utter_discharge_caveats"
    assert events == [
        SlotSet("village", "bayville"),
        SlotSet("pending_question", None),
        SlotSet("offer", None),
    ]


def test_pool_water_in_poquott_is_prohibited(run):
    tracker = make_tracker("can I drain my pool into the street?", "ask_discharge", [("discharge", "pool")], "poquott")
    messages, _ = run(ActionAnswerDischarge(), tracker)
    assert [m["response"] for m in messages] == ["utter_discharge_prohibited", None]
    assert messages[0]["custom"]["verdict"] == "prohibited"
    assert messages[0]["custom"]["village"] == "poquott"
    assert "§ 132-3" in messages[0]["custom"]["citation"]
    # The next step: what the ordinance allows or leaves open instead, and whom to ask.
    alternatives = messages[1]["text"]
    assert alternatives.startswith(messages[0]["custom"]["alternatives"])
    assert "hauled away" in alternatives and "own lawn" in alternatives and "not named in the ordinance" in alternatives
    assert "§ 132-7A" in alternatives and alternatives.endswith("Stormwater Management Officer: (631) 555-0101.")


def test_discharge_found_in_text_when_no_entity(run):
    tracker = make_tracker("my sump pomp hose goes to the gutter ok?", "ask_discharge", [], "poquott")
    messages, _ = run(ActionAnswerDischarge(), tracker)
    assert messages[0]["custom"]["discharge"] == "sump_pump"
    assert messages[0]["custom"]["verdict"] == "allowed"


def test_a_village_named_in_the_message_wins_over_the_slot(run):
    tracker = make_tracker(
        "in poquott can I drain my pool", "ask_discharge", [("discharge", "pool"), ("village", "poquott")],
        slots={"village": "bayville"},
    )
    messages, events = run(ActionAnswerDischarge(), tracker)
    assert messages[0]["custom"]["village"] == "poquott"
    assert SlotSet("village", "poquott") in events


def test_unknown_discharge_gets_general_rule_and_offer_of_a_person(run):
    tracker = make_tracker("can I pour maple syrup in the drain", "ask_discharge", [], "bayville")
    messages, events = run(ActionAnswerDischarge(), tracker)
    responses = [m["response"] for m in messages]
    assert responses[0] == "utter_discharge_general_rule"
    assert responses[-1] == "utter_offer_person"
    assert messages[0]["custom"]["basis"] == "general_rule"
    assert messages[0]["custom"]["discharge"] is None
    assert SlotSet("offer", "person") in events


def test_two_discharges_in_one_question_get_two_answers(run):
    tracker = make_tracker("can my sump pump and my washing machine drain to the street", "ask_discharge", [], "bayville")
    messages, _ = run(ActionAnswerDischarge(), tracker)
    payloads = [m["custom"]["discharge"] for m in messages if m.get("custom")]
    assert payloads == ["sump_pump", "washing_machine"]


def test_no_village_asks_and_keeps_the_question(run):
    tracker = make_tracker("can I drain my pool", "ask_discharge", [("discharge", "pool")])
    messages, events = run(ActionAnswerDischarge(), tracker)
    assert messages[0]["response"] == "utter_ask_village"
    assert [b["payload"] for b in messages[0]["buttons"]] == ["Bayville", "Poquott"]
    assert events == [
        SlotSet("pending_question", {"kind": "discharge", "keys": ["pool_water"], "asked": "can I drain my pool"})
    ]


def test_naming_the_village_answers_the_pending_question(run):
    pending = {"kind": "discharge", "keys": ["pool_water"], "asked": "can I drain my pool"}
    tracker = make_tracker("Poquott", "inform_village", [("village", "Poquott")], slots={"pending_question": pending})
    messages, events = run(ActionSetVillage(), tracker)
    assert messages[0]["custom"]["verdict"] == "prohibited"
    assert events[0] == SlotSet("village", "poquott")
    assert SlotSet("pending_question", None) in events


def test_naming_an_unknown_village_lists_the_known_ones(run):
    messages, events = run(ActionSetVillage(), make_tracker("Oyster Bay", "inform_village"))
    assert messages[0]["response"] == "utter_unknown_village"
    assert messages[0]["village_list"] == "Bayville and Poquott"
    assert events == []


def test_topic_follows_the_intent(run):
    messages, _ = run(ActionAnswerTopic(), make_tracker("how long to appeal", "ask_appeals", village_meta="poquott"))
    assert messages[0]["response"] == "utter_law_topic"
    assert messages[0]["custom"]["topic"] == "appeals"
    assert "15 days" in messages[0]["summary"]


def test_topic_not_covered_offers_a_person(run):
    messages, events = run(
        ActionAnswerTopic(), make_tracker("do I need a permit to connect", "ask_connection_permits", village_meta="poquott")
    )
    assert [m["response"] for m in messages] == ["utter_law_topic_not_covered", "utter_offer_person"]
    assert messages[0]["custom"]["covered"] is False
    assert SlotSet("offer", "person") in events


def _bot(custom):
    return {"event": "bot", "text": "...", "data": {"custom": custom}}


def test_asking_how_to_get_rid_of_it_after_a_not_allowed_gets_what_to_do_instead(run):
    before = [_bot({"type": "discharge_answer", "discharge": "pool_water", "verdict": "prohibited", "basis": "rule"})]
    tracker = make_tracker("How am I supposed to get rid of it?", "ask_discharge", [], "poquott", events=before)
    messages, _ = run(ActionAnswerDischarge(), tracker)
    assert len(messages) == 1 and messages[0]["text"].startswith("What you may do instead")
    assert "hauled away" in messages[0]["text"]


@pytest.mark.parametrize("previous", [
    {"type": "discharge_answer", "discharge": "sump_pump", "verdict": "allowed", "basis": "rule"},
    {"type": "discharge_answer", "discharge": None, "verdict": "prohibited", "basis": "general_rule"},
])
def test_without_a_not_allowed_before_the_question_gets_the_usual_answer(run, previous):
    tracker = make_tracker("How am I supposed to get rid of it?", "ask_discharge", [], "poquott", events=[_bot(previous)])
    messages, _ = run(ActionAnswerDischarge(), tracker)
    assert messages[0]["response"] == "utter_discharge_general_rule"


@pytest.mark.parametrize("text, expected", [
    ("How am I supposed to get rid of it?", True), ("where can I dump it then", True),
    ("what can I do instead?", True), ("how should I dispose of it", True),
    ("can I drain my pool?", False), ("is pet waste allowed", False),
])
def test_what_instead_questions(text, expected):
    assert asks_what_instead(text) is expected
