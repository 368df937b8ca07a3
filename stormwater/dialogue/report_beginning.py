"""How a report begins, as replies and slot changes: every answer of a report before it
emptied, the kind and what the opening message already says, and the start led by the
village's verdict when the message tells of somebody else's discharge. Plain functions; the
action sends the replies and sets the slots."""
from __future__ import annotations

from datetime import datetime
from typing import Any, List, Optional, Tuple

from stormwater.dialogue import report_opening
from stormwater.dialogue import seen_report
from stormwater.dialogue.replies import Reply
from stormwater.law.villages import Village
from stormwater.dialogue.guided_report import FORM_SLOTS

Slots = List[Tuple[str, Any]]

# A report's answers and the state of its form: what a new report starts without.
REPORT_SLOTS = (*FORM_SLOTS, "discovered_at", "report_kind", "report_cancelled", "report_retry", "suspected_source")


def cleared() -> Slots:
    """Every answer emptied, so a new report starts fresh."""
    return [(slot, None) for slot in REPORT_SLOTS]


def opening_slots(text: str, kind: str, no_contact: bool, now: datetime) -> Slots:
    """A report of ``kind`` begun, prefilled from ``text`` (what started it)."""
    return cleared() + [("report_kind", kind)] + report_opening.prefill(text, kind, no_contact, now)


def seen(text: str, kind: str, from_message: bool) -> bool:
    """Whether the spill report begun by the message ``text`` itself (not by a "yes" to the
    offer to report) tells of somebody else's discharge: filed as someone else's."""
    return kind == "spill" and from_message and seen_report.by_bystander(text)


def start_reply(village: Optional[Village], text: str, seen_by_bystander: bool) -> Reply:
    """The report's start; someone else's discharge starts with the village's verdict in one line."""
    return seen_report.start_reply(village, text) if seen_by_bystander else Reply("utter_report_start")
