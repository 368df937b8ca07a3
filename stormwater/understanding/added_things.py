"""A thing added to exempt water (issue 27): the water then holds what was put in it.

"its tap water plus those purification tablets", "well water with a capful of conditioner
added", "we drop a cleaning tablet in the tank": tap, well or pool water with a thing put in it
is no longer that water as it came, whatever the thing is called, and the texts do not say
whether it still is the exemption's water (the contents category ``used``: not named). Read:
a word of water, then "plus" and a thing; "with", a thing, then a word of adding ("added",
"mixed in"); or a verb of adding, a thing, then "to", "in" or "into". A thing that is water,
ice or nothing ("with nothing added", "add more water") is none, and so is a thing named by a
word of ``contents`` ("plus a little bleach"): that word is read by name, and its rule decides.
Words: ``added_things`` of data/facets.yml. Plain Python.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, List, Optional, Tuple

from stormwater.understanding.facets_file import facets_file

REACH = 6  # words of the thing ("a scoop of the blue crystals")
_TOKEN = re.compile(r"[a-z0-9']+|[,;.!?]")
_BREAKS = frozenset(",;.!?") | {"and", "then", "but", "so", "because", "when", "while"}


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> Tuple[FrozenSet[str], ...]:
    raw = facets_file(folder)
    own = raw.get("added_things") or {}
    contents = frozenset(str(p).lower() for ps in (raw.get("contents") or {}).values() for p in ps)

    def words(key: str) -> FrozenSet[str]:
        return frozenset(str(w).lower() for w in own.get(key) or ())

    return words("waters"), words("adding"), words("added"), words("not_things"), contents


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
