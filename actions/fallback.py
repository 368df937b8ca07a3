"""When NLU is unsure: a reference number still gets its status; anything else, suggestions."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import FollowupAction
from rasa_sdk.executor import CollectingDispatcher

from actions.law_answers import clear_clarification
from actions.law_followup_answers import answer_clarification, answer_someone_elses, answer_what_instead
from actions.law_intents import answer_discharge_question
from actions.offer_answers import answer_offer
from actions.report_start import begin_report
from actions.spill_start import safety_first
from actions.status_reply import answer_status
from stormwater.dialogue.unheard_report import names_a_discharge, tells_of_a_discharge
from stormwater.reports.ticket_store import find_reference


class ActionFallback(Action):
    """Low NLU confidence: never a guess about the law, but a reference is unmistakable."""

    def name(self) -> Text:
        return "action_fallback"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        # References are random letters, so their wording can throw the intent classifier.
        if find_reference(tracker.latest_message.get("text")):
            return answer_status(dispatcher, tracker)
        if not tracker.active_loop.get("name"):
            taken = answer_offer(dispatcher, tracker)  # "ya i want to report them", "sure, text me"
            if taken is not None:
                return taken
            # An answer to the clarifying question just asked ("my own car"), or a discharge
            # the vocabulary names exactly ("a plumber's dye test"): the words decide.
            clarified = answer_clarification(dispatcher, tracker)
            if clarified is not None:
                return clarified
            followed = answer_what_instead(dispatcher, tracker)  # "how do I get rid of it, then?"
            if followed is not None:
                return clear_clarification(tracker) + followed
            text = tracker.latest_message.get("text") or ""
            if tells_of_a_discharge(text):  # "somebody left 2 drums by the drain and theyre leaking": a report
                return safety_first(dispatcher, tracker, text) + begin_report(dispatcher, tracker, "spill") + [FollowupAction("report_form")]
            if names_a_discharge(text):
                return clear_clarification(tracker) + answer_discharge_question(dispatcher, tracker)
            whose = answer_someone_elses(dispatcher, tracker)  # "no, it's my neighbour's"
            if whose is not None:
                return whose
        dispatcher.utter_message(response="utter_fallback")
        return clear_clarification(tracker)

