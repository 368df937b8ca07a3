"""Putting the resident in touch with a person, and the replies to yes or no."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import ask_for_village, current_village, response_text, send, village_events
from stormwater.replies import contact_replies


def give_contact(dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
    """The village's contacts, or first the question which village."""
    village = current_village(tracker)
    if village is None:
        return ask_for_village(dispatcher, None)
    send(dispatcher, contact_replies(village, response_text(domain, "utter_example_contacts_note")))
    return village_events(tracker, village) + [SlotSet("offered_person", False)]


class ActionGiveContact(Action):
    """Who to call: the SMO, the clerk and the police, with office hours."""

    def name(self) -> Text:
        return "action_give_contact"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        return give_contact(dispatcher, tracker, domain)


class ActionRespondAffirm(Action):
    """"Yes" takes up the offer of a person when one was made; otherwise it just continues."""

    def name(self) -> Text:
        return "action_respond_affirm"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        if tracker.get_slot("offered_person"):
            return give_contact(dispatcher, tracker, domain)
        dispatcher.utter_message(response="utter_anything_else")
        return []


class ActionRespondDeny(Action):
    """"No" declines the offer of a person, if one was made."""

    def name(self) -> Text:
        return "action_respond_deny"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        dispatcher.utter_message(response="utter_anything_else")
        return [SlotSet("offered_person", False)]
