"""A report's first answers, read from the message that opened it: whatever it already says is
kept, so it is never asked again; someone else's discharge told as it happens is filed as
someone else's, discovered just now, with the source in the resident's words."""
from __future__ import annotations

from datetime import datetime
from typing import Any, List, Sequence, Tuple

from stormwater.dialogue.spill_route import discovered_now
from stormwater.understanding import form_reader
from stormwater.dialogue import guided_report as reports
from stormwater.understanding.place_spans import is_vague_place
from stormwater.understanding.source_words import source_from_opening

NOW_WORDS = "just now"  # the discovery time of a discharge told as happening now (the form's own button)
Slots = List[Tuple[str, Any]]


def prefill(text: str, kind: str, no_contact: bool, now: datetime) -> Slots:
    """The answers ``text`` gives to a report of ``kind`` (the hazard question is still asked
    when the words are unsure, so that "not sure" is then said honestly)."""
    reading = form_reader.read_message(text, None, kind, {}, now, reports.questions_for(kind))
    found = dict(reading.updates)
    if found.get("hazard") == "unsure":
        del found["hazard"]
    if is_vague_place(str(found.get("location") or "")):
        del found["location"]  # "the storm drain on Sylvan Ave": where on it is still asked
    if no_contact and "reporter_phone" in reports.questions_for(kind):
        found["reporter_phone"] = "none"  # "don't contact me" holds for the whole conversation
    return [(slot, value) for slot, value in found.items() if value is not None]


def seen_prefill(text: str, kind: str, so_far: Sequence[Tuple[str, Any]], now: datetime) -> Slots:
    """What someone else's discharge told as it happens adds to the answers ``so_far``."""
    added: Slots = []
    if not any(slot == "responsible" and value for slot, value in so_far):
        added.append(("responsible", "no"))
    if discovered_now(text) and not any(slot == "discovered" and value for slot, value in so_far):
        # "someone is dumping paint right now" was discovered just now: not asked again
        now_said = form_reader.read_message(NOW_WORDS, "discovered", kind, {}, now, reports.questions_for(kind))
        added += [(slot, value) for slot, value in now_said.updates.items() if slot.startswith("discovered")]
    source = source_from_opening(text)
    return added + ([("suspected_source", source)] if source else [])
