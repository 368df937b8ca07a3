"""A resident asks about a report they filed."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import ask_for_village, current_village, village_events


class ActionTicketStatus(Action):
    """Until reports are filed in the help desk, status questions go to the clerk's office."""

    def name(self) -> Text:
        return "action_ticket_status"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        village = current_village(tracker)
        if village is None:
            return ask_for_village(dispatcher, None)
        clerk = village.contact("clerk")
        dispatcher.utter_message(
            response="utter_ticket_status_by_phone",
            clerk_title=clerk.get("title", "Village Clerk"),
            clerk_phone=clerk["phone"],
            office_hours=village.office_hours or "office hours",
        )
        return village_events(tracker, village)
