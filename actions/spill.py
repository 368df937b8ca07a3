"""A resident reports a spill: safety comes before any question."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import named_discharges
from stormwater.spills import mentions_petroleum


class ActionSpillGuidance(Action):
    """Call 911 first when in doubt; New York's petroleum hotline; then the report form starts."""

    def name(self) -> Text:
        return "action_spill_guidance"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        dispatcher.utter_message(response="utter_spill_safety")
        if mentions_petroleum(named_discharges(tracker)):
            dispatcher.utter_message(response="utter_spill_petroleum_state_law")
        return []
