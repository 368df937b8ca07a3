"""Which other field a whole message is, typed while another question was asked: a place at
the material question, a time at the amount question, a name at a yes-or-no question."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Dict, List, Mapping, Optional

from stormwater.understanding.catalogue import find_mentions
from stormwater.understanding.answer_words import YES_NO_SLOTS, _NEGATED_HAZARD, _plain, _tidy, _without_negations, material_keys, yes_no
from stormwater.understanding.field_values import (
    _AMOUNT_LIKE, _LOCATIVE, _LOCATIVE_AT_MATERIAL, _PLACE_PHRASE, find_place, is_anonymous, name_answer, stated_facts,
)
from stormwater.understanding.question_answers import covers


_PERSON_NAME = re.compile(r"[A-Z][a-z'.-]+(?:\s+[A-Z][a-z'.-]+){1,2}")
# Capitalised words that name a time, a size or a place, not a person ("Christmas Eve", "Shell Station").
_NOT_A_PERSON = re.compile(
    r"\b(?:day|eve|night|morning|afternoon|evening|noon|week|weekend|month|year|today|tonight|yesterday|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|christmas|thanksgiving|easter|holiday|station|store|shop|deli|church|"
    r"school|park|hall|beach|marina|plaza|center|centre|market|garage|inc|llc|co|company|corp|services?)\b",
    re.I,
)
# A yes or no that opens an answer, not a correction ("no, it's the business behind ..." but
# not "no wait, it's on Bay Ave").
_PLAIN_YES_NO = re.compile(
    r"^\s*(?:no|nope|nah|yes|yeah|yep|yup|ya)\b(?![\s,.!:;-]*(?:wait|actually|sorry|i mean|i meant|hold on|hang on|oops|scratch|"
    r"correction|my bad|it was|it wasn'?t)\b)", re.I,
)
_ONLY_UNKNOWING = re.compile(
    r"(?:no idea|not sure|don'?t know|dont know|dunno|idk|no clue|can'?t tell|unsure)\s+(?:what|whats|what's)"
    r"(?:\s+(?:else|it is|it was|its|it's|that is|thats|that's|is in it|was in it))?"
)
_BARE_NO = re.compile(r"^(?:no|nope|nah|naw|no idea|no clue|idk|dunno)$")


def _substance(body: str, kind: str, now: datetime) -> Dict[str, Any]:
    """What was released (and whether that is hazardous) in a message answering another
    question: "motor oil, maybe a quart" names oil; "by the gas station" names no gas."""
    place = find_place(body)
    rest = _PLACE_PHRASE.sub(" ", body.replace(place, " ") if place else body)
    facts = stated_facts(rest, kind, now)
    out = {k: facts[k] for k in ("material",) if k in facts}
    if "material" in out and _ONLY_UNKNOWING.fullmatch(_plain(rest).strip()):
        return {}  # "no idea what else" at another question tells nothing new of the material
    said = [m.phrase for m in find_mentions(_without_negations(_plain(rest)))]
    if said and "material" in out and not all(phrase in out["material"] for phrase in said):
        out["material"] = ", ".join(dict.fromkeys(said))  # the resident's words, as the opening message keeps them
    if "material" in out and facts.get("hazard") in ("yes", "no"):
        out["hazard"] = facts["hazard"]
    return out


# "it's been running on and off all morning": how long it went on, not when it was found
_DURATION = re.compile(r"\ball (?:the |this )?(?:morning|afternoon|evening|night|day|week|weekend)\b|\ball day long\b")


def tells_a_duration(text: str) -> bool:
    """Whether the words say how long something went on ("running on and off all morning"),
    which is no time of discovery when said at another question."""
    return bool(_DURATION.search(_plain(text)))


def other_field(
    body: str, asked: str, facts: Mapping[str, Any], kind: str, now: datetime, text: Optional[str] = None
) -> Optional[str]:
    """The other field a whole message clearly is, typed while ``asked`` was asked, or ``None``.

    A place ("in front of 12 Oak Lane") is never a material or an amount, a denial of hazard
    ("no chemicals") never a place, a time ("2 hours ago") never a hazard or a name, a
    person's name ("Pat Lee") never an amount, and a material alone ("motor oil") never a
    place. A message that also answers the question asked is left to it. ``text`` is the
    whole message when ``body`` lost an opening "no" ("no chemicals").
    """
    plain = _plain(body)
    whole = _plain(text or body)
    if asked in ("test_when", "handoff_question") or not plain:
        return None
    others = [s for s in ("discovered", "amount", "location") if s in facts]
    if asked != "discovered" and others == ["discovered"] and covers(body, facts, others) and not _DURATION.search(plain) \
            and not (asked == "material" and material_keys(body)):  # "motor oil, this morning" answers both
        return "discovered"
    if asked in ("location", "material", "discovered", "reporter_name") and others == ["amount"] and covers(body, facts, others) \
            and "material" not in facts:
        return "amount"
    if asked != "location" and others == ["location"] and covers(body, facts, others) \
            and not (asked == "reporter_name" and name_answer(body)):  # "Ana from the bakery on Main St"
        return "location"
    if asked in ("material", "amount", "discovered", "hazard") and not others \
            and (_LOCATIVE.match(body) or asked == "material" and _LOCATIVE_AT_MATERIAL.match(body)) \
            and not _substance(body, kind, now).get("material"):
        return "location"
    if asked in ("location", "amount", "discovered", "reporter_name", *YES_NO_SLOTS) and _NEGATED_HAZARD.search(whole) \
            and not others and not material_keys(whole) and _only_a_look(_filler_free(_without_negations(whole)), asked):
        return "hazard"
    if asked in ("location", "amount", "discovered", "reporter_name") and not others and len(plain.split()) <= 4 \
            and not _PLACE_PHRASE.search(body) and _substance(body, kind, now).get("material"):
        return "material"
    if asked != "reporter_name" and "reporter_name" in facts and covers(body, facts, ["reporter_name"]):
        return "reporter_name"
    if asked in ("amount", "discovered", "hazard", *YES_NO_SLOTS) and not others and _PERSON_NAME.fullmatch(_tidy(body).rstrip(".!")) \
            and yes_no(body) is None and not material_keys(body) and not is_anonymous(body) \
            and not _NOT_A_PERSON.search(body) and not (asked == "amount" and _AMOUNT_LIKE.search(body)):
        return "reporter_name"
    return None


# How water looks, said beside "no chemicals" at the place question ("no chemicals, it looks soapy"):
# no place, and the denial is still the hazard's answer
_LOOK_WORDS = frozenset("looks look looked seems smells smell like soapy sudsy suds foamy bubbly muddy cloudy milky brown "
                        "brownish gray grey greyish clear dirty water mostly kinda kind sort".split())


def _only_a_look(rest: List[str], asked: str) -> bool:
    """Whether the words besides a denial of hazard say nothing more (one word), or only how the
    water looks ("no chemicals, it looks soapy"): the denial is kept and the question asked again."""
    return len(rest) <= 1 or all(w in _LOOK_WORDS for w in rest)


def _filler_free(plain: str) -> List[str]:
    return [w for w in plain.split() if w not in {"it", "its", "it's", "is", "was", "there", "are", "were", "just", "really",
                                                  "at", "all", "any", "that", "i", "think", "the", "a", "an", "of", "or", "and"}]

