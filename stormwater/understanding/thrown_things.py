"""A thing thrown, jammed or stuffed into the MS4, when no word says what it is (issue 27).

Both texts prohibit any material other than stormwater but their exemptions, which are all
waters; Poquott's § 132-3 names "solid waste", "garbage" and "wrecked or discarded equipment"
among pollutants. A resident names the thing in their own words ("the broken thing", "an old
microwave", "them"), which no list can hold. The verb says it instead: a verb of getting rid of
a solid ("jammed", "tossed", "shoved"), then within a few words a word of going in ("down",
"into"), then within a few words a part of the MS4 ("the catch basin", "the storm grate").

That thing is solid waste (the ``trash`` category), read only when no word of the catalogue
names the discharge (``discharge_reader``): when nothing else names it, or when what was thrown
is a machine whose water another word names ("an old window air conditioner"). A liquid's verbs
("pour") are not these, nor is "dump" unless the thing is said discarded ("my old air
conditioner"), nor a liquid thrown ("a bucket of pool water"), a hose put into
the drain, or an accident ("dropped my keys down the drain"). Words: ``thrown_things`` and
``connection.ms4`` of data/facets.yml. Plain Python.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, Optional, Tuple

from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.material_kinds import kind_spans
from stormwater.understanding.word_roles import load_role_words

OBJECT_REACH = 8  # words between the verb and its "down" ("stuffed the whole wad of old christmas lights through")
PLACE_REACH = 4  # words between "down" and the MS4 part ("down the storm grate", "into the corner catch basin")
# contents that tell a state, not a substance ("dead" strings of lights, "used" ones): no other thing named
STATES = frozenset({"fouled", "used"})
TRASH = "trash"  # the `water` category of solid waste in data/facets.yml
_TOKEN = re.compile(r"[a-z0-9']+|[,;.!?]")
_CLAUSE_ENDS = frozenset(";.!?") | {"then", "but", "so", "because", "when", "while"}


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> Tuple[FrozenSet[str], FrozenSet[str], Tuple[Tuple[str, ...], ...]]:
    facets = facets_file(folder)
    raw = facets.get("thrown_things") or {}
    verbs = frozenset(str(w).lower() for w in raw.get("verbs") or ())
    into = frozenset(str(w).lower() for w in raw.get("into") or ())
    parts = [*((facets.get("connection") or {}).get("ms4") or ()), *(raw.get("ms4_more") or ())]
    return verbs, into, tuple(tuple(str(p).lower().split()) for p in parts)


def thrown_thing(water: Optional[str], raw: str, contents, folder: Optional[str] = None) -> Optional[str]:
    """``water`` as read, or solid waste when a thing is got rid of into the MS4 and no word of
    the catalogue names it: nothing else named, or an appliance thrown ("shoved an old window
    air conditioner into the storm grate": the machine, not its water)."""
    if water is None:
        return TRASH if not set(contents) - STATES and thrown_solid(raw, folder) and not _kind_moved(raw, folder) else None
    return TRASH if water not in load_role_words(folder).solids and thrown_solid(raw, folder) else water


def thrown_away(text: str, folder: Optional[str] = None) -> bool:
    """Whether ``text`` says a thing is thrown, jammed or stuffed into a part of the MS4, in
    one clause ("he jammed the broken thing down the catch basin")."""
    return thrown_object(text, folder) is not None


def thrown_solid(text: str, folder: Optional[str] = None) -> bool:
    """Whether the thing thrown into the MS4 is said without a word of a liquid ("shoved an old
    window air conditioner into the storm grate": the machine, not its condensate; "threw a
    bucket of pool water down the drain" is the water)."""
    thrown = thrown_object(text, folder)
    return thrown is not None and not set(thrown.split()) & _section_words(folder, "liquids")


def _kind_moved(text: str, folder: Optional[str] = None) -> bool:
    """Whether the thing is moved along ("swept", "raked", "pushed") and is a material of a kind
    (material_kinds: "the crab shells"): that kind names it, not solid waste."""
    thrown = _thrown(text, folder)
    return thrown is not None and thrown[0] in _section_words(folder, "moving") and bool(kind_spans(thrown[1], folder))


def thrown_object(text: str, folder: Optional[str] = None) -> Optional[str]:
    """The words between a verb of getting rid of a thing and its way into a part of the MS4
    ("the broken thing" in "jammed the broken thing down the catch basin"), or ``None``."""
    thrown = _thrown(text, folder)
    return None if thrown is None else thrown[1]


def _thrown(text: str, folder: Optional[str] = None) -> Optional[Tuple[str, str]]:
    """(the verb, the words thrown) of :func:`thrown_object`, or ``None``."""
    verbs, into, parts = _words(folder)
    tokens = _TOKEN.findall(text.lower())
    noun_too, starts = _section_words(folder, "noun_too"), _section_words(folder, "object_starts")
    dumping = _section_words(folder, "dumping")
    for i, token in enumerate(tokens):
        if token not in verbs | dumping or (token in noun_too and tokens[i + 1 : i + 2] and tokens[i + 1] not in starts):
            continue
        for j in range(i + 1, min(len(tokens), i + 2 + OBJECT_REACH)):
            if tokens[j] in _CLAUSE_ENDS:
                break  # a comma may list the things ("the plastic, the glass and a chunk of bumper")
            if tokens[j] in into and _part_follows(tokens, j + 1, parts):
                thing = tokens[i + 1 : j]
                if token in dumping and not _discarded_thing(thing, folder):
                    break  # "dump the pool water into the drain": the liquid, read by its own name
                return None if _carried(thing, folder) else (token, " ".join(thing))
    return None


@lru_cache(maxsize=8)
def _section_words(folder: Optional[str], section: str) -> FrozenSet[str]:
    """One list of ``thrown_things`` in data/facets.yml, as a set of words."""
    return frozenset(str(w).lower() for w in (facets_file(folder).get("thrown_things") or {}).get(section) or ())


def _discarded_thing(tokens: list, folder: Optional[str]) -> bool:
    """Whether the words dumped say a thing discarded and no liquid ("my old air conditioner")."""
    said = set(tokens)
    return bool(said & _section_words(folder, "discarded")) and not said & _section_words(folder, "liquids")


def _carried(tokens: list, folder: Optional[str]) -> bool:
    """Whether the words thrown name a way water is let out ("shoved the hose into the catch basin")."""
    return bool(set(tokens) & _section_words(folder, "conduits"))


def _part_follows(tokens: list, start: int, parts: Tuple[Tuple[str, ...], ...]) -> bool:
    """Whether a part of the MS4 begins within :data:`PLACE_REACH` words of ``start``, in the clause."""
    for k in range(start, min(len(tokens), start + PLACE_REACH)):
        if tokens[k] in ",;.!?":
            return False
        if any(tuple(tokens[k : k + len(p)]) == p for p in parts):
            return True
    return False
