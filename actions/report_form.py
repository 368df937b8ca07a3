"""The guided report: start it, validate each answer, file the ticket, or cancel.

Which questions a report asks and how answers are read live in :mod:`stormwater.reports.guided_report`;
this module only connects them to Rasa's form.
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any, Dict, List, Text

from rasa_sdk import Action, FormValidationAction, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions import report_start
from actions.action_db import database, mark_report, settings
from actions.contact_reply import give_contact
from actions.conversation import by_sms, current_village, send
from actions.law_answers import answer_discharge_intent, answer_topic_intent
from actions.report_start import begin_report, cancel_report, clear_form
from actions.spill_start import offer_taken_up
from actions.updates import after_filing
from stormwater.dialogue.report_interruptions import CONTACT, DISCHARGE, RULE_INTERRUPTIONS, mid_report_answer
from stormwater.law.deadlines import village_today
from stormwater.law.knowledge import answer_topic
from stormwater.law.replies import report_replies, village_list
from stormwater.law.spills import petroleum_possible
from stormwater.law.villages import get_village, load_villages
from stormwater.reports import form_reader
from stormwater.reports import guided_report as reports
from stormwater.reports.source_words import says_who, source_from_answer
from stormwater.reports.ticket_store import file_ticket
from stormwater.store.message_log import media_for_sender
from stormwater.store.wording import load_messages

KIND_BY_INTENT = {"report_spill": "spill", "report_septic": "septic", "notify_dye_test": "dye_test"}
PHOTO_WINDOW = timedelta(hours=24)  # pictures texted this long before filing go with the report


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
        words = offer_taken_up(tracker) if kind == "spill" else None
        if words is not None:
            return begin_report(dispatcher, tracker, kind, words) + [SlotSet("offer", None)]
        return begin_report(dispatcher, tracker, kind)


def _petroleum_due(tracker: Tracker, text: str, reading: form_reader.Reading, asked: str) -> bool:
    """The two-hour petroleum line once the material is asked: when the answer makes petroleum
    possible or the material is still unknown, and the line was not said already."""
    if any((e.get("metadata") or {}).get("utter_action") == "utter_spill_petroleum_state_law"
           for e in tracker.events if e.get("event") == "bot"):
        return False
    hazard = reading.updates.get("hazard")
    if asked == "hazard":
        return hazard == "unsure" or hazard == "yes" and petroleum_possible(text)
    material = form_reader.read_material(text)
    return petroleum_possible(text, material.keys if material else ()) or hazard == "unsure" or bool(material and material.unknown)


def field_label(slot: str) -> str:
    """How a report field is named in a sentence ("the amount"; ``data/messages.yml``)."""
    return (load_messages().get("report_fields") or {}).get(slot, slot.replace("_", " "))


def field_title(slot: str) -> str:
    """How a report field is named in a list or on a button ("Amount")."""
    titled = (load_messages().get("report_titles") or {}).get(slot)
    if titled:
        return str(titled)
    label = re.sub(r"^(the|whether it) ", "", field_label(slot))
    return label[:1].upper() + label[1:]


class ValidateReportForm(FormValidationAction):
    """Reads each message with :func:`stormwater.reports.form_reader.read_message` and applies it."""

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
        return (["village"] if needs_village else []) + list(reports.questions_for(kind)) + ["confirm"]

    async def get_validation_events(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        asked = tracker.get_slot("requested_slot")
        if not asked:
            return []  # the form is starting: action_start_report already read the opening message
        text = tracker.latest_message.get("text") or ""
        intent = (tracker.latest_message.get("intent") or {}).get("name")
        if asked == "village":
            return [SlotSet(k, v) for k, v in self.validate_village(text, dispatcher, tracker, domain).items()]
        if intent in RULE_INTERRUPTIONS and form_reader.is_question(text) and not form_reader.wants_no_contact(text):
            return []  # nothing filled: Rasa rejects the form and a rule answers the question
        kind = tracker.get_slot("report_kind") or "spill"
        slots = reports.questions_for(kind)
        filled = {slot: tracker.get_slot(slot) for slot in slots}
        if form_reader.wants_no_contact(text) and "reporter_phone" in slots:
            events = self._no_contact(dispatcher, asked)
            rest = form_reader.without_no_contact(text)
            if rest and (asked not in ("confirm", "reporter_phone") or form_reader.wants_anonymity(rest)):
                # "Pat Lee, please don't contact me" also answers the question asked, and "make it
                # anonymous, don't contact me" takes the name off too, wherever it is typed.
                reading = form_reader.read_message(rest, asked, kind, filled, report_start.now(), slots)
                if not reading.unclear and not reading.question:
                    answered = {k: v for k, v in reading.updates.items() if k != "reporter_phone"}
                    events = [e for e in events if e.get("name") not in answered] + [SlotSet(k, v) for k, v in answered.items()]
            return events
        if len(" ".join(text.split())) > reports.MAX_ANSWER_CHARS:
            dispatcher.utter_message(response="utter_answer_too_long", limit=str(reports.MAX_ANSWER_CHARS))
            return [SlotSet(asked, None)] if asked else []
        reading = form_reader.read_message(text, asked, kind, filled, report_start.now(), slots)
        if reading.question:
            return self._answer_question(dispatcher, tracker, domain, asked, intent)
        if intent in RULE_INTERRUPTIONS and not form_reader.says_something(reading, asked, text, kind, report_start.now()):
            # NLU heard a question and the words answer nothing: its rule decides.
            return []
        # NLU's "cancel" alone never drops a report ("I'd rather not" to the name question was
        # read as cancel, and the report ended with nothing filed): only the words of a wish to
        # stop do (reports.is_cancel, above); anything else is read as an answer, or said unclear.
        events = [SlotSet(slot, value) for slot, value in reading.updates.items()]
        source = source_from_answer(text) if asked == "commercial" else None
        if source:  # "I think it's the contractor painting the hardware store": kept whole
            events.append(SlotSet("suspected_source", source))
        for slot, value, changed in form_reader.said_back(reading, filled):
            response = "utter_correction_noted" if changed else "utter_field_noted"
            dispatcher.utter_message(response=response, field=field_label(slot), value=value)
        for slot, value in reading.assumed:
            dispatcher.utter_message(response="utter_kept_as_said", field=field_label(slot), value=value)
        if asked == "confirm":
            events += self._confirm(reading, tracker)
        elif reading.unclear and asked and says_who(text):
            # "I think it's the contractor..." at another question: kept, and the question asked again
            dispatcher.utter_message(response="utter_field_noted", field=field_label("suspected_source"), value=says_who(text))
            events += [SlotSet("suspected_source", says_who(text)), SlotSet(asked, None)]
        elif reading.unclear and asked:
            events += self._unclear(asked, text, tracker, dispatcher)
        else:
            events.append(SlotSet("report_retry", None))
            if reading.updates.get("hazard") == "unsure" and filled.get("hazard") != "unsure":
                dispatcher.utter_message(response="utter_hazard_unsure")
            if kind == "spill" and asked in ("material", "hazard") and _petroleum_due(tracker, text, reading, asked):
                dispatcher.utter_message(response="utter_spill_petroleum_state_law")
            if reading.updates.get("reporter_name") == "anonymous":
                dispatcher.utter_message(response="utter_anonymous_note")
        return events

    def _no_contact(self, dispatcher: CollectingDispatcher, asked: str) -> List[Dict[Text, Any]]:
        """"Don't contact me": the number leaves the report, no update texts are offered, and
        the phone is not asked again in this conversation; said in one line."""
        dispatcher.utter_message(response="utter_no_contact_noted")
        events = [SlotSet("reporter_phone", "none"), SlotSet("no_contact", True), SlotSet("report_retry", None)]
        if asked == "confirm":
            events.append(SlotSet("confirm", None))  # the read-back again, without the number
        elif asked != "reporter_phone":
            events.append(SlotSet(asked, None))
        return events

    def _confirm(self, reading: form_reader.Reading, tracker: Tracker) -> List[Dict[Text, Any]]:
        """The read-back's answer: file, pick a field to change, or a field already changed."""
        if reading.confirm == "yes":
            if tracker.get_slot("report_retry") == "confirm_change":
                # "yes" to "what should I change?" after saying the report was not right:
                # show the report again rather than file what the resident just doubted.
                return [SlotSet("confirm", None), SlotSet("report_retry", None)]
            return [SlotSet("confirm", "yes"), SlotSet("report_retry", None)]
        if reading.confirm == "no":
            return [SlotSet("confirm", None), SlotSet("report_retry", "confirm_change")]
        if reading.confirm and reading.confirm.startswith("change:"):
            # The form asks the cleared field again (or reads back the changed one).
            return [SlotSet("confirm", None), SlotSet("report_retry", None)]
        retried = tracker.get_slot("report_retry") == "confirm"
        return [SlotSet("confirm", None), SlotSet("report_retry", "confirm_change" if retried else "confirm")]

    def _unclear(self, asked: str, text: str, tracker: Tracker, dispatcher: CollectingDispatcher) -> List[Dict[Text, Any]]:
        """Ask again once, with buttons and an example; after that, keep what was said and go on."""
        if tracker.get_slot("report_retry") != asked:
            return [SlotSet(asked, None), SlotSet("report_retry", asked)]
        words = " ".join(text.split())
        if asked in (*form_reader.YES_NO_SLOTS, "hazard"):
            value: Any = "unsure"
        elif asked == "reporter_phone":
            value = "none"
        elif asked == "discovered":
            value = words
        else:
            value = words or None
        shown = "not sure" if value == "unsure" else value or ""
        dispatcher.utter_message(response="utter_kept_as_said", field=field_label(asked), value=shown)
        events = [SlotSet(asked, value), SlotSet("report_retry", None)]
        if asked == "hazard":
            dispatcher.utter_message(response="utter_hazard_unsure")
        return events

    def _answer_question(self, dispatcher, tracker, domain, asked, intent) -> List[Dict[Text, Any]]:
        """A question asked mid-form is answered here; the form then asks its question again."""
        answer = mid_report_answer(intent)
        if answer == DISCHARGE:
            events = answer_discharge_intent(dispatcher, tracker)
        elif answer == CONTACT:
            events = give_contact(dispatcher, tracker, domain)
        else:
            events = answer_topic_intent(dispatcher, tracker)
        kept = [e for e in events if e.get("name") not in ("offer", "pending_question")]
        return kept + ([SlotSet(asked, None)] if asked else [])

    def validate_village(self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> Dict[Text, Any]:
        village = get_village(str(value or "")) or next(
            (get_village(v) for v in tracker.get_latest_entity_values("village") if get_village(v)), None
        )
        if village is None:
            dispatcher.utter_message(response="utter_unknown_village", village_list=village_list(load_villages().values()))
            return {"village": None}
        return {"village": village.slug}


class ActionAskHazard(Action):
    """The hazard question, in the words of the village's own definition where it has one."""

    def name(self) -> Text:
        return "action_ask_hazard"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        village = current_village(tracker)
        if tracker.get_slot("report_retry") == "hazard":
            dispatcher.utter_message(response="utter_hazard_unclear")  # never the question again silently
        dispatcher.utter_message(response="utter_ask_hazard", hazard_question=reports.hazard_question(village))
        return []


class ActionAskConfirm(Action):
    """The read-back: everything that will be filed, then Yes / Change (or which field to change)."""

    def name(self) -> Text:
        return "action_ask_confirm"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        kind = tracker.get_slot("report_kind") or "spill"
        slots = reports.questions_for(kind)
        if tracker.get_slot("report_retry") == "confirm_change":
            buttons = [{"title": field_title(s), "payload": f"change {s}"} for s in slots
                       if not (s == "reporter_phone" and tracker.get_slot("reporter_name") == "anonymous")]
            dispatcher.utter_message(response="utter_ask_which_change", buttons=buttons)
            return []
        if tracker.get_slot("report_retry") == "confirm":
            dispatcher.utter_message(response="utter_readback_unclear")  # never the read-back again silently
        answers = {slot: tracker.get_slot(slot) for slot in slots}
        if tracker.get_slot("no_contact") and answers.get("reporter_phone") == "none":
            answers["reporter_phone"] = load_messages()["no_contact_shown"]
        answers["suspected_source"] = tracker.get_slot("suspected_source")
        lines = reports.readback_lines(kind, answers, tracker.get_slot("discovered_at"), field_title)
        dispatcher.utter_message(response="utter_readback", summary="\n".join(lines))
        return []


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
