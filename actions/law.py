"""Actions that answer questions about the law: discharges and law topics."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import ask_for_village, current_village, named_discharges, send, village_events
from stormwater.knowledge import answer_discharge, answer_topic
from stormwater.replies import discharge_replies, topic_replies
from stormwater.villages import Village

# More than this many discharges in one message is a list, not a question; answer the first few.
MAX_DISCHARGES_PER_ANSWER = 3


def _sms(tracker: Optional[Tracker]) -> bool:
    metadata = (tracker.latest_message.get("metadata") or {}) if tracker is not None else {}
    return metadata.get("channel") == "sms"


def answer_question(
    dispatcher: CollectingDispatcher, village: Village, question: Dict[str, Any], tracker: Optional[Tracker] = None
) -> List[Dict[str, Any]]:
    """Answer a discharge or topic question for ``village``; returns the events to apply.

    The not-legal-advice line ends every answer, except by SMS once it was sent in the
    conversation (a text costs by the segment; the web page shows it with every answer).
    """
    offered = False
    sms = _sms(tracker)
    with_note = not (sms and tracker.get_slot("legal_note_given"))
    if question["kind"] == "topic":
        replies = topic_replies(answer_topic(village, question["topic"]), with_note=with_note)
        offered = not village.topics[question["topic"]].covered
        send(dispatcher, replies)
    else:
        for i, key in enumerate(question.get("keys") or [None]):
            answer = answer_discharge(village, key, question.get("asked", ""))
            offered = offered or answer.offers_person
            send(dispatcher, discharge_replies(answer, with_note=with_note and (i == 0 or not sms)))
    events = [SlotSet("pending_question", None), SlotSet("offer", "person" if offered else None)]
    if sms and with_note:
        events.append(SlotSet("legal_note_given", True))
    return events


class ActionAnswerDischarge(Action):
    """May this go into the storm drain? Answered from the village's knowledge file."""

    def name(self) -> Text:
        return "action_answer_discharge"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        question = {
            "kind": "discharge",
            "keys": named_discharges(tracker)[:MAX_DISCHARGES_PER_ANSWER],
            "asked": tracker.latest_message.get("text") or "",
        }
        village = current_village(tracker)
        if village is None:
            return ask_for_village(dispatcher, question)
        return village_events(tracker, village) + answer_question(dispatcher, village, question, tracker)


class ActionAnswerTopic(Action):
    """Penalties, appeals, dye tests, septic systems...: the topic follows from the intent."""

    def name(self) -> Text:
        return "action_answer_topic"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        intent = (tracker.latest_message.get("intent") or {}).get("name") or ""
        question = {"kind": "topic", "topic": intent.removeprefix("ask_")}
        village = current_village(tracker)
        if village is None:
            return ask_for_village(dispatcher, question)
        if question["topic"] not in village.topics:
            dispatcher.utter_message(response="utter_default")
            return []
        return village_events(tracker, village) + answer_question(dispatcher, village, question, tracker)
