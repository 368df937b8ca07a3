"""A resident asks about a report (:mod:`actions.status_reply` answers)."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.status_reply import answer_status


class ActionTicketStatus(Action):
    """What happened to the report and when, and what comes next; otherwise what is needed."""

    def name(self) -> Text:
        return "action_ticket_status"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        return answer_status(dispatcher, tracker)
