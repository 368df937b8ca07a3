"""A material said only by how it looked or what held it is not yet the thing discharged.

"all the suds went down the drain", "a blue drum leaking", "opened the grey tank": the words
give a colour, a froth or a container, not what the suds, the drum or the tank held. Filing
"suds" or "blue" as the material would file the look for the thing, so the report asks for the
material instead (a reply to that question is taken as the resident says it). A container the vocabulary
names as a thing ("a black tank") is that thing, unless the resident denies its hazard. When the
container's name alone was what made the message hazardous (the vocabulary files a "grey tank"
with sewage) and no hazardous word was typed, that hazard is not settled either: it is asked.
Plain functions over the words; no Flask, no Rasa.
"""
from __future__ import annotations

import re

from stormwater.understanding.answer_words import _HAZARD, _NEGATED_HAZARD, _plain, _without_negations
from stormwater.understanding.catalogue import find_mentions
from stormwater.understanding.material_vessels import CONTAINERS
from stormwater.understanding.thing_hazard import _NOT_A_KIND, _VESSEL, without_harmless_kinds

# What a material looked like on the ground, never what it was: froth and bubbles form on soap,
# shampoo, a carpet cleaner's water or a chemical alike.
_LOOKS = re.compile(r"(?:suds|sudsy|foam|foamy|froth|frothy|bubbles|bubbly|lather)")


def looks_only(words: str) -> bool:
    """Whether a filed material says only a look, a colour or a container ("suds", "blue",
    "the grey tank"), not a thing: "black gunk", "soapy water" and "oil" are things."""
    plain = _plain(words)
    if not plain:
        return False
    left = [w for w in plain.split() if not (_NOT_A_KIND.fullmatch(w) or _VESSEL.fullmatch(w) or CONTAINERS.fullmatch(w))]
    return all(_LOOKS.fullmatch(w) for w in left)


def look_for_thing(words: str, text: str) -> bool:
    """Whether a filed material (not one the resident says they do not know) is only a look or
    a container, to be asked. A container the vocabulary names as a thing ("the black tank" of
    a camper is its sewage) stays, unless the resident denies the hazard it would carry ("not
    the toilet tank, just the grey one"): then what it held is asked."""
    if things_said(words):
        return False
    named = any(_VESSEL.search(m.phrase) for m in find_mentions(_plain(words)))
    return not named or bool(_NEGATED_HAZARD.search(_plain(text)))


def things_said(words: str) -> str:
    """The filed material without the parts that only say a look or a container ("blue,
    gasoline" -> "gasoline"); ``""`` when nothing else was said."""
    return ", ".join(p for p in words.split(", ") if not looks_only(p))


def typed_hazard(text: str, hazard: str) -> bool:
    """Whether the resident's own words say ``hazard``: a hazardous word typed ("gas",
    "toilet"), not denied ("not the toilet tank") nor part of a harmless thing's name ("cooking
    oil"); or, for ``"no"``, a denial ("no chemicals", "just water")."""
    plain = _plain(text)
    if hazard == "no":
        return bool(_NEGATED_HAZARD.search(plain))
    return hazard == "yes" and bool(_HAZARD.search(without_harmless_kinds(_without_negations(plain))))
