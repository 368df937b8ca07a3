"""A resident asks about a report (:mod:`actions.status_reply` answers), unless the words take up
the offer to report just made ("yup, file a report on them"): then the report begins."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.report_taken_up import take_up_report
from actions.spill_start import offer_taken_up
from actions.status_reply import answer_status


class ActionTicketStatus(Action):
    """What happened to the report and when, and what comes next; otherwise what is needed."""

    def name(self) -> Text:
        return "action_ticket_status"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        if offer_taken_up(tracker):  # "file a report" is heard as asking after one: not after an offer
            return take_up_report(dispatcher, tracker)
        return answer_status(dispatcher, tracker)
