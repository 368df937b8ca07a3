"""An e-mail address typed (intent ``give_email``): the receipt's address if one was offered
(:mod:`actions.receipt_offer`), else why the help desk asks for none."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.receipt_offer import answer_receipt, offered_receipt
from stormwater.store.wording import load_messages


class ActionReceiptAddress(Action):
    """An e-mail address typed: the receipt's address if one was offered, else why we ask none."""

    def name(self) -> Text:
        return "action_receipt_address"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        answered = answer_receipt(dispatcher, tracker, None)
        if answered is not None:
            return answered
        dispatcher.utter_message(text=load_messages()["receipt"]["unclear" if offered_receipt(tracker) else "not_now"])
        return []
