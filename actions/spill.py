"""A resident reports a spill: safety comes before any question."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import current_village, send
from stormwater.reports.form_reader import hazard_from_words, material_keys
from stormwater.law.knowledge import answer_topic
from stormwater.law.replies import topic_replies
from stormwater.law.spills import is_hazardous, mentions_petroleum


class ActionSpillGuidance(Action):
    """Call 911 first when in doubt, then whom the village's law says to notify; New York's
    petroleum hotline; then the report form starts."""

    def name(self) -> Text:
        return "action_spill_guidance"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        # Negation-aware: "pond water, no chemicals" names no solvent. A material the
        # vocabulary does not know gets the form's hazard question, not the hazardous path.
        text = tracker.latest_message.get("text") or ""
        keys = material_keys(text)
        hazard = hazard_from_words(text)
        dispatcher.utter_message(response="utter_spill_safety")
        village = current_village(tracker)
        if village is not None and keys and is_hazardous(keys):
            send(dispatcher, topic_replies(answer_topic(village, "hazardous_spill")))
        # An unknown material the resident says is harmless ("pond water, no chemicals") gets
        # neither hotline; the form's hazard question still follows.
        denied = not keys and hazard == "no"
        if mentions_petroleum(keys) and not denied:
            dispatcher.utter_message(response="utter_spill_petroleum_state_law")
        elif is_hazardous(keys) and not denied:
            # State law, no deadline: the hotline also takes hazardous releases other than petroleum.
            dispatcher.utter_message(response="utter_spill_state_hotline")
        return []
