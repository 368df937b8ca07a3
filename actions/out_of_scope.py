"""A message read as out of scope: the answer to the clarifying question asked last when it is
one ("the youth soccer team is raising money" to whose car wash it is), else what the help desk
does and does not do."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.law_answers import clear_clarification
from actions.law_followup_answers import answer_clarification


class ActionOutOfScope(Action):
    """Out of scope, unless it answers the clarifying question just asked."""

    def name(self) -> Text:
        return "action_out_of_scope"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        if tracker.get_slot("clarifying"):
            clarified = answer_clarification(dispatcher, tracker)
            if clarified is not None:
                return clarified
        dispatcher.utter_message(response="utter_out_of_scope")
        return clear_clarification(tracker)
