"""Answers about the law, from a Tracker to the dispatcher: a question read and answered, with
the not-legal-advice line when due. A plain helper, no action (the law, spill, village and
report actions share it); the decisions are :mod:`stormwater.dialogue.law_turns`'."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import by_sms
from actions.replies_out import send
from stormwater.dialogue import law_turns
from stormwater.dialogue.law_questions import discharge_question
from stormwater.dialogue.offers import own_release_offer
from stormwater.law.villages import Village

Events = List[Dict[str, Any]]


def question_in(tracker: Tracker) -> Dict[str, Any]:
    """The latest message read as a discharge question."""
    entities = [str(v) for v in tracker.get_latest_entity_values("discharge")]
    return discharge_question(tracker.latest_message.get("text") or "", entities)


def legal_note_due(tracker: Optional[Tracker]) -> Tuple[bool, Events]:
    """Whether this answer ends with the not-legal-advice line, and the events that remember
    it was sent (by SMS it is sent once per conversation; a text costs by the segment)."""
    sms = by_sms(tracker)
    with_note = not (sms and tracker.get_slot("legal_note_given"))
    return with_note, [SlotSet("legal_note_given", True)] if sms and with_note else []


def send_answer(dispatcher: CollectingDispatcher, turn: law_turns.LawTurn, noted: Events, text: str = "") -> Events:
    """Send an answer's replies; its events, the not-legal-advice line remembered if it went;
    the offer to report after it when ``text`` told of the resident's own release."""
    own = own_release_offer(text, turn.slots)
    send(dispatcher, turn.replies + ([own[0]] if own else []))
    slots = turn.slots + ([own[1]] if own else [])
    return [SlotSet("pending_question", None)] + (noted if turn.noted else []) + [SlotSet(k, v) for k, v in slots]


def answer_question(dispatcher: CollectingDispatcher, village: Village, question: Dict[str, Any],
                    tracker: Optional[Tracker] = None) -> Events:
    """Answer a discharge or topic question for ``village`` (or ask which case it is)."""
    with_note, noted = legal_note_due(tracker)
    return send_answer(dispatcher, law_turns.answer(village, question, with_note), noted, str(question.get("asked") or ""))


def clear_clarification(tracker: Tracker) -> Events:
    """Forget a clarifying question the resident moved on from."""
    return [SlotSet("clarifying", None)] if tracker.get_slot("clarifying") else []
