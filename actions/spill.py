"""A resident reports a spill: safety first, then what the village's law asks."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import ask_for_village, current_village, named_discharges, village_events
from actions.law import answer_question
from stormwater.spills import mentions_petroleum


class ActionSpillGuidance(Action):
    """911 first when in doubt; state petroleum law; then the village's notice rules and contact."""

    def name(self) -> Text:
        return "action_spill_guidance"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        dispatcher.utter_message(response="utter_spill_safety")
        if mentions_petroleum(named_discharges(tracker)):
            dispatcher.utter_message(response="utter_spill_petroleum_state_law")
        question = {"kind": "topic", "topic": "spill_rules"}
        village = current_village(tracker)
        if village is None:
            return ask_for_village(dispatcher, question)
        events = village_events(tracker, village) + answer_question(dispatcher, village, question)
        smo = village.contact("smo")
        dispatcher.utter_message(
            response="utter_spill_not_a_notice",
            smo_title=smo.get("title", "Stormwater Management Officer"),
            smo_phone=smo["phone"],
        )
        return events
