"""The guided report's form: each message read as the answer to the question asked.

Which questions a report asks live in :mod:`stormwater.dialogue.guided_report`; how a message
is read, said back and retried in :mod:`stormwater.dialogue.report_answers`. This module only
connects them to Rasa's form (its questions: ``report_asks.py``; a question asked mid-report:
``report_mid_question.py``; its end: ``report_filing.py``, ``report_cancel.py``).
"""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import FormValidationAction, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions import report_start
from actions.conversation import current_village
from actions.replies_out import send
from actions.report_mid_question import answer_mid_report
from actions.sms_number import answer_text
from stormwater.dialogue import guided_report as reports, report_answers as answers, report_form_state


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
        text = answer_text(tracker, asked)  # by SMS "this number" is the number texted from
        intent = (tracker.latest_message.get("intent") or {}).get("name")
        if asked == "village":
            return [SlotSet(k, v) for k, v in self.validate_village(text, dispatcher, tracker, domain).items()]
        state = report_form_state.form_state(asked, tracker.current_slot_values(), tracker.events)
        turn = answers.read_answer(state, text, intent, report_start.now())
        if turn.then == answers.ANSWER_QUESTION:
            return answer_mid_report(dispatcher, tracker, domain, asked, intent)
        send(dispatcher, turn.replies)
        return [SlotSet(slot, value) for slot, value in turn.slots]

    def validate_village(self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> Dict[Text, Any]:
        slug, replies = report_form_state.village_answer(value, tracker.get_latest_entity_values("village"))
        send(dispatcher, replies)
        return {"village": slug}
