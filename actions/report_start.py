"""How a report begins and ends, from a Tracker to events: prefilled from the message that
started it, or from the words a "yes" to the offer to report stands for; cancelled with its
answers forgotten. A plain helper, no action: the report, contact and fallback actions share it.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Dict, List, Optional
from zoneinfo import ZoneInfo

from rasa_sdk import Tracker
from rasa_sdk.events import FollowupAction, SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.action_db import mark_report
from actions.conversation import by_sms, current_village, village_events
from actions.replies_out import send, utter
from actions.spill_start import offer_taken_up, safety_first
from stormwater.dialogue import report_opening
from stormwater.dialogue.offers import offered_report
from stormwater.law import seen_report
from stormwater.law.deadlines import DEFAULT_TIMEZONE
from stormwater.law.meaning_replies import report_words
from stormwater.reports import guided_report as reports
from stormwater.store.clock import utc_now

Events = List[Dict[str, Any]]


def now() -> datetime:
    """The current time where the villages are (one place, so tests can replace it).

    Residents mean local dates: "11/27/2026" read at midnight UTC would fall on the 26th in
    New York and move every deadline a day.
    """
    return utc_now().astimezone(ZoneInfo(DEFAULT_TIMEZONE))


def clear_form() -> Events:
    """Events that empty every answer, so a new report starts fresh."""
    return [
        SlotSet(slot, None)
        for slot in (*reports.FORM_SLOTS, "discovered_at", "report_kind", "report_cancelled", "report_retry", "suspected_source")
    ]


def start_report(tracker: Tracker, kind: str, words: Optional[str] = None) -> Events:
    """Events that begin a report of ``kind``, prefilled from the message that started it
    (or from ``words``: what a "yes" to the offer to report stands for)."""
    text = tracker.latest_message.get("text") or "" if words is None else words
    found = report_opening.prefill(text, kind, bool(tracker.get_slot("no_contact")), now())
    events = clear_form() + [SlotSet("report_kind", kind)] + [SlotSet(slot, value) for slot, value in found]
    village = current_village(tracker)
    return events + (village_events(tracker, village) if village else [])


def begin_report(dispatcher: CollectingDispatcher, tracker: Tracker, kind: str, words: Optional[str] = None) -> Events:
    """Say that the report begins, let its messages pass the rate limits, and prefill it
    (from the latest message, or ``words``; see :func:`start_report`). Someone else's
    discharge told in the message starts with the village's verdict in one line, and is
    filed as someone else's."""
    text = tracker.latest_message.get("text") or ""
    seen = kind == "spill" and words is None and seen_report.by_bystander(text)
    if seen:
        send(dispatcher, [seen_report.start_reply(current_village(tracker), text)], sms=by_sms(tracker))
    else:
        utter(dispatcher, tracker, "utter_report_start")
    mark_report(tracker.sender_id, True)
    events = start_report(tracker, kind, words)
    if not seen:
        return events
    so_far = [(e.get("name"), e.get("value")) for e in events]
    return events + [SlotSet(slot, value) for slot, value in report_opening.seen_prefill(text, kind, so_far, now())]


def take_up_report(dispatcher: CollectingDispatcher, tracker: Tracker) -> Events:
    """"yes" to "Want village staff to look into it?": as if the "Report it" button was tapped,
    with the question's own words, so the place and whose it is are not asked again."""
    words = offer_taken_up(tracker) or report_words((offered_report(tracker.get_slot("offer")) or None))
    events = safety_first(dispatcher, tracker, words) + begin_report(dispatcher, tracker, "spill", words)
    return events + [SlotSet("offer", None), FollowupAction("report_form")]


def cancel_report(dispatcher: CollectingDispatcher) -> Events:
    """Say the report is cancelled and forget its answers."""
    dispatcher.utter_message(response="utter_report_cancelled")
    return clear_form() + [SlotSet("requested_slot", None)]
