"""A resident reports a spill: safety comes before any question.

A message heard as a spill report may be a question about the law ("my neighbor is pumping
his pool into the street, is that legal?"): it gets the verdict first, then the offer to
report (``stormwater/dialogue/spill_route.py``). The ``spill_route`` slot tells the rules which way
the conversation goes (``bot/rules.yml``); :mod:`actions.spill_start` says it.
"""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.spill_start import answer_first, offer_taken_up, safety_first
from stormwater.dialogue import spill_route
from stormwater.dialogue.unheard_report import seen_going_on
from stormwater.understanding.meaning import read_question


class ActionSpillGuidance(Action):
    """Call 911 first when in doubt, then whom the village's law says to notify; New York's
    petroleum hotline; then the report form starts. A question about the law is answered
    instead, with the offer to report."""

    def name(self) -> Text:
        return "action_spill_guidance"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        text = tracker.latest_message.get("text") or ""
        words = offer_taken_up(tracker)
        if words is not None:
            # "ya i want to report them" after the answer: the report of what was asked about
            # (action_start_report reads the same words).
            return safety_first(dispatcher, tracker, words)
        entities = [str(v) for v in tracker.get_latest_entity_values("discharge")]
        if spill_route.route(text, read_question(text, entities)) == spill_route.ANSWER and not seen_going_on(text):
            return [SlotSet("spill_route", spill_route.ANSWER)] + answer_first(dispatcher, tracker)
        return safety_first(dispatcher, tracker, text)
