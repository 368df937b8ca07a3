"""A machine or a part flushed with water (issue 27): "we flushed the radiator with tap water",
"back flush the outboard with the garden hose". The water then carries what was in the thing,
so it is used water, not the potable water it came from. Flushing a water line, a main, a
hydrant or the house's taps is the texts' own "water line flushing" and is not read here; the
"stagnant" water it clears from the lines is still potable water (:func:`stale_dropped`).
Words: ``qualifiers.flushing``, ``flushed_water_ways``, ``flush_waters`` and ``stale_in_lines``
of data/facets.yml."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Optional, Tuple

from stormwater.understanding.facets_file import facets_file

_CLAUSE_BREAKS = frozenset(",;.!?")
REACH = 3  # as water_qualifiers.REACH: how far "with" may stand from the water's words


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> dict:
    raw = facets_file(folder).get("qualifiers") or {}

    def words(name: str) -> frozenset:
        return frozenset(str(w).lower() for w in raw.get(name) or ())

    return {"flushing": words("flushing"), "ways": words("flushed_water_ways"), "waters": words("flush_waters"),
            "stale": words("stale_in_lines")}


_FLUSH_SKIP = frozenset({"out", "back", "the", "a", "an", "my", "our", "his", "her", "their", "its", "old"})
# How many words a flushed thing may take before "with" the water ("flushed the old truck radiator with").
FLUSHED_REACH = 5


def flushed_with_water(tokens: list, folder: Optional[str] = None) -> bool:
    """Whether a thing other than a water line is flushed with water in one clause ("we flushed
    our radiator with tap water", "back flush the outboard with the garden hose"): the water then
    carries what was in the thing. Flushing a line, a main, a hydrant or the house's taps is the
    exemption's own water line flushing, and is not read here."""
    words = _words(folder)
    for i, token in enumerate(tokens):
        if token not in words['flushing']:
            continue
        thing = []
        for word in tokens[i + 1 : i + 1 + FLUSHED_REACH + 2]:
            if word in _CLAUSE_BREAKS or word in ("with", "using"):
                break
            if word not in _FLUSH_SKIP:
                thing.append(word)
        if not thing or len(thing) > FLUSHED_REACH or any(w in words['ways'] for w in thing):
            continue
        clause = []
        for word in tokens[i + 1 : i + 1 + FLUSHED_REACH + 2 + 2 * REACH]:
            if word in _CLAUSE_BREAKS:
                break
            clause.append(word)
        if any(w in ("with", "using") for w in clause):
            at = next(k for k, w in enumerate(clause) if w in ("with", "using"))
            if any(w in words['waters'] for w in clause[at + 1 : at + 1 + REACH]):
                return True
    return False


FOULED = "fouled"  # the contents category of data/facets.yml
_LINE_SKIP = _FLUSH_SKIP | {"every", "all", "each", "both", "outdoor", "outside", "indoor", "inside", "and", "of"}


def stale_dropped(facets, norm: str, fouled_words: Iterable[str], folder: Optional[str] = None) -> Tuple[str, ...]:
    """The contents of ``facets`` (a discharge_reader.Facets), without "fouled" when the water is
    potable and the lines or taps flushed are what made it stagnant ("we flush every tap and the
    outdoor spigots to clear the stagnant water"): water that stood in the pipes is the potable
    water the exemption flushes, so only "stagnant" or "stale" said of it is dropped; "algae",
    "rotten" or "slimy" still foul it."""
    contents = facets.contents
    if facets.water != "potable" or FOULED not in contents:
        return contents  # the common case: nothing to scan for
    said = {w for w in fouled_words if re.search(rf"\b{re.escape(w)}\b", norm)}
    if not said or not said <= _words(folder)["stale"] or not lines_flushed(norm.split(), folder):
        return contents
    return tuple(c for c in contents if c != FOULED)


def lines_flushed(tokens: list, folder: Optional[str] = None) -> bool:
    """Whether a verb of flushing takes a water line, a tap or a spigot as its object, in one
    clause ("flush every tap and the 2 outside spigots")."""
    words = _words(folder)
    for i, token in enumerate(tokens):
        if token not in words["flushing"]:
            continue
        for word in tokens[i + 1 : i + 2 + FLUSHED_REACH]:
            if word in words["ways"]:
                return True
            if word in _CLAUSE_BREAKS or not (word in _LINE_SKIP or word.isdigit()):
                break
    return False
