"""Actions that answer questions about the law: discharges and law topics
(:mod:`actions.law_intents` connects them to the dialogue's functions)."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.law_intents import answer_discharge_intent, answer_topic_intent


class ActionAnswerDischarge(Action):
    """May this go into the storm drain? Answered from the village's knowledge file."""

    def name(self) -> Text:
        return "action_answer_discharge"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        return answer_discharge_intent(dispatcher, tracker)


class ActionAnswerTopic(Action):
    """Penalties, appeals, dye tests, septic systems...: the topic follows from the intent."""

    def name(self) -> Text:
        return "action_answer_topic"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        return answer_topic_intent(dispatcher, tracker)
