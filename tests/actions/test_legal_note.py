"""The not-legal-advice line: with every law answer on the web, once per conversation by SMS."""
from rasa_sdk import Tracker

from actions.law import ActionAnswerDischarge, ActionAnswerTopic
from stormwater.law.knowledge import legal_note
from stormwater.law.villages import get_village

from .conftest import make_tracker


def sms_tracker(text, intent, entities=(), slots=None):
    tracker = make_tracker(text, intent, entities, village_meta="bayville", slots=slots)
    state = tracker.current_state()
    state["latest_message"]["metadata"] = {"village": "bayville", "channel": "sms"}
    return Tracker.from_dict(state)


def note_slot(events):
    return [e["value"] for e in events if e.get("name") == "legal_note_given"]


def test_web_answers_always_carry_the_note(run):
    note = legal_note(get_village("bayville"))
    for _ in range(2):
        messages, events = run(ActionAnswerDischarge(), make_tracker(
            "can I drain my pool", "ask_discharge", [("discharge", "pool")], village_meta="bayville",
            slots={"legal_note_given": True}))
        assert messages[0]["legal_note"] == "\n" + note
        assert messages[0]["custom"]["disclaimer"] == note
        assert note_slot(events) == []


def test_sms_says_the_note_once_per_conversation(run):
    note = legal_note(get_village("bayville"))
    messages, events = run(ActionAnswerDischarge(), sms_tracker("can I drain my pool", "ask_discharge", [("discharge", "pool")]))
    assert messages[0]["legal_note"] == "\n" + note
    assert note_slot(events) == [True]

    messages, events = run(ActionAnswerTopic(), sms_tracker("what are the fines", "ask_penalties", slots={"legal_note_given": True}))
    assert messages[0]["legal_note"] == ""
    assert note_slot(events) == []


def test_sms_question_naming_two_discharges_says_it_once(run):
    messages, _ = run(ActionAnswerDischarge(), sms_tracker(
        "can my pool and my sump pump drain to the street", "ask_discharge", [("discharge", "pool"), ("discharge", "sump pump")]))
    # Both are answered, one verdict per message; the note is said once, with the first.
    notes = [m["legal_note"] for m in messages if "legal_note" in m]
    assert notes == ["\n" + legal_note(get_village("bayville"))]
    assert [m["custom"]["discharge"] for m in messages if m.get("custom")] == ["pool_water", "sump_pump"]
    assert messages[-1]["response"] == "utter_discharge_second_rule"
