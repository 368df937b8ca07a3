"""Exempt water a person put to use (issue 27): what it touched decides, not where it came from.

Rain, tap or hydrant water is exempt as itself. Once someone used it to rinse, wash, soak,
cool or clean something, the water discharged carries what it touched, and no exemption names
that water:

- **Rain put to use.** "I rinse my brushes in the rain barrel water", "rain water used to wash
  the boat": rain the resident used is no longer plain stormwater. Rain that washes a roof on
  its own ("the rain washes the pollen off") is still rain: only a person's use counts here, said
  by "use ... to", "to <verb>", "for <verb>ing", or a verb whose object is then soaked "in" or
  washed "with" the rain water.
- **A use with a particle.** "Hydrant water to rinse out the pots", "tap water to wash off the
  tools": after the verb, "out" or "off" followed by a determiner and a thing is what the water
  touched ("off the driveway" washed the driveway); after "out", a place the water runs to is
  motion ("washing out the side door"), and "off into the street" names no thing at all.

The words are ``qualifiers`` (``used_for``, ``not_touched``) and ``water.rain`` of
``data/facets.yml``; ``use_markers``, ``places``, ``hosing`` and ``covering`` of ``qualifiers``.
Plain Python.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, List, Optional

from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.used_on import water_used_on

_CLAUSE_BREAKS = frozenset(",;.!?")
# What may stand between the rain water and the verb of using it ("rain water we used to rinse").
USE_REACH = 6
# How far after the verb of using the rain water may stand ("rinse the brushes out in the rain barrel water").
OBJECT_REACH = 10
_RAIN_TOKENS = frozenset({"rain", "rainwater"})
# How far after "with" the rain's words may stand ("with water from the rain barrel")
RAIN_WATER_REACH = 5
_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "his", "her", "their", "your", "all", "those", "these", "some", "its"})
_PARTICLES = frozenset({"out", "off"})
_RIGHT_BEFORE = frozenset({"to", "for"})


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> dict:
    raw = facets_file(folder).get("qualifiers") or {}

    def words(name: str) -> FrozenSet[str]:
        return frozenset(str(w).lower() for w in raw.get(name) or ())

    return {"used_for": words("used_for"), "not_touched": words("not_touched"), "markers": words("use_markers"),
            "places": words("places"), "hosing": words("hosing"), "covering": words("covering")}


def particle_object(tokens: List[str], at: int, folder: Optional[str] = None) -> bool:
    """Whether ``tokens[at]`` is "out" or "off" after a verb of using, then a determiner and a
    thing ("rinse out the pots", "rinsing off the patio": touched); after "out" not a place
    ("washing out the side door" says where the water went), and never "off into the street"."""
    words = _words(folder)
    if at >= len(tokens) or tokens[at] not in _PARTICLES:
        return False
    rest = tokens[at + 1 : at + 4]
    if not rest or rest[0] not in _DETERMINERS:
        return False
    things = [w for w in rest[1:] if w not in _DETERMINERS]
    if not things or things[0] in _CLAUSE_BREAKS:
        return False
    # "washing off the driveway" washed the driveway; "washing out the side door" went through it
    return tokens[at] == "off" or things[0] not in words["places"]


def _object_after(tokens: List[str], j: int, folder: Optional[str] = None) -> bool:
    """Whether the verb of using at ``tokens[j]`` has an object: a thing right after it, or a
    particle and a thing (:func:`particle_object`)."""
    words = _words(folder)
    after = tokens[j + 1] if j + 1 < len(tokens) else "."
    if after in _CLAUSE_BREAKS:
        return False
    return after not in words["not_touched"] or particle_object(tokens, j + 1, folder)


def rain_put_to_use(raw: str, folder: Optional[str] = None) -> bool:
    """Whether rain water in ``raw`` (lower-case words, punctuation as words of their own, each
    name of rain of two words or more already said as "rainwater") is said to have been put to
    use by someone on something: "rain barrel water used to rinse the offcuts", "I clean my
    brushes in rain water". Not rain acting on its own ("the rain water washes the deck off")."""
    words = _words(folder)
    tokens = raw.split()
    for i, token in enumerate(tokens):
        if token not in _RAIN_TOKENS:
            continue
        window = []
        for word in tokens[i + 1 : i + 1 + USE_REACH + 1]:
            if word in _CLAUSE_BREAKS:
                break
            window.append(word)
        for k, word in enumerate(window):
            # "to" and "for" right before the verb ("to rinse", "for washing"), a verb of using anywhere before it
            marked = (k and window[k - 1] in _RIGHT_BEFORE) or any(w in words["markers"] - _RIGHT_BEFORE for w in window[:k])
            if word in words["used_for"] and marked and _object_after(tokens, i + 1 + k, folder):
                return True
        if _used_in(tokens, i, words):
            return True
    # "I scrub the tools in the yard with water from the rain barrel": the rain after "with"
    return any(t in _RAIN_TOKENS for t in tokens) and water_used_on(raw, folder, _RAIN_TOKENS, RAIN_WATER_REACH)


