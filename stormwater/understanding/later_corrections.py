"""Corrections said inside another answer: a material corrected at another question ("oh
wait, it wasn't the pool shock, it was liquid chlorine"), and an answer followed by a
correction of another field after the sentence's end ("a pile like 3 feet high. oh wait it
was thursday afternoon not friday"). Plain functions over the words; no Flask, no Rasa."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Callable, Dict, Mapping, Optional, Tuple

from stormwater.understanding.answer_words import _plain, correction_prefix
from stormwater.understanding.form_reading import Reading
from stormwater.understanding.material_reading import read_material
from stormwater.understanding.field_values import stated_facts


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


# The words around a corrected number: "actually it was more like 7", "oops i meant 7", "7 not 6".
_AROUND_A_NUMBER = frozenset(
    "it was its it's is more like closer nearer to about around maybe prob probably i meant mean make that "
    "actually oops sorry wait no oh ok okay umm um ish or so".split()
)
_NUMBER = re.compile(r"^\d{1,3}(?::\d\d)?$")
# Fields a resident fills with a number; a bare number said as a correction is one of them.
_NUMBERED_FIELDS = ("discovered", "amount")
# Questions a number may answer itself ("7" to "about how much?", a house number): read as answers.
_ANSWERED_WITH_A_NUMBER = (None, "confirm", *_NUMBERED_FIELDS, "location", "reporter_phone")


def number_corrected(text: str, asked: Optional[str], filled: Mapping[str, Any], kind: str, now: datetime) -> Optional[Reading]:
    """"actually it was more like 7" at a later question: a bare number said as a correction
    changes the one field filed with a number, in that field's own words ("yesterday evening
    around 6" becomes "yesterday evening around 7", "about 2 gallons" "about 7 gallons"), and the
    question asked comes again. ``None`` when it is no such correction, or when two fields hold a
    number and the words do not say which ("7 not 6" says it: the one holding 6)."""
    is_correction, _ = correction_prefix(text)
    words = [w for w in re.sub(r"[^a-z0-9:' ]", " ", text.lower()).split() if w not in _AROUND_A_NUMBER]
    old = None
    if len(words) == 3 and words[1] in ("not", "instead"):
        words, old, is_correction = [words[0]], words[2], True
    if asked in _ANSWERED_WITH_A_NUMBER or not is_correction or len(words) != 1 or not _NUMBER.match(words[0]):
        return None
    numbered = [s for s in _NUMBERED_FIELDS if s != asked and re.search(r"\d", str(filled.get(s) or ""))]
    if old is not None:
        numbered = [s for s in numbered if re.search(rf"(?<!\d){re.escape(old)}(?!\d)", str(filled.get(s)))]
    if len(numbered) != 1:
        return None
    slot = numbered[0]
    before = str(filled[slot])
    pattern = rf"(?<!\d){re.escape(old)}(?!\d)" if old is not None else r"\d{1,3}(?::\d\d)?"
    value = re.sub(pattern, words[0], before, count=1)
    updates: Dict[str, Any] = {slot: value, asked: None}
    if slot == "discovered":
        facts = stated_facts(value, kind, now)
        if not facts.get("discovered_at"):
            return None
        updates["discovered_at"] = facts["discovered_at"]
    return Reading(updates=updates, corrected=[(slot, value)])
