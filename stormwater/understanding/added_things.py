"""A thing added to exempt water (issue 27): the water then holds what was put in it.

"its tap water plus those purification tablets", "well water with a capful of conditioner
added", "we drop a cleaning tablet in the tank": tap, well or pool water with a thing put in it
is no longer that water as it came, whatever the thing is called, and the texts do not say
whether it still is the exemption's water (the contents category ``used``: not named). Read:
a word of water, then "plus" and a thing; "with", a thing, then a word of adding ("added",
"mixed in"); or a verb of adding, a thing, then "to", "in" or "into". A thing that is water,
ice or nothing ("with nothing added", "add more water") is none, and so is a thing named by a
word of ``contents`` ("plus a little bleach"): that word is read by name, and its rule decides.
Two more ways of saying it: a verb of cleaning, then "with" and a thing that is no tool, water or
person ("cleaning the ice machine with the descaler"): a product was put in that water; and a
thing watered in ("put the nematodes down and watered them in"): the lawn's water carries it.
Words: ``added_things`` of data/facets.yml. Plain Python.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, List, Optional, Tuple

from stormwater.understanding.facets_file import facets_file

REACH = 6  # words of the thing ("a scoop of the blue crystals")
CLEANED_REACH = 10  # words from the cleaning to "with" ("cleaning the ice machine at the bar this week with")
_TOKEN = re.compile(r"[a-z0-9']+|[,;.!?]")
_BREAKS = frozenset(",;.!?") | {"and", "then", "but", "so", "because", "when", "while"}


def _own(key: str, folder: Optional[str] = None) -> FrozenSet[str]:
    return frozenset(str(w).lower() for w in (facets_file(folder).get("added_things") or {}).get(key) or ())


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> Tuple[FrozenSet[str], ...]:
    contents = frozenset(str(p).lower() for ps in (facets_file(folder).get("contents") or {}).values() for p in ps)
    return _own("waters", folder), _own("adding", folder), _own("added", folder), _own("not_things", folder), contents


@lru_cache(maxsize=4)
def _more_words(folder: Optional[str] = None) -> Tuple[FrozenSet[str], ...]:
    return (_own("cleaning", folder), _own("not_things", folder) | _own("cleaning_not_things", folder), _own("watering", folder),
            _own("watered_in_things", folder), _own("after_watered_in", folder))


def thing_added(text: str, folder: Optional[str] = None) -> bool:
    """Whether ``text`` says a thing nobody named as a pollutant was put in the water."""
    waters, adding, added, not_things, contents = _words(folder)
    tokens = _TOKEN.findall(text.lower())
    for i, token in enumerate(tokens):
        if token == "plus" and i and tokens[i - 1] in waters:
            if _a_thing(tokens[i + 1 : i + 1 + REACH], not_things, contents):
                return True
        elif token == "with" and i and tokens[i - 1] in waters:
            thing = _until(tokens[i + 1 : i + 2 + REACH], added)
            if thing is not None and _a_thing(thing, not_things, contents):
                return True
        elif token in adding:
            thing = _until(tokens[i + 1 : i + 2 + REACH], frozenset({"to", "in", "into"}))
            if thing is not None and _a_thing(thing, not_things, contents):
                return True
    return _cleaned_with(tokens, contents, folder) or _watered_in(tokens, folder)


def _cleaned_with(tokens: List[str], contents: FrozenSet[str], folder: Optional[str] = None) -> bool:
    """A verb of cleaning, then within reach in its clause "with" and a thing that is a product."""
    cleaning, not_things = _more_words(folder)[:2]
    for i, token in enumerate(tokens):
        if token not in cleaning:
            continue
        for j in range(i + 1, min(len(tokens), i + 1 + CLEANED_REACH)):
            if tokens[j] in _BREAKS:
                break
            if tokens[j] == "with":
                thing = tokens[j + 1 : j + 1 + REACH]
                if _a_thing(thing, not_things, contents):
                    return True
                break
    return False


def _watered_in(tokens: List[str], folder: Optional[str] = None) -> bool:
    """"watered them in good", "water it in well", "was watered in.": a thing spread, then
    watered in. The bare noun ("tap water in it") needs the thing between: it waters nothing in."""
    _, _, watering, things, after = _more_words(folder)
    for i, token in enumerate(tokens):
        if token not in watering:
            continue
        thing_between = i + 1 < len(tokens) and tokens[i + 1] in things
        if not thing_between and token in ("water", "waters"):
            continue
        k = i + 2 if thing_between else i + 1
        if k < len(tokens) and tokens[k] == "in" and (k + 1 == len(tokens) or tokens[k + 1] in _BREAKS or tokens[k + 1] in after):
            return True
    return False


def _until(window: List[str], ends: FrozenSet[str]) -> Optional[List[str]]:
    """The words before the first of ``ends`` in ``window`` (``None``: a break or no end first)."""
    for k, word in enumerate(window):
        if word in ends:
            return window[:k]
        if word in _BREAKS:
            return None
    return None


def _a_thing(words: List[str], not_things: FrozenSet[str], contents: FrozenSet[str]) -> bool:
    words = words[: next((k for k, w in enumerate(words) if w in _BREAKS), len(words))]
    joined = f" {' '.join(words)} "
    return bool(words) and not any(w in not_things for w in words) and not any(f" {p} " in joined for p in contents)
