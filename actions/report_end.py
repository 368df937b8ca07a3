"""How a report ends, from the dialogue to events: its answers forgotten, and cancelled when
the resident asks. A plain helper, no action (the report's filing and cancel actions share it)."""
from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from stormwater.dialogue import report_beginning

Events = List[Dict[str, Any]]


def clear_form() -> Events:
    """Events that empty every answer, so a new report starts fresh."""
    return [SlotSet(slot, value) for slot, value in report_beginning.cleared()]


def cancel_report(dispatcher: CollectingDispatcher) -> Events:
    """Say the report is cancelled and forget its answers."""
    dispatcher.utter_message(response="utter_report_cancelled")
    return clear_form() + [SlotSet("requested_slot", None)]
