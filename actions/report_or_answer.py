"""A report heard for something that needs no safety steps first (a failing septic system):
the form starts, unless the message asks whether it is lawful; then the answer comes first,
with the offer to report (``stormwater.dialogue.spill_route.asks_the_law``). The
``spill_route`` slot tells the rules which way the conversation goes (``bot/rules.yml``).
"""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.spill_start import answer_first
from stormwater.dialogue import spill_route


class ActionReportOrAnswer(Action):
    """The report form, or the answer first when the report asks about the law."""

    def name(self) -> Text:
        return "action_report_or_answer"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        if spill_route.asks_the_law(tracker.latest_message.get("text") or ""):
            return [SlotSet("spill_route", spill_route.ANSWER)] + answer_first(dispatcher, tracker)
        return [SlotSet("spill_route", spill_route.REPORT)]
