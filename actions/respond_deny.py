"""A no: the answer to the clarifying question asked last, else the last offer declined (or a
report asked for instead, or "no, it's my neighbour's")."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.law_answers import clear_clarification
from actions.law_followup_answers import answer_clarification, answer_someone_elses
from actions.offer_answers import answer_open_offer
from actions.report_taken_up import take_up_report
from stormwater.dialogue.offers import detail_after_offer, offered_report
from stormwater.understanding.offer_replies import reply_to_offer


class ActionRespondDeny(Action):
    """"No" declines the last offer, if one was made."""

    def name(self) -> Text:
        return "action_respond_deny"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        clarified = answer_clarification(dispatcher, tracker)  # "no" to "is anything in the water?"
        if clarified is not None:
            return clarified
        answered = answer_open_offer(dispatcher, tracker, False)  # "No thanks" to texts or the receipt
        if answered is not None:
            return answered
        text = tracker.latest_message.get("text") or ""
        if offered_report(tracker.get_slot("offer")) is not None and (reply_to_offer(text) == "report" or detail_after_offer(text)):
            return take_up_report(dispatcher, tracker)  # "no it's not ok then, I want to report it", "no wait, it was at ..."
        whose = answer_someone_elses(dispatcher, tracker)  # "no, it's my neighbour's"
        if whose is not None:
            return whose
        dispatcher.utter_message(response="utter_anything_else")
        return [SlotSet("offer", None)] + clear_clarification(tracker)
