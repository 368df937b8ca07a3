"""The law's intents, from a Tracker to the dispatcher: ``ask_discharge`` (the clarifying
question's answer, else the question read afresh) and ``ask_<topic>``. A plain helper, no
action (the law, fallback and report actions share it); the decisions are
:mod:`stormwater.dialogue.law_followups`'."""
from __future__ import annotations

from rasa_sdk import Tracker
from rasa_sdk.events import FollowupAction, SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import current_village, village_events
from actions.replies_out import ask_for_village, send
from actions.law_answers import Events, answer_question, clear_clarification, legal_note_due, question_in, send_answer
from actions.law_followup_answers import answer_clarification
from actions.report_start import begin_report
from actions.spill_start import safety_first
from stormwater.dialogue import law_followups
from stormwater.dialogue.unheard_report import seen_going_on


def answer_discharge_intent(dispatcher: CollectingDispatcher, tracker: Tracker) -> Events:
    """``ask_discharge``: the clarifying question's answer, else the question read afresh."""
    clarified = answer_clarification(dispatcher, tracker)
    if clarified is not None:
        return clarified
    text = tracker.latest_message.get("text") or ""
    if seen_going_on(text):  # "my neighbor is draining his pool into the street rn": a report, not a question
        return safety_first(dispatcher, tracker, text) + begin_report(dispatcher, tracker, "spill") + [FollowupAction("report_form")]
    return clear_clarification(tracker) + answer_discharge_question(dispatcher, tracker)


def answer_discharge_question(dispatcher: CollectingDispatcher, tracker: Tracker) -> Events:
    """Read the latest message as a discharge question and answer it (or ask the village)."""
    question = question_in(tracker)
    village = current_village(tracker)
    if village is None:
        return ask_for_village(dispatcher, question)
    text = tracker.latest_message.get("text") or ""
    turn = law_followups.instead_of_answer(village, question, text, tracker.events)
    if turn is None:
        return village_events(tracker, village) + answer_question(dispatcher, village, question, tracker)
    send(dispatcher, turn.replies)
    return village_events(tracker, village) + [SlotSet(k, v) for k, v in turn.slots]


def answer_topic_intent(dispatcher: CollectingDispatcher, tracker: Tracker) -> Events:
    """``ask_<topic>``: the topic's passage, or first the verdict on a discharge it names."""
    topic = ((tracker.latest_message.get("intent") or {}).get("name") or "").removeprefix("ask_")
    named = question_in(tracker)
    village = current_village(tracker)
    if village is None:
        question = law_followups.topic_question(topic, named, village)
        return clear_clarification(tracker) + ask_for_village(dispatcher, question)
    with_note, noted = legal_note_due(tracker)
    turn = law_followups.topic_turn(village, topic, named, with_note)
    if turn is None:
        dispatcher.utter_message(response="utter_default")
        return []
    text = tracker.latest_message.get("text") or ""
    return clear_clarification(tracker) + village_events(tracker, village) + send_answer(dispatcher, turn, noted, text)
