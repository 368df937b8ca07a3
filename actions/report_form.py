"""The guided report: start it, validate each answer, file the ticket, or cancel.

Which questions a report asks and how answers are read live in :mod:`stormwater.reports`;
this module only connects them to Rasa's form.
"""
from __future__ import annotations

import os
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo
from typing import Any, Dict, List, Optional, Text

from rasa_sdk import Action, FormValidationAction, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.conversation import current_village, send, village_events
from actions.store import database, mark_report
from stormwater import reports
from stormwater.deadlines import DEFAULT_TIMEZONE
from stormwater.knowledge import answer_topic
from stormwater.replies import report_replies, village_list
from stormwater.sms_media import media_for_sender
from stormwater.tickets import file_ticket
from stormwater.villages import get_village, load_villages
from stormwater.when import parse_when

KIND_BY_INTENT = {"report_spill": "spill", "report_septic": "septic", "notify_dye_test": "dye_test"}
YES_NO_SLOTS = ("responsible", "reached_drain", "commercial")
PHOTO_WINDOW = timedelta(hours=24)  # pictures texted this long before filing go with the report


def now() -> datetime:
    """The current time where the villages are (one place, so tests can replace it).

    Residents mean local dates: "11/27/2026" read at midnight UTC would fall on the 26th in
    New York and move every deadline a day.
    """
    return datetime.now(ZoneInfo(DEFAULT_TIMEZONE))


def clear_form() -> List[Dict[str, Any]]:
    """Events that empty every answer, so a new report starts fresh."""
    return [SlotSet(slot, None) for slot in (*reports.FORM_SLOTS, "discovered_at", "report_kind", "report_cancelled")]


def start_report(tracker: Tracker, kind: str) -> List[Dict[str, Any]]:
    """Events that begin a report of ``kind``, prefilled from the message that started it."""
    events = clear_form() + [SlotSet("report_kind", kind)]
    if kind in ("spill", "septic"):
        named = [str(v) for v in tracker.get_latest_entity_values("discharge")]
        if named:
            events.append(SlotSet("material", ", ".join(dict.fromkeys(named))))
    village = current_village(tracker)
    if village:
        events += village_events(tracker, village)
    return events


class ActionStartReport(Action):
    """Begin the report the resident asked for; the form then asks its questions."""

    def name(self) -> Text:
        return "action_start_report"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        intent = (tracker.latest_message.get("intent") or {}).get("name")
        kind = KIND_BY_INTENT.get(intent, "spill")
        village = current_village(tracker)
        if kind == "dye_test" and village:
            smo = village.contact("smo")
            dispatcher.utter_message(response="utter_dye_test_notice", smo_title=smo["title"], smo_phone=smo["phone"])
        dispatcher.utter_message(response="utter_report_start")
        mark_report(tracker.sender_id, True)  # its messages now pass the rate limits
        return start_report(tracker, kind)


