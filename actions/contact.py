"""Putting the resident in touch with a person (a "yes" to the offer of one: :mod:`actions.respond_affirm`)."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.contact_reply import give_contact


class ActionGiveContact(Action):
    """Who to call: the SMO, the clerk and the police, with office hours."""

    def name(self) -> Text:
        return "action_give_contact"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        return give_contact(dispatcher, tracker, domain)
