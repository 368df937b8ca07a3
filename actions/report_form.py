"""The guided report's form: each message read as the answer to the question asked.

Which questions a report asks live in :mod:`stormwater.reports.guided_report`; how a message
is read, said back and retried in :mod:`stormwater.dialogue.report_answers`. This module only
connects them to Rasa's form (its questions: ``report_asks.py``; its end: ``report_filing.py``,
``report_cancel.py``).
"""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import FormValidationAction, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions import report_start
from actions.contact_reply import give_contact
from actions.conversation import current_village
from actions.replies_out import send
from actions.law_intents import answer_discharge_intent, answer_topic_intent
from stormwater.dialogue import report_answers as answers
from stormwater.dialogue.report_interruptions import CONTACT, DISCHARGE, mid_report_answer
from stormwater.law.replies import village_list
from stormwater.law.villages import get_village, load_villages
from stormwater.reports import guided_report as reports


class ValidateReportForm(FormValidationAction):
    """Reads each message with :func:`stormwater.dialogue.report_answers.read_answer` and applies it."""

    def name(self) -> Text:
        return "validate_report_form"

    async def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        # NLU may read "hold on, I don't want to do this report" as something other than
        # cancel; the words decide, and action_file_report then sees report_cancelled.
        if reports.is_cancel(tracker.latest_message.get("text") or ""):
            return [SlotSet("report_cancelled", True), SlotSet("requested_slot", None)]
        return await super().run(dispatcher, tracker, domain)

    async def required_slots(self, domain_slots, dispatcher, tracker, domain) -> List[Text]:
        kind = tracker.get_slot("report_kind") or "spill"
        return (["village"] if current_village(tracker) is None else []) + list(reports.questions_for(kind)) + ["confirm"]

    async def get_validation_events(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[Text, Any]]:
        asked = tracker.get_slot("requested_slot")
        if not asked:
            return []  # the form is starting: action_start_report already read the opening message
        text = tracker.latest_message.get("text") or ""
        intent = (tracker.latest_message.get("intent") or {}).get("name")
        if asked == "village":
            return [SlotSet(k, v) for k, v in self.validate_village(text, dispatcher, tracker, domain).items()]
        kind = tracker.get_slot("report_kind") or "spill"
        said = any((e.get("metadata") or {}).get("utter_action") == "utter_spill_petroleum_state_law"
                   for e in tracker.events if e.get("event") == "bot")
        state = answers.FormState(asked, kind, {s: tracker.get_slot(s) for s in reports.questions_for(kind)},
                                  tracker.get_slot("report_retry"), said)
        turn = answers.read_answer(state, text, intent, report_start.now())
        if turn.then == answers.ANSWER_QUESTION:
            return self._answer_question(dispatcher, tracker, domain, asked, intent)
        send(dispatcher, turn.replies)
        return [SlotSet(slot, value) for slot, value in turn.slots]

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
