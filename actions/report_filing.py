"""The end of a report: filed as a ticket, with what follows from it, or cancelled."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions import report_start
from actions.action_db import database, mark_report, settings
from actions.conversation import by_sms, current_village
from actions.replies_out import send
from actions.report_end import cancel_report, clear_form
from actions.updates import after_filing
from stormwater.law.deadlines import village_today
from stormwater.law.knowledge import answer_topic
from stormwater.law.replies import report_replies
from stormwater.reports import guided_report as reports
from stormwater.reports.ticket_store import file_ticket
from stormwater.store.message_log import media_for_sender

PHOTO_WINDOW = timedelta(hours=24)  # pictures texted this long before filing go with the report


class ActionFileReport(Action):
    """File the finished report as a ticket and tell the resident what follows from it."""

    def name(self) -> Text:
        return "action_file_report"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        mark_report(tracker.sender_id, False)  # filed or cancelled: the rate limits apply again
        if tracker.get_slot("report_cancelled"):
            return cancel_report(dispatcher)
        village = current_village(tracker)
        kind = tracker.get_slot("report_kind") or "spill"
        answers = {slot: tracker.get_slot(slot) for slot in reports.FORM_SLOTS}
        discovered_raw = tracker.get_slot("discovered_at")
        discovered_at = datetime.fromisoformat(discovered_raw) if discovered_raw else None
        assessment = reports.assess(kind, answers, village, discovered_at, report_start.now())
        filed = reports.filed_kind(kind, answers.get("responsible"))
        metadata = tracker.latest_message.get("metadata") or {}
        with database() as db:
            photos = media_for_sender(db, tracker.sender_id, report_start.now() - PHOTO_WINDOW)
            ticket = file_ticket(
                db,
                village=village,
                kind=filed,
                channel=str(metadata.get("channel") or "web"),
                hazardous=assessment.hazardous,
                fields={**answers, "discharges": list(assessment.discharges), "photos": photos},
                transcript=reports.transcript_from_events(tracker.events),
                notify_by=assessment.notify_by,
                written_by=assessment.written_by,
                discovered_at=discovered_at,
                sender_key=tracker.sender_id,
                reporter_name=None if answers.get("reporter_name") == "anonymous" else answers.get("reporter_name"),
                reporter_phone=None if answers.get("reporter_phone") in (None, "none") else answers.get("reporter_phone"),
                location=answers.get("location"),
                suspected_source=tracker.get_slot("suspected_source"),
            )
        spill_rules = answer_topic(village, "spill_rules").topic.summary
        send(dispatcher, report_replies(village, ticket, assessment, spill_rules, settings().letter_url,
                                  today=village_today(village, report_start.now())),
             sms=by_sms(tracker))
        asked = after_filing(dispatcher, ticket, village, str(metadata.get("channel") or "web"), settings().letter_url,
                             contact_wanted=not tracker.get_slot("no_contact"))
        return clear_form() + [SlotSet("requested_slot", None)] + asked


class ActionCancelReport(Action):
    """Stop the report; nothing is filed."""

    def name(self) -> Text:
        return "action_cancel_report"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        mark_report(tracker.sender_id, False)
        return cancel_report(dispatcher)
