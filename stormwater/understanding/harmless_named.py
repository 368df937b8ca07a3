"""The thing a "no" to the hazard question names, when it says better what was filed.

Asked whether it could be hazardous, a resident who says no often says why by naming the thing:
"no, only beeswax", "nope, it's latex house paint", "he told me it's just drywall mud". When
the report so far holds only what the thing looked like or came in ("lumpy gray stuff", "a
full pail"), the thing named is the material; when it holds a thing of its own the vocabulary
does not know ("lobster steam water"), what the answer names is added to it. A material the
vocabulary already knows ("muddy water") stays: "no, just water and some dirt" only says why it
is harmless. Plain functions over the words; no Flask, no Rasa.
"""
from __future__ import annotations

import re
from typing import Optional

from stormwater.understanding.answer_words import _plain
from stormwater.understanding.material_reading import read_material
from stormwater.understanding.material_vessels import CONTAINERS as _CONTAINERS

# "only beeswax", "just pine needles", "it's just drywall mud": the words after "just",
# up to the clause's end or to the next thing denied or added.
_JUST = re.compile(
    r"\b(?:just|only|nothing but)\s+(?:some\s+|a\s+|an\s+|plain\s+)?"
    r"(?P<thing>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,3}?)(?=\s*(?:[,.;!?]|\band\b|\bwith\b|\bno\b|\bnot\b|$))"
)
_NOT_A_THING = frozenset("water rain rainwater it that this stuff liquid fluid a the what some".split())
# "just the plaster stuff": the thing already told, pointed back at; "only feathers and guts"
# for "chicken feathers and scraps": the same thing said again. Neither names anything new.
_POINTED_BACK = re.compile(r"\b(?:just|only|nothing but)\s+(?:the|that|this|those|these|it)\b")
_DESCRIPTION_HEADS = frozenset("stuff thing things liquid goo gunk substance".split())
_SMALL = frozenset("and the a an no not just only its it's it was is of with some or in on that this".split())


def thing_named(text: str) -> Optional[str]:
    """The thing a hazard answer names ("no, only beeswax" -> "beeswax"), or ``None``."""
    if _POINTED_BACK.search(_plain(text)):
        return None
    reading = read_material(text)
    if reading is not None and reading.keys and not reading.unknown:
        words = re.sub(r"^(?:just|only|nothing but)\s+", "", reading.words)
        return None if words.split()[-1] in _NOT_A_THING else words
    match = _JUST.search(" ".join(text.lower().replace("’", "'").split()))
    thing = match.group("thing").strip() if match else ""
    words = thing.split()
    if not words or words[-1] in _NOT_A_THING or words[0] in ("a", "the", "like"):
        return None
    return thing


def refined_material(text: str, filed: str) -> Optional[str]:
    """The material a "no" to the hazard question names instead of ``filed``, or ``None`` when
    the answer names none, or what was filed is already a material the vocabulary knows."""
    named = thing_named(text)
    said_again = set(_plain(text).split()) & set(_plain(filed).split()) - _SMALL
    if not named or not filed or said_again:
        return None
    before = read_material(filed)
    if before is not None and before.keys:
        return None
    last = _plain(filed).split()[-1:] or [""]
    # "a full pail", "lumpy gray stuff" said only what held it or how it looked: the thing named
    # replaces them; "lobster steam water" is a thing of its own, and what is in it is added.
    return named if _CONTAINERS.fullmatch(last[0]) or last[0] in _DESCRIPTION_HEADS else f"{filed}, {named}"
