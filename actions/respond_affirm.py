"""A yes: the answer to the clarifying question asked last, else the last offer taken up (a
person, a message to staff, a report, update texts, the e-mail receipt)."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import FollowupAction, SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.contact_reply import give_contact
from actions.law_followup_answers import answer_clarification
from actions.offer_answers import answer_open_offer
from actions.report_start import begin_report
from actions.report_taken_up import take_up_report
from stormwater.dialogue.offers import offered_report
from stormwater.understanding.answer_words import wants_no_contact


class ActionRespondAffirm(Action):
    """"Yes" takes up the last offer: the SMO's contact, or a message to staff."""

    def name(self) -> Text:
        return "action_respond_affirm"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        clarified = answer_clarification(dispatcher, tracker)  # "yes" to "is anything in the water?"
        if clarified is not None:
            return clarified
        answered = answer_open_offer(dispatcher, tracker, not wants_no_contact(tracker.latest_message.get("text") or ""))
        if answered is not None:  # update texts, or the e-mail receipt
            return answered
        offer = tracker.get_slot("offer")
        if offer == "person":
            return give_contact(dispatcher, tracker, domain)
        if offer == "handoff":
            return begin_report(dispatcher, tracker, "handoff") + [SlotSet("offer", None), FollowupAction("report_form")]
        if offered_report(offer) is not None:
            return take_up_report(dispatcher, tracker)
        dispatcher.utter_message(response="utter_anything_else")
        return []
