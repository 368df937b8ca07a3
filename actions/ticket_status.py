"""A resident asks about a report they filed: answered only to the conversation that filed it."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import ask_for_village, current_village, village_events
from actions.action_db import database
from stormwater.store.wording import load_messages
from stormwater.reports.ticket_store import find_reference, status_for


class ActionTicketStatus(Action):
    """The status and the last note staff chose to share; anyone else gets the office number."""

    def name(self) -> Text:
        return "action_ticket_status"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        village = current_village(tracker)
        if village is None:
            return ask_for_village(dispatcher, None)
        candidates = [str(v) for v in tracker.get_latest_entity_values("reference")]
        reference = next(filter(None, map(find_reference, candidates)), None) or find_reference(
            tracker.latest_message.get("text")
        )
        if reference is None:
            dispatcher.utter_message(response="utter_ask_reference")
            return village_events(tracker, village)
        with database() as db:
            status = status_for(db, reference, tracker.sender_id)
        if status is None:
            clerk = village.contact("clerk")
            dispatcher.utter_message(
                response="utter_ticket_status_refused",
                reference=reference,
                clerk_title=clerk["title"],
                clerk_phone=clerk["phone"],
                office_hours=village.office_hours or "office hours",
            )
        else:
            note = load_messages()["ticket_status_note"].format(note=status.shared_note) if status.shared_note else ""
            dispatcher.utter_message(
                response="utter_ticket_status",
                reference=status.reference,
                status=status.status,
                note=note,
                json_message={"type": "ticket_status", "reference": status.reference, "status": status.status},
            )
        return village_events(tracker, village)
