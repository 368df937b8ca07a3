"""Answers about the law, from a Tracker to the dispatcher: a discharge or topic question, the
clarifying question's answer, "no, it's my neighbour's" and "how do I get rid of it then?".
A plain helper, no action: the law, spill, contact, fallback, village and report actions share
it; the decisions are :mod:`stormwater.dialogue.law_questions`'."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import ask_for_village, by_sms, current_village, send, village_events
from stormwater.dialogue import law_turns
from stormwater.dialogue.law_questions import discharge_question, verdict_first
from stormwater.dialogue.offers import report_offer
from stormwater.law.followups import asks_what_instead, last_discharge_answered, last_prohibited_discharge, says_someone_elses
from stormwater.law.knowledge import answer_discharge, answer_topic
from stormwater.law.meaning import topic_adds_to
from stormwater.law.meaning_replies import someone_elses_replies
from stormwater.law.replies import alternatives_reply, topic_replies
from stormwater.law.villages import Village

Events = List[Dict[str, Any]]


def question_in(tracker: Tracker) -> Dict[str, Any]:
    """The latest message read as a discharge question."""
    entities = [str(v) for v in tracker.get_latest_entity_values("discharge")]
    return discharge_question(tracker.latest_message.get("text") or "", entities)


def _legal_note_due(tracker: Optional[Tracker]) -> Tuple[bool, Events]:
    """Whether this answer ends with the not-legal-advice line, and the events that remember
    it was sent (by SMS it is sent once per conversation; a text costs by the segment)."""
    sms = by_sms(tracker)
    with_note = not (sms and tracker.get_slot("legal_note_given"))
    return with_note, [SlotSet("legal_note_given", True)] if sms and with_note else []


def answer_question(dispatcher: CollectingDispatcher, village: Village, question: Dict[str, Any],
                    tracker: Optional[Tracker] = None) -> Events:
    """Answer a discharge or topic question for ``village`` (or ask which case it is); returns
    the events. The not-legal-advice line ends every answer, except by SMS once it was sent in
    the conversation (a text costs by the segment; the web page shows it with every answer)."""
    with_note, noted = _legal_note_due(tracker)
    turn = law_turns.answer(village, question, with_note)
    send(dispatcher, turn.replies)
    return [SlotSet("pending_question", None)] + (noted if turn.noted else []) + [SlotSet(k, v) for k, v in turn.slots]


def answer_someone_elses(dispatcher: CollectingDispatcher, tracker: Tracker) -> Optional[Events]:
    """"No, it's my neighbour's" right after a discharge answer: the rule is the same, and
    the offer to report it. ``None`` when the message is not that, or no discharge was answered."""
    if not says_someone_elses(tracker.latest_message.get("text") or ""):
        return None
    key = last_discharge_answered(tracker.events)
    village = current_village(tracker)
    if key is None or village is None:
        return None
    with_note, noted = _legal_note_due(tracker)
    send(dispatcher, someone_elses_replies(village, key, with_note))
    return clear_clarification(tracker) + noted + [SlotSet("offer", report_offer(key))]


def answer_clarification(dispatcher: CollectingDispatcher, tracker: Tracker) -> Optional[Events]:
    """Answer the clarifying question asked last, if the latest message answers it; ``None``
    when none waits or the message is a new question (the caller goes on, and clears the slot)."""
    text = tracker.latest_message.get("text") or ""
    settled = law_turns.clarified(tracker.get_slot("clarifying"), text, tracker.events)
    if settled is None:
        return None
    if isinstance(settled, law_turns.LawTurn):  # asked again once
        send(dispatcher, settled.replies)
        return [SlotSet(k, v) for k, v in settled.slots]
    village = current_village(tracker)
    if village is None:
        return [SlotSet("clarifying", None)] + ask_for_village(dispatcher, settled)
    return [SlotSet("clarifying", None)] + village_events(tracker, village) + answer_question(dispatcher, village, settled, tracker)


def clear_clarification(tracker: Tracker) -> Events:
    """Forget a clarifying question the resident moved on from."""
    return [SlotSet("clarifying", None)] if tracker.get_slot("clarifying") else []


def answer_discharge_intent(dispatcher: CollectingDispatcher, tracker: Tracker) -> Events:
    """``ask_discharge``: the clarifying question's answer, else the question read afresh."""
    clarified = answer_clarification(dispatcher, tracker)
    if clarified is not None:
        return clarified
    return clear_clarification(tracker) + answer_discharge_question(dispatcher, tracker)


def answer_discharge_question(dispatcher: CollectingDispatcher, tracker: Tracker) -> Events:
    """Read the latest message as a discharge question and answer it (or ask the village)."""
    question = question_in(tracker)
    village = current_village(tracker)
    if village is None:
        return ask_for_village(dispatcher, question)
    if question["kind"] == "discharge" and not question["keys"]:
        followed = answer_what_instead(dispatcher, tracker)
        if followed is not None:
            return followed
    if question.get("bare_denial"):
        # an answer to a question no longer open: no general rule for a discharge nobody named
        dispatcher.utter_message(response="utter_fallback")
        return village_events(tracker, village)
    return village_events(tracker, village) + answer_question(dispatcher, village, question, tracker)


def answer_what_instead(dispatcher: CollectingDispatcher, tracker: Tracker) -> Optional[Events]:
    """"How am I supposed to get rid of it?" right after a "Not allowed": what the ordinance
    allows instead. ``None`` when the message is not that follow-up, or nothing was refused."""
    village = current_village(tracker)
    if village is None or not asks_what_instead(tracker.latest_message.get("text") or ""):
        return None
    previous = last_prohibited_discharge(tracker.events)
    answer = answer_discharge(village, previous) if previous else None
    if answer is None or not answer.alternatives:
        return None
    send(dispatcher, [alternatives_reply(answer)])
    return village_events(tracker, village) + [SlotSet("pending_question", None)]


def answer_topic_intent(dispatcher: CollectingDispatcher, tracker: Tracker) -> Events:
    """``ask_<topic>``: the topic's passage, after the verdict on a discharge it names when
    :func:`~stormwater.dialogue.law_questions.verdict_first` says so."""
    intent = (tracker.latest_message.get("intent") or {}).get("name") or ""
    question = {"kind": "topic", "topic": intent.removeprefix("ask_")}
    named = question_in(tracker)
    village = current_village(tracker)
    first = verdict_first(question["topic"], named, village)
    if village is None:
        return clear_clarification(tracker) + ask_for_village(dispatcher, named if first else question)
    if question["topic"] not in village.topics:
        dispatcher.utter_message(response="utter_default")
        return []
    if first:
        # one verdict, then the topic's own passage (the fines), never the topic instead
        events = answer_question(dispatcher, village, named, tracker)
        if not named.get("clarify") and topic_adds_to(village, question["topic"], named["keys"][0], named["asked"]):
            send(dispatcher, topic_replies(answer_topic(village, question["topic"]), with_note=False))
        return clear_clarification(tracker) + village_events(tracker, village) + events
    return clear_clarification(tracker) + village_events(tracker, village) + answer_question(dispatcher, village, question, tracker)
