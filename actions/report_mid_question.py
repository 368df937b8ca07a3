"""A question asked mid-report, from the form to the dispatcher: answered (the law, the
contacts), then the form asks its own question again. A plain helper, no action; which answer
is :func:`stormwater.dialogue.report_interruptions.mid_report_answer`'s."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Text

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.contact_reply import give_contact
from actions.law_intents import answer_discharge_intent, answer_topic_intent
from stormwater.dialogue.report_interruptions import CONTACT, DISCHARGE, mid_report_answer


def answer_mid_report(dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict, asked: Optional[str],
                      intent: Optional[str]) -> List[Dict[Text, Any]]:
    """Answer the question; the offers it would leave are dropped, and the form's question asked again."""
    answer = mid_report_answer(intent)
    if answer == DISCHARGE:
        events = answer_discharge_intent(dispatcher, tracker)
    elif answer == CONTACT:
        events = give_contact(dispatcher, tracker, domain)
    else:
        events = answer_topic_intent(dispatcher, tracker)
    kept = [e for e in events if e.get("name") not in ("offer", "pending_question")]
    return kept + ([SlotSet(asked, None)] if asked else [])
