"""Corrections said inside another answer: a material corrected at another question ("oh
wait, it wasn't the pool shock, it was liquid chlorine"), and an answer followed by a
correction of another field after the sentence's end ("a pile like 3 feet high. oh wait it
was thursday afternoon not friday"). Plain functions over the words; no Flask, no Rasa."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Callable, Mapping, Optional, Tuple

from stormwater.understanding.answer_words import _plain
from stormwater.understanding.form_reading import Reading
from stormwater.understanding.material_reading import read_material


def material_corrected(text: str, asked: Optional[str], filled: Mapping[str, Any]) -> Optional[Reading]:
    """"oh wait, it wasn't the pool shock, it was liquid chlorine" at another question: the
    material said before is corrected, and the question asked comes again."""
    before = str(filled.get("material") or "")
    if asked in (None, "confirm", "material") or not before or not _denied(before, text):
        return None
    now_said = read_material(text)
    if now_said is None or _plain(before) in _plain(now_said.words):
        return None
    reading = Reading(updates={"material": now_said.words, asked: None}, corrected=[("material", now_said.words)])
    if now_said.hazard in ("yes", "unsure"):
        reading.updates["hazard"] = now_said.hazard
    return reading


def with_guess(slot: str, before: Any, value: Any) -> Any:
    """A material the resident does not know, guessed at later ("idk what it is, looks like
    antifreeze" after "blue stuff"): the words said first stay, the guess is added to them."""
    if slot != "material" or not before or not value or set(_plain(str(before)).split()) & set(_plain(str(value)).split()):
        return value
    reading = read_material(str(value))
    return f"{before} ({value})" if reading is not None and reading.unknown else value


# "it's not rain", "it wasn't the pool shock": what a denial names.
_DENIAL = re.compile(r"\b(?:wasn'?t|was not|isn'?t|is not|not)\s+(?:(?:the|a|an|just|really|only|any)\s+)?([a-z'-]+)", re.I)


def _denied(before: str, text: str) -> bool:
    """Whether ``text`` denies the material filed: "it wasn't the pool shock" after "pool shock";
    "no its not rain" after "stormwater (rain, snowmelt, surface runoff)", whose words hold the rain."""
    filed_words = set(_plain(before).split()) - _NOT_A_THING
    return any(m.group(1).lower() in filed_words for m in _DENIAL.finditer(_plain(text)))


_NOT_A_THING = frozenset("sure idea clue know what it its is was that this mine ours sure much".split())


# "a pile like 3 feet high. oh wait it was thursday afternoon not friday": an answer, then a
# correction of another field after the sentence's end.
LATER_CORRECTION = re.compile(r"(?<=[.;!])\s+(?=(?:oh\s+|no\s+)?(?:wait|actually|oops|sorry|correction)\b)", re.I)


def answer_then_correction(read: Callable[..., Reading], answer: str, later: str, asked: str, kind: str,
                           filled: Mapping[str, Any], now: datetime, slots: Tuple[str, ...]) -> Reading:
    """The answer read alone, then the correction read as one at the same question."""
    reading = read(answer.rstrip(" .;!"), asked, kind, filled, now, slots)
    fixed = read(later, asked, kind, {**filled, **reading.updates}, now, slots)
    reading.updates.update({k: v for k, v in fixed.updates.items() if k != asked or v is not None})
    reading.corrected += [(slot, value) for slot, value in fixed.corrected if slot not in dict(reading.corrected)]
    reading.unclear = reading.unclear and not fixed.corrected
    return reading
