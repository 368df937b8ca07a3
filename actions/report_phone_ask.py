"""The report form's phone question: by SMS it offers the number being texted from."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.conversation import by_sms


class ActionAskReporterPhone(Action):
    """"What number can staff call you back on?", and by text "Reply 1 for this number"."""

    def name(self) -> Text:
        return "action_ask_reporter_phone"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        # The domain's variants still choose the retry wording ("That doesn't look like ...").
        dispatcher.utter_message(response="utter_ask_reporter_phone_sms" if by_sms(tracker) else "utter_ask_reporter_phone")
        return []
