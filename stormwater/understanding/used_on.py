"""Exempt water a person used on a thing (issue 27): the object of the verb of using decides.

Tap, hydrant, well, creek, pond or rain water is exempt as itself. A person who washes,
scrubs, jets, sluices, sprays off or fills-and-tests a thing *with* it makes water that
carries what it touched, and no exemption names that water. What is read is the verb's
object, not the water's source nor the item's words:

- **A verb of using, its object, then the water.** "We scrub the tools ... with well water",
  "jetting out the storm pipes with a hydrant hose", "spray off the deck with the hose": a verb
  of using (``used_for``; "spray" or "hose" only with "off", "down" or "out"), a thing after it,
  then "with", "using", "in", "at", "under" or "from" and a word of water, of its hose or of its
  spigot ("rinse the applicators at the outside spigot"), in one clause.
- **A fill for a test.** "Filled the new force main with creek water for the pressure test":
  filling a thing with water is a use when the sentence says a test (``test_words``), and so is
  testing a thing with water ("hydro-tested the tank with hydrant water").
- **Water pointed back at, put to a use.** "I save the AC drips in a bucket and use it to mop
  the floor": a verb of using, "it" or "that", "to" or "for", then a verb of using.
- **The exemptions' own objects are not read** (``own_objects``): the lawn watered, one's car
  washed, the street washed, the fire put out; and a water line, a main or a hydrant
  ("pressure testing the new water main" is the water line's own water).

Words: ``qualifiers`` of data/facets.yml (``used_for``, ``not_touched``, ``places``,
``particle_use``, ``test_words``, ``fill_words``, ``own_objects``, ``instrument_waters``,
``flushed_water_ways``). Plain Python.
"""
from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet, List, Optional

from stormwater.understanding.facets_file import facets_file

_CLAUSE_BREAKS = frozenset(",;.!?")
_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "his", "her", "their", "your", "all", "those", "these", "some", "its", "this", "that"})
_PARTICLES = frozenset({"out", "off", "down"})
_JOINS = frozenset({"with", "using", "in", "at", "under", "from"})  # "rinse the brushes at the spigot", "under the tap"
# Words that end the object: a preposition or a conjunction ("the veggies on a table", "the deck every morning")
_OBJECT_ENDS = frozenset({"with", "using", "in", "on", "at", "by", "for", "from", "into", "onto", "to", "and", "or", "then", "every",
                          "each", "after", "before", "when", "while", "so", "but", "because", "until", "down", "off", "out", "under"})
# How many words the object may take ("the brand new sewer force main")
OBJECT_REACH = 5
# How far after the verb "with" the water may stand in its clause ("wash the veggies on a table down by the road with our well water")
WITH_REACH = 16
# How far after "with", "using" or "in" the word of water may stand ("with water from", "with a hydrant hose")
WATER_REACH = 3


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> dict:
    raw = facets_file(folder).get("qualifiers") or {}

    def words(name: str) -> FrozenSet[str]:
        return frozenset(str(w).lower() for w in raw.get(name) or ())

    return {"used_for": words("used_for"), "particle_use": words("particle_use"), "tests": words("test_words"),
            "fills": words("fill_words"), "own": words("own_objects"), "waters": words("instrument_waters"),
            "lines": words("flushed_water_ways"), "places": words("places"), "not_touched": words("not_touched")}


def _sentences(tokens: List[str]) -> List[List[str]]:
    sentences, sentence = [], []
    for token in tokens:
        sentence.append(token)
        if token in (".", "!", "?"):
            sentences.append(sentence)
            sentence = []
    return [*sentences, sentence]


