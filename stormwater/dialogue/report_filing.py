"""A finished report filed: what the ticket holds, read from the report's answers, and the
replies that tell the resident what follows from it. Plain functions; the action files the
ticket and sends the replies."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Dict, List, Optional

from stormwater.law.deadlines import village_today
from stormwater.law.knowledge import answer_topic
from stormwater.dialogue.replies import Reply, report_replies
from stormwater.dialogue.report_fields import NOT_GIVEN
from stormwater.law.villages import Village
from stormwater.dialogue import guided_report as reports


def discovered(raw: Optional[str]) -> Optional[datetime]:
    """The ``discovered_at`` slot as a time (``None`` when not asked or not known)."""
    return datetime.fromisoformat(raw) if raw else None


def ticket_fields(kind: str, answers: Dict[str, Any], assessment, discovered_at: Optional[datetime],
                  photos: List[Any]) -> Dict[str, Any]:
    """The ticket's fields from the report's answers and its assessment (all of
    :func:`~stormwater.reports.ticket_store.file_ticket`'s but the conversation's own)."""
    name, phone = answers.get("reporter_name"), answers.get("reporter_phone")
    return {
        "kind": reports.filed_kind(kind, answers.get("responsible")),
        "hazardous": assessment.hazardous,
        "fields": {**answers, "discharges": list(assessment.discharges), "photos": photos},
        "notify_by": assessment.notify_by,
        "written_by": assessment.written_by,
        "discovered_at": discovered_at,
        "reporter_name": None if name in ("anonymous", NOT_GIVEN) else name,
        "reporter_phone": None if phone in (None, "none") else phone,
        "location": answers.get("location"),
    }


def filed_replies(village: Village, ticket, assessment, letter_url: Callable[[str], str], now: datetime) -> List[Reply]:
    """The filed message: the reference, the deadlines that follow and the spill rules."""
    spill_rules = answer_topic(village, "spill_rules").topic.summary
    return report_replies(village, ticket, assessment, spill_rules, letter_url, today=village_today(village, now))