def _used_in(tokens: List[str], i: int, words: dict) -> bool:
    """Whether a verb of using, with an object, stands before the rain water at ``tokens[i]``
    in its clause, with "in" or "with" right before the rain's words ("soak the gear in a can of rain water")."""
    clause = []
    for word in reversed(tokens[max(0, i - OBJECT_REACH) : i]):
        if word in _CLAUSE_BREAKS:
            break
        clause.insert(0, word)
    joined = [k for k, w in enumerate(clause) if w in ("in", "with")]
    if not joined:
        return False
    for k, word in enumerate(clause[: joined[-1]]):
        after = clause[k + 1] if k + 1 < len(clause) else "."
        if word in words["used_for"] and after not in words["not_touched"] and k + 1 < joined[-1]:
            return True
    return False


# A compound of a material and a word of covering ("oil-stained", "paint-splattered",
# "mud-caked"): the material lies on the thing, so water running over it may carry it.
_COVERED_COMPOUND = re.compile(
    r"\b([a-z]+)-(stained|soaked|covered|caked|coated|splattered|spattered|slicked|streaked|crusted|laden|smeared|soiled|encrusted)\b"
)


def covered_compounds_split(text: str) -> str:
    """``text`` with each compound of covering said as two words ("oil-stained" -> "oil stained"),
    so that the material it names is read as what the water may carry."""
    return _COVERED_COMPOUND.sub(r"\1 \2", text or "")


def has_covered_compound(text: str) -> bool:
    """Whether ``text`` says a thing is covered with a material by a compound ("his oil-stained driveway")."""
    return bool(_COVERED_COMPOUND.search(text or ""))


_PRONOUNS = frozenset({"it", "them"})
_COVER_JOINS = frozenset({"with", "in", "of"})
# How far after a word of covering its "with", "in" or "of" may stand ("covered our whole roof with").
COVER_REACH = 4


def surface_hosed_off(raw: str, folder: Optional[str] = None) -> bool:
    """Whether ``raw`` (lower-case words, punctuation as words of their own) says a surface is
    hosed off ("hose the roof off", "hosing down our patio", "hose it off") and, in a clause of
    the message that names that surface (or any, for "it"), what covers it ("covered our roof
    with droppings", "the deck is caked in pollen"): the hose water carries what was on it."""
    words = _words(folder)
    tokens = raw.split()
    clauses = _clauses(tokens)
    for i, token in enumerate(tokens):
        if token not in words["hosing"] or (i and tokens[i - 1] in _DETERMINERS | {"garden"}):
            continue  # "the hose the neighbor left": a hose, not hosing
        j = i + 1 + (1 if i + 1 < len(tokens) and tokens[i + 1] in _PARTICLES | {"down"} else 0)
        if j >= len(tokens) or tokens[j] not in _DETERMINERS | _PRONOUNS:
            continue  # "the hose to the drain": a hose, no surface hosed
        surface = tokens[j] if tokens[j] in _PRONOUNS else next((w for w in tokens[j + 1 : j + 3] if w not in _DETERMINERS), None)
        if surface is None or surface in _CLAUSE_BREAKS:
            continue
        if any((surface in _PRONOUNS or surface in clause) and _covered(clause, words) for clause in clauses):
            return True
    return False


def _clauses(tokens: List[str]) -> List[List[str]]:
    clauses, clause = [], []
    for token in tokens:
        if token in _CLAUSE_BREAKS:
            clauses.append(clause)
            clause = []
        else:
            clause.append(token)
    return [*clauses, clause]


def _covered(clause: List[str], words: dict) -> bool:
    """Whether ``clause`` says something covers a thing: a word of covering, then "with", "in"
    or "of" and a thing that is no water ("covered with leaves", "caked in mud", not "covered with water")."""
    for k, token in enumerate(clause):
        if token not in words["covering"]:
            continue
        for m in range(k + 1, min(len(clause), k + 1 + COVER_REACH)):
            if clause[m] in _COVER_JOINS:
                rest = [w for w in clause[m + 1 : m + 3] if w not in _DETERMINERS]
                return bool(rest) and rest[0] not in ("water", "rain", "rainwater", "snow")
    return False
