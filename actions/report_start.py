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
from actions.conversation import by_sms, current_village, send, utter, village_events
from actions.spill_start import offer_taken_up, safety_first
from stormwater.dialogue.offers import offered_report
from stormwater.law import seen_report
from stormwater.law.deadlines import DEFAULT_TIMEZONE
from stormwater.law.meaning_replies import report_words
from stormwater.law.spill_route import discovered_now
from stormwater.reports import form_reader
from stormwater.reports import guided_report as reports
from stormwater.reports.source_words import source_from_opening
from stormwater.store.clock import utc_now

NOW_WORDS = "just now"  # the discovery time of a discharge told as happening now (the form's own button)
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
    events = clear_form() + [SlotSet("report_kind", kind)]
    text = tracker.latest_message.get("text") or "" if words is None else words
    # Whatever the opening message already says is kept, so it is never asked again.
    reading = form_reader.read_message(text, None, kind, {}, now(), reports.questions_for(kind))
    prefill = dict(reading.updates)
    if prefill.get("hazard") == "unsure":
        del prefill["hazard"]  # the hazard question is asked, and "not sure" is then said honestly
    if tracker.get_slot("no_contact") and "reporter_phone" in reports.questions_for(kind):
        prefill["reporter_phone"] = "none"  # "don't contact me" holds for the whole conversation
    events += [SlotSet(slot, value) for slot, value in prefill.items() if value is not None]
    village = current_village(tracker)
    if village:
        events += village_events(tracker, village)
    return events


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
    if seen and not any(e.get("name") == "responsible" and e.get("value") for e in events):
        events.append(SlotSet("responsible", "no"))
    if seen and discovered_now(text) and not any(e.get("name") == "discovered" and e.get("value") for e in events):
        # "someone is dumping paint right now" was discovered just now: not asked again
        now_said = form_reader.read_message(NOW_WORDS, "discovered", kind, {}, now(), reports.questions_for(kind))
        events += [SlotSet(slot, value) for slot, value in now_said.updates.items() if slot.startswith("discovered")]
    source = source_from_opening(text) if seen else None
    return events + ([SlotSet("suspected_source", source)] if source else [])


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
