"""The guided report: which questions each kind of report asks, and how answers are read.

Plain functions over the resident's words, so the Rasa form (``actions/report_form.py``)
stays a thin adapter and every reading rule is tested without Rasa.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Dict, List, Optional, Tuple

from functools import lru_cache
from typing import Callable

import yaml

from stormwater.law.deadlines import spill_deadlines
from stormwater.understanding.material_reading import read_material
from stormwater.understanding.when import hour_said
from stormwater.law.spills import is_hazardous
from stormwater.law.villages import Village

# The questions, in order, for each kind of report a resident can start.
QUESTIONS: Dict[str, Tuple[str, ...]] = {
    "spill": (
        "responsible", "material", "hazard", "location", "discovered", "reached_drain",
        "commercial", "amount", "reporter_name", "reporter_phone",
    ),
    "septic": ("material", "location", "reporter_name", "reporter_phone"),
    "dye_test": ("location", "test_when", "reporter_name", "reporter_phone"),
    "handoff": ("handoff_question", "reporter_name", "reporter_phone"),
}
FORM_SLOTS = tuple(dict.fromkeys(s for slots in QUESTIONS.values() for s in slots))
MAX_ANSWER_CHARS = 500

# Whole-message commands, or "cancel" anywhere: an answer such as "the Stop & Shop lot"
# must never be taken as a wish to stop.
_CANCEL = re.compile(
    r"^\s*(stop|quit|halt|exit|never\s*mind|nvm|forget it|end it)[\s.!]*$"
    r"|\bcancel\b"
    # "stop asking, never mind": the wish closes the message, after what came before it
    r"|[,;.!]\s*(?:never\s*mind|nvm|forget it|i'?m done)[\s.!]*$|\bstop asking\b"
    r"|\b(don'?t|do not) want to (do|file|make|finish|continue)( (this|the|a|my))? report\b"
    r"|^\s*(?:ok(?:ay)?,?\s+)?(?:forget (?:about )?(?:it|this|that|the (?:whole )?(?:thing|report))|i changed my mind|i'?ve changed my mind|"
    r"don'?t bother|never ?mind the report|i'?m done|scrap (?:it|that|the report))[\s.!]*$",
    re.I,
)


def is_cancel(text: str) -> bool:
    """Whether an answer is really a wish to stop the report."""
    return bool(_CANCEL.search((text or "").replace("’", "'")))


def questions_for(kind: str) -> Tuple[str, ...]:
    """The slots the form asks for this kind of report."""
    return QUESTIONS[kind]


def filed_kind(kind: str, responsible: Optional[str]) -> str:
    """The ticket kind: a spill someone else caused is an illicit discharge they saw."""
    if kind == "spill" and responsible == "no":
        return "illicit_discharge"
    return kind


@dataclass(frozen=True)
class Assessment:
    """What follows from a report: hazard, deadlines and the duties that apply."""

    discharges: Tuple[str, ...]
    hazardous: bool
    notify_by: Optional[date]
    written_by: Optional[date]
    keep_records: bool


def assess(kind: str, answers: Dict[str, Optional[str]], village: Village, discovered_at: Optional[datetime], now: datetime) -> Assessment:
    """Hazard and deadlines for a report.

    The ordinance's deadlines bind the person responsible for a nonhazardous release, so
    they are computed only for a spill the reporter is (or may be) responsible for. Hazard
    is the resident's answer to the hazard question ("not sure" counts as possibly
    hazardous); without one, only a named hazardous material counts, never a material the
    vocabulary does not know, and never one the resident denied ("no chemicals").

    :param kind: the kind the form ran (``spill``, ``septic``, ...)
    :param answers: the form's slot values
    :param village: whose holiday calendar counts
    :param discovered_at: when the release was discovered (``None``: now)
    :param now: the current time
    """
    material = read_material(answers.get("material") or "")
    keys = material.keys if material is not None else ()
    hazard = answers.get("hazard")
    if kind == "spill" and hazard:
        # The resident's answer decides; "not sure" is treated as possibly hazardous.
        hazardous = hazard in ("yes", "unsure")
    else:
        hazardous = kind in ("spill", "septic") and bool(keys) and is_hazardous(keys)
    if kind == "spill" and not hazardous and answers.get("responsible") != "no":
        deadlines = spill_deadlines(discovered_at or now, village)
        notify_by, written_by = deadlines.notify_by, deadlines.written_by
    else:
        notify_by = written_by = None
    keep_records = kind == "spill" and answers.get("responsible") != "no" and answers.get("commercial") == "yes"
    return Assessment(keys, hazardous, notify_by, written_by, keep_records)


def transcript_from_events(events: List[dict]) -> List[dict]:
    """The conversation as ``[{"who": "resident"|"bot", "text": ...}]`` from Rasa events."""
    lines = []
    for event in events:
        if event.get("event") == "user" and event.get("text"):
            lines.append({"who": "resident", "text": event["text"], "at": event.get("timestamp")})
        elif event.get("event") == "bot" and event.get("text"):
            lines.append({"who": "bot", "text": event["text"], "at": event.get("timestamp")})
    return lines


DEFAULT_HAZARD_QUESTION = "Could it be fuel, oil, chemicals, sewage, or are you not sure?"


@lru_cache(maxsize=16)
def _village_report_words(path: str) -> dict:
    with open(path, encoding="utf-8") as fh:
        return (yaml.safe_load(fh) or {}).get("report") or {}


def hazard_question(village: Optional[Village]) -> str:
    """The hazard question in the village's words (``report: {hazard_question: ...}`` in its file)."""
    if village is None:
        return DEFAULT_HAZARD_QUESTION
    path = village.ordinance_file.parent.parent / "villages" / f"{village.slug}.yml"
    if not path.is_file():
        return DEFAULT_HAZARD_QUESTION
    return str(_village_report_words(str(path)).get("hazard_question") or DEFAULT_HAZARD_QUESTION)


_SHOWN = {"yes": "yes", "no": "no", "unsure": "not sure"}


def readback_lines(
    kind: str, answers: Dict[str, Optional[str]], discovered_at: Optional[str], label: Callable[[str], str]
) -> List[str]:
    """One "- field: value" line per answer that will be filed, in question order.

    The discovery time shows how it was read ("yesterday around 4pm (Mon Nov 30, 4:00 PM)"),
    so a misreading is caught before filing; a day said without its hour shows the day only
    ("today (Mon Nov 30, time not given)"), never an hour nobody said.
    """
    lines = []
    for slot in QUESTIONS[kind]:
        value = answers.get(slot)
        if value is None or (slot == "reporter_phone" and answers.get("reporter_name") == "anonymous" and value == "none"):
            continue  # anonymous and no number: nothing to show
        shown = _SHOWN.get(str(value), str(value)) if slot in ("responsible", "hazard", "reached_drain", "commercial") else str(value)
        if slot == "hazard" and value == "unsure":
            shown = "not sure (treated as possibly hazardous, to be safe)"
        if slot == "discovered":
            if discovered_at:
                moment = datetime.fromisoformat(discovered_at)
                hour = moment.strftime('%I:%M %p').lstrip('0') if hour_said(str(value), moment) else "time not given"
                shown = f"{value} ({moment.strftime('%a %b')} {moment.day}, {hour})"
            else:
                shown = f"{value} (not read as a date: deadlines count from the time of filing)"
        lines.append(f"- {label(slot)}: {shown}")
        if slot == "commercial" and answers.get("suspected_source"):
            # the resident's own words about the source, never only "commercial: yes"
            lines.append(f"- {label('suspected_source')}: {answers['suspected_source']}")
    return lines