def water_used_on(raw: str, folder: Optional[str] = None, waters: Optional[FrozenSet[str]] = None, reach: int = WATER_REACH) -> bool:
    """Whether ``raw`` (lower-case words, punctuation as words of their own) says water was used
    by someone on a thing that is no exemption's own: a verb of using, its object, then "with",
    "using" or "in" the water ("we sluice the dock with well water"), or a thing filled with water
    for a test ("filled the new force main with creek water for the pressure test"). ``waters``
    (and how far after "with" they may stand) narrows the water read: rain's words for rain."""
    words = _words(folder)
    waters = words["waters"] if waters is None else waters
    for sentence in _sentences(raw.split()):
        if _used_to(sentence, words):
            return True
        testing = any(w in words["tests"] for w in sentence)
        for i, token in enumerate(sentence):
            verb = token in words["used_for"] or token in words["tests"] or (testing and token in words["fills"])
            particle = i + 1 < len(sentence) and sentence[i + 1] in _PARTICLES
            if not verb and not (token in words["particle_use"] and particle):
                continue
            start = i + 1 + (1 if particle else 0)
            thing = _object(sentence, start, words, sentence[i + 1] if particle else None)
            if thing and not _own(thing, words) and _with_water(sentence, start + len(thing), waters, reach):
                return True
    return False


_USING = frozenset({"use", "uses", "used", "using"})
_POINTED_BACK = frozenset({"it", "that", "this", "them"})


def _used_to(sentence: List[str], words: dict) -> bool:
    """Whether the water said before is put to a use after it: "use it to mop the kitchen floor",
    "we used that for washing the mats" (a verb of using, a word pointing back, "to" or "for",
    then a verb of using on a thing)."""
    for i in range(len(sentence) - 3):
        if sentence[i] in _USING and sentence[i + 1] in _POINTED_BACK and sentence[i + 2] in ("to", "for"):
            if sentence[i + 3] in words["used_for"]:
                return True
    return False


def _object(tokens: List[str], start: int, words: dict, particle: Optional[str]) -> List[str]:
    """The words of the thing after a verb (and its particle) at ``tokens[start]``, determiners
    left out; none when the next word says where the water goes ("washing down the drive", "it")."""
    at = start
    while at < len(tokens) and tokens[at] in _DETERMINERS:
        at += 1
    if particle is not None and at == start:
        return []  # "spray off into the street": a particle then no determiner names no thing
    if at >= len(tokens) or tokens[at] in _CLAUSE_BREAKS or (at == start and tokens[at] in words["not_touched"]):
        return []
    thing = []
    for token in tokens[at : at + OBJECT_REACH]:
        if token in _CLAUSE_BREAKS or token in _OBJECT_ENDS:
            break
        thing.append(token)
    # "washing out the side door", "hosing down the driveway": a place the water runs to, no thing touched
    if particle in ("out", "down") and thing and thing[-1] in words["places"]:
        return []
    return [*tokens[start:at], *thing] if thing else []


def _own(thing: List[str], words: dict) -> bool:
    """Whether the thing (its last word: "the garden tools" are tools) is an exemption's own (the
    lawn, one's car, the street, a fire), a water itself, or a water line, main or hydrant ("the new water main")."""
    if thing[-1] in words["own"] or thing[-1] in words["waters"]:
        return True
    at = [k for k, w in enumerate(thing) if w == "water"]
    return any(k + 1 < len(thing) and thing[k + 1] in words["lines"] for k in at) or any(w.startswith("hydrant") for w in thing)


def _with_water(tokens: List[str], start: int, waters: FrozenSet[str], reach: int) -> bool:
    """Whether "with", "using", "in", "at", "under" or "from" and a word of water, of its hose or of its spigot stand after the object, in its clause."""
    for k in range(start, min(len(tokens), start + WITH_REACH)):
        if tokens[k] in _CLAUSE_BREAKS:
            return False
        if tokens[k] in _JOINS and any(w in waters for w in tokens[k + 1 : k + 1 + reach]):
            return True
    return False


_FROZEN = frozenset({"frozen", "froze", "freeze", "refrozen"})


def frozen_potable(norm: str, start: int) -> bool:
    """Whether the potable water named at ``norm[start:]`` is said frozen ("it's just frozen tap
    water"): ice made of it, shaved or melted off what it froze on, is no water line's flushing."""
    return any(w in _FROZEN for w in norm[:start].split()[-2:])
