"""A report's status, from a Tracker to the dispatcher: the conversation that filed it needs no
reference; any other needs the reference and its check code (stormwater/intake/status_lookup.py).
A plain helper, no action: the status action and the fallback (a reference typed when NLU is
unsure) share it."""
from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.action_db import database
from actions.conversation import current_village, village_events
from actions.replies_out import ask_for_village
from stormwater.intake import status_lookup
from stormwater.law.villages import get_village
from stormwater.reports.status_checks import find_check
from stormwater.reports.ticket_store import find_reference


def answer_status(dispatcher: CollectingDispatcher, tracker: Tracker) -> List[Dict[str, Any]]:
    """What happened to the report and when, and what comes next; otherwise what is needed."""
    village = current_village(tracker)
    if village is None:
        return ask_for_village(dispatcher, None)
    text = tracker.latest_message.get("text")
    candidates = [str(v) for v in tracker.get_latest_entity_values("reference")]
    reference = next(filter(None, map(find_reference, candidates)), None) or find_reference(text)
    with database() as db:
        lookup = status_lookup.in_conversation(db, tracker.sender_id, reference, find_check(text))
    if lookup.outcome == status_lookup.ASK_REFERENCE:
        dispatcher.utter_message(response="utter_ask_reference")
    elif lookup.outcome == status_lookup.STATUS:
        history = lookup.history
        dispatcher.utter_message(
            response="utter_ticket_status",
            reference=history.reference,
            status=history.status,
            status_text=status_lookup.status_text(history, get_village(history.village) or village),
            json_message={"type": "ticket_status", "reference": history.reference, "status": history.status},
        )
    else:
        dispatcher.utter_message(response="utter_ticket_status_refused", reference=lookup.reference,
                                 answer=status_lookup.refusal_text(lookup, village))
    return village_events(tracker, village)
