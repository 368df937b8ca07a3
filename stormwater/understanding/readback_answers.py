"""The resident's answer to the read-back: file it, change a field, or a corrected value."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Mapping, Tuple

from stormwater.understanding.answer_words import _plain, _tidy, correction_prefix, yes_no
from stormwater.understanding.offer_replies import reply_to_offer
from stormwater.understanding.field_values import _FIELD_WORDS, field_named, stated_facts
from stormwater.understanding.form_reading import Reading
from stormwater.understanding.place_spans import renumbered
from stormwater.understanding.question_answers import answer_to


_CONFIRM_YES = re.compile(
    r"^(?:1|yes+|yeah|yea|yep|yup|ya|yah|yas|yeh|y|k|kk|correct|sure thing|sounds good|that'?s (?:right|correct|it|all correct|fine)|right|looks (?:good|right|fine|correct)|"
    r"all good|all correct|perfect|ok|okay|sure|file it|send it|submit|go ahead|confirmed?|affirmative|it'?s right|good|fine)\b"
)
_CONFIRM_NO = re.compile(r"^(?:2|no|nope|nah|change|wrong|not (?:right|quite|correct)|that'?s wrong|incorrect|fix|edit|one thing|wait)\b")


def read_confirm(text: str, slots: Tuple[str, ...], kind: str, filled: Mapping[str, Any], now: datetime) -> Reading:
    """The resident's answer to the read-back: file it, change something, or a corrected value."""
    reading = Reading()
    plain = _plain(text)
    is_correction, body = correction_prefix(text)
    facts = {k: v for k, v in stated_facts(_without_verdicts(body), kind, now).items() if k in slots or k == "discovered_at"}
    changed = {k: v for k, v in facts.items() if k in slots and filled.get(k) != v and k != "hazard"}
    named = field_named(body, slots)
    if named and changed and named not in changed and _named_value(body, named, kind, now, facts):
        changed = {}  # "the place should be the beach": the field named decides, not a word read as a material
    if "location" in changed:  # "it's 12 Oak Ln not 21": the same drain, at the right number
        changed["location"] = renumbered(str(filled.get("location") or ""), str(changed["location"]))
    if changed and (is_correction or not _CONFIRM_YES.match(plain) or re.search(r"\b(?:but|except)\b", plain)):
        reading.updates.update(changed)
        if "discovered" in changed:
            reading.updates["discovered_at"] = facts["discovered_at"]
        reading.corrected += [(s, str(v)) for s, v in changed.items()]
        reading.confirm = f"change:{next(iter(changed))}"
        return reading
    # "the amount was 5 gallons": a field and its new value.
    if named:
        value = answer_to(named, _strip_field_words(body, named), kind, now, facts, True)
        if value and _has_value(body, named):
            reading.updates.update(value)
            reading.corrected += [(s, str(v)) for s, v in value.items() if s in slots]
            reading.confirm = f"change:{named}"
            return reading
        reading.updates[named] = None
        if named == "discovered":
            reading.updates["discovered_at"] = None
        reading.confirm = f"change:{named}"
        return reading
    if _CONFIRM_YES.match(plain) and not re.search(r"\b(but|except|change|wrong)\b", plain):
        reading.confirm = "yes"
    elif _CONFIRM_NO.match(plain) or re.search(r"\b(change|wrong|fix|mistake|not right|incorrect)\b", plain):
        reading.confirm = "no"
    elif yes_no(text) == "yes" or reply_to_offer(text) == "report":
        reading.confirm = "yes"  # "ya", "uh huh", "yes I want to report it"
    else:
        reading.unclear = True
    return reading


# "that's the wrong street", "the number is wrong": a clause that only judges a field gives no value.
_VERDICT_CLAUSE = re.compile(r"\b(?:wrong|incorrect|not right|not correct|a mistake|mistaken|a typo)\b")


def _without_verdicts(body: str) -> str:
    """The message without its clauses that only say something is wrong: the value is in the rest
    ("that's the wrong road, it's 17 Cedar Ct" gives 17 Cedar Ct, not "the wrong road")."""
    clauses = re.split(r"\s*(?:[,;.!]|\s-\s)\s*", body)
    kept = [c for c in clauses if not (_VERDICT_CLAUSE.search(_plain(c)) and not re.search(r"\d", c))]
    return _tidy(", ".join(c for c in kept if c))


def _named_value(body: str, named: str, kind: str, now: datetime, facts: Mapping[str, Any]) -> bool:
    """Whether the field pointed at gets a value from the message: "the number's wrong, it's 71
    Birch Ct" names no phone number, so the address said is the correction, not the phone."""
    return bool(answer_to(named, _strip_field_words(body, named), kind, now, facts, True)) and _has_value(body, named)


def _strip_field_words(body: str, slot: str) -> str:
    words = dict(_FIELD_WORDS)[slot]
    text = re.sub(
        rf"^(?:please\s+)?(?:change|fix|correct|update|make)?\s*(?:the|my)?\s*(?:{words})\s*(?:was|is|to|should be|it'?s|:|=)?\s*",
        "",
        body,
        flags=re.I,
    )
    if text == body:  # "can you put my full name, Jennifer Walsh": the words after the field's name
        text = re.sub(rf"^.*?\b(?:{words})\b\s*(?:was|is|to|should be|it'?s|as|:|=|,|-)?\s*", "", body, count=1, flags=re.I)
    text = re.sub(r"^(?:was|is|to|should be|actually)\s+", "", text, flags=re.I)
    return _tidy(text) or body


_JUDGEMENT = re.compile(r"^(?:is |was |it'?s )?(?:wrong|incorrect|not right|off|bad|a mistake|mistaken|not correct|wrong too)$")


def _has_value(body: str, slot: str) -> bool:
    rest = _plain(_strip_field_words(body, slot))
    if _JUDGEMENT.match(rest) or re.search(r"\b(wrong|incorrect|not right|mistake)\s*$", _plain(body)):
        return False
    return bool(rest) and rest != _plain(body) or bool(re.search(r"\b(?:was|is|to|should be)\b", _plain(body)))