class ValidateReportForm(FormValidationAction):
    """Reads each answer; asks again, politely, when it cannot."""

    def name(self) -> Text:
        return "validate_report_form"

    async def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        # NLU may read "hold on, I don't want to do this report" as something other than
        # cancel; the words decide. Ending the form this way lets action_file_report see
        # report_cancelled and file nothing.
        if reports.is_cancel(tracker.latest_message.get("text") or ""):
            return [SlotSet("report_cancelled", True), SlotSet("requested_slot", None)]
        return await super().run(dispatcher, tracker, domain)

    async def required_slots(
        self, domain_slots: List[Text], dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> List[Text]:
        kind = tracker.get_slot("report_kind") or "spill"
        needs_village = current_village(tracker) is None
        return (["village"] if needs_village else []) + list(reports.questions_for(kind))

    def _correction(self, slot: str, value: Any, dispatcher: CollectingDispatcher) -> Optional[Dict[Text, Any]]:
        """A correction of the discovery time or phone number given while answering ``slot``."""
        corrected = reports.correction_text(str(value or ""))
        if not corrected:
            return None
        if slot != "discovered":
            when = parse_when(corrected, now())
            if when is not None:
                dispatcher.utter_message(response="utter_correction_noted", field="the time of discovery", value=corrected)
                return {slot: None, "discovered": corrected, "discovered_at": when.isoformat()}
        if slot != "reporter_phone":
            phone = reports.phone_answer(corrected)
            if phone not in (None, "none"):
                dispatcher.utter_message(response="utter_correction_noted", field="your phone number", value=phone)
                return {slot: None, "reporter_phone": phone}
        return None

    def _text(self, slot: str, value: Any, dispatcher: CollectingDispatcher) -> Dict[Text, Any]:
        text = " ".join(str(value or "").split())
        if not text:
            return {slot: None}
        if len(text) > reports.MAX_ANSWER_CHARS:
            dispatcher.utter_message(response="utter_answer_too_long", limit=str(reports.MAX_ANSWER_CHARS))
            return {slot: None}
        return self._correction(slot, text, dispatcher) or {slot: text}

    def _yes_no(self, slot: str, value: Any, dispatcher: CollectingDispatcher) -> Dict[Text, Any]:
        corrected = self._correction(slot, value, dispatcher)
        if corrected:
            return corrected
        answer = reports.yes_no(str(value or ""))
        if answer is None:
            dispatcher.utter_message(response="utter_answer_yes_no")
        return {slot: answer}

    def validate_village(self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> Dict[Text, Any]:
        village = get_village(str(value or "")) or next(
            (get_village(v) for v in tracker.get_latest_entity_values("village") if get_village(v)), None
        )
        if village is None:
            dispatcher.utter_message(response="utter_unknown_village", village_list=village_list(load_villages().values()))
            return {"village": None}
        return {"village": village.slug}

    def validate_responsible(self, value, dispatcher, tracker, domain):
        return self._yes_no("responsible", value, dispatcher)

    def validate_reached_drain(self, value, dispatcher, tracker, domain):
        return self._yes_no("reached_drain", value, dispatcher)

    def validate_commercial(self, value, dispatcher, tracker, domain):
        return self._yes_no("commercial", value, dispatcher)

    def validate_material(self, value, dispatcher, tracker, domain):
        return self._text("material", value, dispatcher)

    def validate_location(self, value, dispatcher, tracker, domain):
        return self._text("location", value, dispatcher)

    def validate_amount(self, value, dispatcher, tracker, domain):
        return self._text("amount", value, dispatcher)

    def validate_test_when(self, value, dispatcher, tracker, domain):
        return self._text("test_when", value, dispatcher)

    def validate_handoff_question(self, value, dispatcher, tracker, domain):
        return self._text("handoff_question", value, dispatcher)

    def validate_discovered(self, value, dispatcher, tracker, domain):
        text = reports.correction_text(str(value or "")) or str(value or "")
        when = parse_when(text, now())
        if when is None:
            dispatcher.utter_message(response="utter_discovered_unreadable")
            return {"discovered": None, "discovered_at": None}
        return {"discovered": " ".join(text.split()), "discovered_at": when.isoformat()}

    def validate_reporter_name(self, value, dispatcher, tracker, domain):
        text = " ".join(str(value or "").split())
        if reports.is_anonymous(text):
            dispatcher.utter_message(response="utter_anonymous_note")
            return {"reporter_name": "anonymous", "reporter_phone": "none"}
        return self._text("reporter_name", text, dispatcher)

    def validate_reporter_phone(self, value, dispatcher, tracker, domain):
        phone = reports.phone_answer(str(value or ""))
        if phone is None:
            dispatcher.utter_message(response="utter_phone_unreadable")
        return {"reporter_phone": phone}


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
        assessment = reports.assess(kind, answers, village, discovered_at, now())
        filed = reports.filed_kind(kind, answers.get("responsible"))
        metadata = tracker.latest_message.get("metadata") or {}
        with database() as db:
            photos = media_for_sender(db, tracker.sender_id, now() - PHOTO_WINDOW)
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
            )
        spill_rules = answer_topic(village, "spill_rules").topic.summary
        public_url = os.environ.get("HELPDESK_PUBLIC_URL", "").rstrip("/")
        send(dispatcher, report_replies(village, ticket, assessment, spill_rules, public_url))
        return clear_form() + [SlotSet("requested_slot", None)]


class ActionCancelReport(Action):
    """Stop the report; nothing is filed."""

    def name(self) -> Text:
        return "action_cancel_report"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        mark_report(tracker.sender_id, False)
        return cancel_report(dispatcher)


def cancel_report(dispatcher: CollectingDispatcher) -> List[Dict[Text, Any]]:
    """Say the report is cancelled and forget its answers."""
    dispatcher.utter_message(response="utter_report_cancelled")
    return clear_form() + [SlotSet("requested_slot", None)]
