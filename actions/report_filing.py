"""The end of a report: filed as a ticket, with what follows from it (cancelled:
:mod:`actions.report_cancel`); what the ticket holds and the replies are
:mod:`stormwater.dialogue.report_filing`'s."""
from __future__ import annotations

from datetime import timedelta
from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions import report_start
from actions.action_db import database, settings
from actions.report_marker import mark_report
from actions.conversation import by_sms, current_village
from actions.replies_out import send
from actions.report_end import cancel_report, clear_form
from actions.updates import after_filing
from stormwater.dialogue import report_filing
from stormwater.dialogue import guided_report as reports
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
        discovered_at = report_filing.discovered(tracker.get_slot("discovered_at"))
        assessment = reports.assess(kind, answers, village, discovered_at, report_start.now())
        channel = str((tracker.latest_message.get("metadata") or {}).get("channel") or "web")
        with database() as db:
            photos = media_for_sender(db, tracker.sender_id, report_start.now() - PHOTO_WINDOW)
            ticket = file_ticket(
                db, village=village, channel=channel, transcript=reports.transcript_from_events(tracker.events),
                sender_key=tracker.sender_id, suspected_source=tracker.get_slot("suspected_source"),
                **report_filing.ticket_fields(kind, answers, assessment, discovered_at, photos),
            )
        replies = report_filing.filed_replies(village, ticket, assessment, settings().letter_url, report_start.now())
        send(dispatcher, replies, sms=by_sms(tracker))
        asked = after_filing(dispatcher, ticket, village, channel, settings().letter_url,
                             contact_wanted=not tracker.get_slot("no_contact"))
        return clear_form() + [SlotSet("requested_slot", None)] + asked
