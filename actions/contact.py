"""Putting the resident in touch with a person, and the replies to yes or no."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import FollowupAction, SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.contact_reply import give_contact
from actions.law import answer_clarification, answer_someone_elses, clear_clarification, offered_report
from actions.report_form import begin_report
from actions.spill import offer_taken_up, safety_first
from stormwater.reports.answer_words import reply_to_offer, wants_no_contact
from stormwater.law.meaning_replies import report_words
from actions.receipt_offer import answer_receipt
from actions.updates import answer_updates


class ActionGiveContact(Action):
    """Who to call: the SMO, the clerk and the police, with office hours."""

    def name(self) -> Text:
        return "action_give_contact"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        return give_contact(dispatcher, tracker, domain)


class ActionRespondAffirm(Action):
    """"Yes" takes up the last offer: the SMO's contact, or a message to staff."""

    def name(self) -> Text:
        return "action_respond_affirm"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        clarified = answer_clarification(dispatcher, tracker)  # "yes" to "is anything in the water?"
        if clarified is not None:
            return clarified
        text = tracker.latest_message.get("text") or ""
        updates = answer_updates(dispatcher, tracker, not wants_no_contact(text))  # "yes" to texts about a report
        if updates is not None:
            return updates
        receipt = answer_receipt(dispatcher, tracker, "no" if wants_no_contact(text) else "yes")  # "Email me a receipt"
        if receipt is not None:
            return receipt
        offer = tracker.get_slot("offer")
        if offer == "person":
            return give_contact(dispatcher, tracker, domain)
        if offer == "handoff":
            return begin_report(dispatcher, tracker, "handoff") + [SlotSet("offer", None), FollowupAction("report_form")]
        reported = offered_report(tracker)
        if reported is not None:
            return take_up_report(dispatcher, tracker)
        dispatcher.utter_message(response="utter_anything_else")
        return []


def take_up_report(dispatcher: CollectingDispatcher, tracker: Tracker) -> List[Dict[Text, Any]]:
    """"yes" to "Want village staff to look into it?": as if the "Report it" button was tapped,
    with the question's own words, so the place and whose it is are not asked again."""
    words = offer_taken_up(tracker) or report_words((offered_report(tracker) or None))
    events = safety_first(dispatcher, tracker, words) + begin_report(dispatcher, tracker, "spill", words)
    return events + [SlotSet("offer", None), FollowupAction("report_form")]


class ActionRespondDeny(Action):
    """"No" declines the last offer, if one was made."""

    def name(self) -> Text:
        return "action_respond_deny"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        clarified = answer_clarification(dispatcher, tracker)  # "no" to "is anything in the water?"
        if clarified is not None:
            return clarified
        updates = answer_updates(dispatcher, tracker, False)
        if updates is not None:
            return updates
        receipt = answer_receipt(dispatcher, tracker, "no")  # "No thanks" to the e-mail receipt
        if receipt is not None:
            return receipt
        if offered_report(tracker) is not None and reply_to_offer(tracker.latest_message.get("text") or "") == "report":
            return take_up_report(dispatcher, tracker)  # "no it's not ok then, I want to report it"
        whose = answer_someone_elses(dispatcher, tracker)  # "no, it's my neighbour's"
        if whose is not None:
            return whose
        dispatcher.utter_message(response="utter_anything_else")
        return [SlotSet("offer", None)] + clear_clarification(tracker)
