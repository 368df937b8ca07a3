"""Actions that answer questions about the law: discharges and law topics."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import ask_for_village, current_village, named_discharges, send, village_events
from stormwater.followups import asks_what_instead, last_prohibited_discharge
from stormwater.knowledge import answer_discharge, answer_topic
from stormwater.replies import alternatives_reply, discharge_replies, topic_replies
from stormwater.villages import Village

# More than this many discharges in one message is a list, not a question; answer the first few.
MAX_DISCHARGES_PER_ANSWER = 3


def answer_question(dispatcher: CollectingDispatcher, village: Village, question: Dict[str, Any]) -> List[Dict[str, Any]]:
    """Answer a discharge or topic question for ``village``; returns the events to apply."""
    offered = False
    if question["kind"] == "topic":
        replies = topic_replies(answer_topic(village, question["topic"]))
        offered = not village.topics[question["topic"]].covered
        send(dispatcher, replies)
    else:
        for key in question.get("keys") or [None]:
            answer = answer_discharge(village, key, question.get("asked", ""))
            offered = offered or answer.offers_person
            send(dispatcher, discharge_replies(answer))
    return [SlotSet("pending_question", None), SlotSet("offer", "person" if offered else None)]


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
        if not question["keys"] and asks_what_instead(question["asked"]):
            # "How am I supposed to get rid of it?" right after a "Not allowed": the next step.
            previous = last_prohibited_discharge(tracker.events)
            answer = answer_discharge(village, previous) if previous else None
            if answer is not None and answer.alternatives:
                send(dispatcher, [alternatives_reply(answer)])
                return village_events(tracker, village) + [SlotSet("pending_question", None)]
        return village_events(tracker, village) + answer_question(dispatcher, village, question)


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
        return village_events(tracker, village) + answer_question(dispatcher, village, question)
