"""A report stopped at the resident's word: nothing is filed, its answers are forgotten."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.report_marker import mark_report
from actions.report_end import cancel_report


class ActionCancelReport(Action):
    """Stop the report; nothing is filed."""

    def name(self) -> Text:
        return "action_cancel_report"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        mark_report(tracker.sender_id, False)
        return cancel_report(dispatcher)
