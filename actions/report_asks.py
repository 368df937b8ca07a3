"""The report form's own questions: the hazard question in the village's words, and the
read-back (or which field to change)."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.conversation import current_village
from stormwater.dialogue.report_fields import field_title
from stormwater.dialogue import guided_report as reports
from stormwater.store.wording import load_messages


class ActionAskHazard(Action):
    """The hazard question, in the words of the village's own definition where it has one."""

    def name(self) -> Text:
        return "action_ask_hazard"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        village = current_village(tracker)
        if tracker.get_slot("report_retry") == "hazard":
            dispatcher.utter_message(response="utter_hazard_unclear")  # never the question again silently
        dispatcher.utter_message(response="utter_ask_hazard", hazard_question=reports.hazard_question(village))
        return []


class ActionAskConfirm(Action):
    """The read-back: everything that will be filed, then Yes / Change (or which field to change)."""

    def name(self) -> Text:
        return "action_ask_confirm"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        kind = tracker.get_slot("report_kind") or "spill"
        slots = reports.questions_for(kind)
        if tracker.get_slot("report_retry") == "confirm_change":
            buttons = [{"title": field_title(s), "payload": f"change {s}"} for s in slots
                       if not (s == "reporter_phone" and tracker.get_slot("no_contact"))]
            dispatcher.utter_message(response="utter_ask_which_change", buttons=buttons)
            return []
        if tracker.get_slot("report_retry") == "confirm":
            dispatcher.utter_message(response="utter_readback_unclear")  # never the read-back again silently
        answers = {slot: tracker.get_slot(slot) for slot in slots}
        if tracker.get_slot("no_contact") and answers.get("reporter_phone") == "none":
            answers["reporter_phone"] = load_messages()["no_contact_shown"]
        answers["suspected_source"] = tracker.get_slot("suspected_source")
        lines = reports.readback_lines(kind, answers, tracker.get_slot("discovered_at"), field_title)
        dispatcher.utter_message(response="utter_readback", summary="\n".join(lines))
        return []
