"""What a container or a tool says about the material it held, and what a smell only describes.

"rinsed the lye pitcher at the curb": the pitcher held lye, so lye is (part of) what was
discharged; "dumped what was left in their weed killer sprayer": weed killer; "the hydraulic
hose burst, oil sprayed everywhere": hydraulic oil. The words in front of a container name its
contents, unless they say what the container is like ("the big pot", "the mixing bowl") or whose
it is ("their buckets"). A hose or a line (a tool, not a container: "the garden hose") only says
which kind of a material named elsewhere ("hydraulic" + "oil").

Ice kept in a vessel and melted ("the ice in my display trays is melted") is no snowmelt.

"it smelled like chemicals" describes the smell, it does not name the thing poured: a material
said only after "smells like" gives way to one the sentence names. Plain functions over the
words; no Flask, no Rasa.
"""
from __future__ import annotations

import re
from typing import Iterable, List, Optional, Tuple

from stormwater.understanding.facets_file import facets_file

# Vessels that hold a material; not a tank, tub or pot, which as often house or grow something
# ("the fish tank", "a flower pot") as hold what was poured.
CONTAINERS = re.compile(r"(?:pitcher|pail|bucket|jug|bottle|can|sprayer|drum|barrel|container)s?")
_LINES = re.compile(r"(?:hose|line|pipe)s?")
# Words in front of a container that say what it is like, not what it held.
_STATES = frozenset(
    "empty full old new big small little huge whole plastic metal steel open broken leaking leaky cracked "
    "spare extra other same last first few two three four couple several many lot lots bunch dozen pair".split()
)
# A container's contents are said between a determiner and it ("the lye pitcher", "their weed
# killer sprayer"); "couple buckets" counts containers and names nothing they held.
_DETERMINERS = frozenset("a an the my our his her their your this that some".split())
_STOPS = frozenset(
    "a an the some my our his her their its your this that these those of and or to in on at into from with "
    "for by it them what which all out up off down".split()
)
_SIMILE = re.compile(r"\b(?:smell(?:s|ed|ing)?|stink(?:s|ing)?|stank|reek(?:s|ed|ing)?|look(?:s|ed|ing)?|sound(?:s|ed)?)\s+(?:like|of)\s+([^,.;]*)")


def _modifier(words: List[str], at: int, stops: Iterable[str]) -> Optional[str]:
    """Up to two words in front of ``words[at]`` naming what it held, or ``None``."""
    kept: List[str] = []
    for word in reversed(words[max(0, at - 2):at]):
        if (word in _STOPS or word in _STATES or word in stops or word.isdigit()
                or re.fullmatch(r"[a-z]{3,}(?:ing|ed)|[a-z]+(?:ly|'s)", word) or CONTAINERS.fullmatch(word)):
            break
        kept.insert(0, word)
    first = at - len(kept) - 1
    return " ".join(kept) if kept and first >= 0 and words[first] in _DETERMINERS else None


def held(plain: str, stops: Iterable[str] = ()) -> Tuple[Optional[str], Optional[str]]:
    """What a container in ``plain`` held ("the lye pitcher" -> "lye"), and the kind a hose or
    line names ("the hydraulic hose" -> "hydraulic"); ``None`` for either when not said. A
    container followed by "of" says its contents after it ("a jug of drain cleaner"): not here."""
    words = plain.split()
    contents = kind = None
    for at, word in enumerate(words):
        if at + 1 < len(words) and words[at + 1] == "of":
            continue
        if contents is None and CONTAINERS.fullmatch(word):
            contents = _modifier(words, at, stops)
        elif kind is None and _LINES.fullmatch(word):
            kind = _modifier(words, at, stops)
    return contents, kind


def described_only(plain: str) -> str:
    """The words said after "smells like" / "looks like" ("chemicals"), or ``""``."""
    return " ".join(m.group(1) for m in _SIMILE.finditer(plain))


def with_vessel(plain: str, said: List[str], stops: Iterable[str], vague: Iterable[str]) -> List[str]:
    """The materials ``said``, with what a container held or the kind a hose names: a bare
    material word takes the kind ("oil" -> "hydraulic oil"); contents not yet said come first."""
    contents, kind = held(plain, stops)
    if kind and len(said) == 1 and len(said[0].split()) == 1 and said[0] not in vague:
        said = [f"{kind} {said[0]}"]
    if contents and not any(set(contents.split()) & set(p.split()) for p in said):
        said = [contents] + said
    return said


_MEASURES = frozenset("gallons gallon buckets bucket liters litres quarts barrels loads bags pounds lbs tons cups".split())


def measured_in(before: list) -> bool:
    """Whether the words before a vessel (a pool) say a measured amount of something that is no water is
    in it ("200 gallons of melted jello in the kiddie pools")."""
    at = next((k for k in range(len(before) - 1, max(-1, len(before) - 4), -1) if before[k] == "in"), None)
    if at is None:
        return False
    of = next((k for k in range(at - 1, max(0, at - 5), -1) if before[k] == "of" and before[k - 1] in _MEASURES), None)
    return of is not None and not set(before[of + 1 : at]) & {"water", "rain", "rainwater"}


_CLAUSE_BREAKS = frozenset(",;.!?")
_ICE_REACH = (2, 5)  # how far before and after "ice" its vessel is said ("cooler ice", "the ice in my display trays")


def melted_from_vessel(before: List[str], word: str, folder: Optional[str] = None) -> bool:
    """Whether ``word``, said after the words ``before`` (raw words, punctuation as words), melts
    ice said to have been kept in a vessel ("the ice in my display trays is melted", "the cooler
    ice melted"): that is no snowmelt, whatever it then holds (``ice_vessels`` in data/facets.yml)."""
    if not word.startswith("melt"):
        return False
    clause = before[max((i + 1 for i, w in enumerate(before) if w in _CLAUSE_BREAKS), default=0):]
    kept = frozenset(str(w) for w in facets_file(folder).get("ice_vessels") or ())
    return any(w == "ice" and set(clause[max(0, i - _ICE_REACH[0]) : i + _ICE_REACH[1]]) & kept for i, w in enumerate(clause))
