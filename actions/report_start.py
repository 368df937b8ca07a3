"""How a report begins, from a Tracker to events: prefilled from the message that started it,
or from the words a "yes" to the offer to report stands for. A plain helper, no action (the
report, contact and offer answers share it; :mod:`actions.report_end` ends one); the decisions are
:mod:`stormwater.dialogue.report_beginning`'."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Dict, List, Optional
from zoneinfo import ZoneInfo

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.report_marker import mark_report
from actions.conversation import by_sms, current_village, village_events
from actions.replies_out import send
from stormwater.dialogue import report_beginning, report_opening
from stormwater.law.deadlines import DEFAULT_TIMEZONE
from stormwater.store.clock import utc_now

Events = List[Dict[str, Any]]


def now() -> datetime:
    """The current time where the villages are (one place, so tests can replace it).

    Residents mean local dates: "11/27/2026" read at midnight UTC would fall on the 26th in
    New York and move every deadline a day.
    """
    return utc_now().astimezone(ZoneInfo(DEFAULT_TIMEZONE))


def start_report(tracker: Tracker, kind: str, words: Optional[str] = None) -> Events:
    """Events that begin a report of ``kind``, prefilled from the message that started it
    (or from ``words``: what a "yes" to the offer to report stands for)."""
    text = tracker.latest_message.get("text") or "" if words is None else words
    found = report_beginning.opening_slots(text, kind, bool(tracker.get_slot("no_contact")), now())
    village = current_village(tracker)
    return [SlotSet(slot, value) for slot, value in found] + (village_events(tracker, village) if village else [])


def begin_report(dispatcher: CollectingDispatcher, tracker: Tracker, kind: str, words: Optional[str] = None) -> Events:
    """Say that the report begins, let its messages pass the rate limits, and prefill it
    (see :func:`start_report`); someone else's discharge told in the message is filed so."""
    text = tracker.latest_message.get("text") or ""
    seen = report_beginning.seen(text, kind, words is None)
    send(dispatcher, [report_beginning.start_reply(current_village(tracker), text, seen)], sms=by_sms(tracker))
    mark_report(tracker.sender_id, True)
    events = start_report(tracker, kind, words)
    if not seen:
        return events
    so_far = [(e.get("name"), e.get("value")) for e in events]
    return events + [SlotSet(slot, value) for slot, value in report_opening.seen_prefill(text, kind, so_far, now())]
