"""The value a message gives the question the form asked: a yes or no, the hazard, a time,
a phone number, a name, an amount, a place or the material, each read by its own reader."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Dict, List, Mapping

from stormwater.understanding.when import parse_when
from stormwater.understanding.answer_words import YES_NO_SLOTS, _plain, _tidy, hazard_answer, hazard_from_words, yes_no
from stormwater.understanding.field_values import (
    _AMOUNT_LIKE, _PLACE_LIKE, find_amount, find_place, is_anonymous, just_now, name_answer, phone_answer, place_answer, texted_time,
)
from stormwater.understanding.material_reading import material_answer, read_material


def answer_to(asked: str, body: str, kind: str, now: datetime, facts: Dict[str, Any], is_correction: bool) -> Dict[str, Any]:
    """The value(s) ``body`` gives the question asked, or ``{}`` when it gives none."""
    if asked in YES_NO_SLOTS:
        value = yes_no(body, asked)
        return {asked: value} if value else {}
    if asked == "hazard":
        value = hazard_answer(body)
        return {"hazard": value} if value else {}
    if asked == "discovered":
        moment = parse_when(texted_time(body), now)
        if moment is not None:
            return {"discovered": body, "discovered_at": moment.isoformat()}
        if "discovered" in facts:
            return {"discovered": facts["discovered"], "discovered_at": facts["discovered_at"]}
        if just_now(body):
            return {"discovered": body, "discovered_at": now.isoformat()}  # "just found them"
        return {}
    if asked == "reporter_phone":
        phone = phone_answer(body)
        return {"reporter_phone": phone} if phone else {}
    if asked == "reporter_name":
        if is_anonymous(body):
            return {"reporter_name": "anonymous", "reporter_phone": "none"}
        name = name_answer(body)
        out = {"reporter_name": name} if name else {}
        if name and "reporter_phone" in facts:
            out["reporter_phone"] = facts["reporter_phone"]
        return out
    # Free-text questions take the words, unless they are plainly about another field.
    other = [s for s in ("discovered", "amount", "location") if s in facts and s != asked]
    if asked == "amount":
        if found := facts.get("amount") or find_amount(body):  # "a pail": a container said when asked answers
            return {"amount": _amount_words(body, found) if len(body) <= 60 and not other else found}
        if other and (is_correction or covers(body, facts, other)):
            return {}
        return {"amount": _tidy(body)} if _AMOUNT_LIKE.search(body) else {}
    if asked == "location":
        span = find_place(body)
        if span:
            return {"location": span}  # the place phrase around its street, never the sentence around it
        if "location" in facts and (is_correction or len(body) > 80):
            return {"location": facts["location"]}
        if (other and covers(body, facts, other)) or not _PLACE_LIKE.search(body):
            return {}
        words = body
        for slot in ("discovered", "amount"):
            if slot in facts:
                words = words.replace(str(facts[slot]), " ")  # time words are never part of the place
        words = _tidy(re.split(r"[,;]\s*(?:i|we|it|and)\s+(?:noticed|saw|found|seen|was|think|have|did)\b", words, flags=re.I)[0])
        return {"location": place_answer(words or _tidy(body))}
    if asked == "material":
        if other and is_correction and covers(body, facts, other):
            return {}
        out: Dict[str, Any] = {"material": material_answer(_without_other_fields(body, facts))}
        reading = read_material(body)
        hazard = reading.hazard if reading is not None else hazard_from_words(body)
        if hazard is not None and kind == "spill":
            out["hazard"] = hazard
        return out
    return {asked: _tidy(body)}


def _without_other_fields(body: str, facts: Mapping[str, Any]) -> str:
    """The material's words without an amount or a time said with it ("antifreeze, maybe a
    gallon" -> "antifreeze"); the whole answer when nothing else would be left."""
    words = body
    for slot in ("amount", "discovered"):
        if facts.get(slot) and str(facts[slot]) in words:
            words = words.replace(str(facts[slot]), " ")
    words = _tidy(re.sub(r"^\s*[,;]?\s*of\s+", "", words))
    return words if read_material(words) is not None else body


def covers(body: str, facts: Dict[str, Any], slots: List[str]) -> bool:
    """Whether the message is mostly the other fields' words ("yesterday around 4pm")."""
    rest = _plain(body)
    for slot in slots:
        rest = rest.replace(_plain(str(facts[slot])), " ")
    rest = re.sub(r"\b(it|was|is|it's|its|the|a|an|on|at|in|around|about|actually|no|wait|sorry|i|think|more|like|maybe|that|oh|more like|and)\b", " ", rest)
    return len(rest.split()) <= 2


def _amount_words(body: str, amount: str) -> str:
    """The resident's words for an amount: the whole answer, or only its clauses that speak of
    an amount when other clauses say something else ("no chemicals, just oily water, maybe 2
    gallons" is "maybe 2 gallons")."""
    clauses = [c.strip() for c in re.split(r"[,;]", body) if c.strip()]
    kept = [c for c in clauses if amount.lower() in c.lower() or find_amount(c) or _AMOUNT_LIKE.search(c)]
    return _tidy(", ".join(kept)) if kept and len(kept) < len(clauses) else _tidy(body)

