"""The resident asks to report: a spill, a septic problem or a dye test (the form follows)."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.conversation import current_village
from actions.report_start import begin_report
from actions.spill_start import offer_taken_up

KIND_BY_INTENT = {"report_spill": "spill", "report_septic": "septic", "notify_dye_test": "dye_test"}


class ActionStartReport(Action):
    """Begin the report the resident asked for; the form then asks its questions."""

    def name(self) -> Text:
        return "action_start_report"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        intent = (tracker.latest_message.get("intent") or {}).get("name")
        kind = KIND_BY_INTENT.get(intent, "spill")
        village = current_village(tracker)
        if kind == "dye_test" and village:
            smo = village.contact("smo")
            dispatcher.utter_message(response="utter_dye_test_notice", smo_title=smo["title"], smo_phone=smo["phone"])
        words = offer_taken_up(tracker) if kind == "spill" else None
        if words is not None:
            return begin_report(dispatcher, tracker, kind, words) + [SlotSet("offer", None)]
        return begin_report(dispatcher, tracker, kind)
