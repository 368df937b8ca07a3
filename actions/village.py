"""The resident names their village."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import named_village
from actions.law_answers import answer_question
from stormwater.dialogue.replies import village_buttons, village_list
from stormwater.law.villages import get_village, load_villages


class ActionSetVillage(Action):
    """Remember the village named, then answer the question that waited for it."""

    def name(self) -> Text:
        return "action_set_village"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        village = named_village(tracker) or get_village(tracker.latest_message.get("text"))
        if village is None:
            villages = list(load_villages().values())
            dispatcher.utter_message(
                response="utter_unknown_village", buttons=village_buttons(villages), village_list=village_list(villages)
            )
            return []
        events: List[Dict[str, Any]] = [SlotSet("village", village.slug)]
        pending = tracker.get_slot("pending_question")
        if pending:
            return events + answer_question(dispatcher, village, pending, tracker)
        dispatcher.utter_message(response="utter_village_set", village_name=village.name)
        return events
