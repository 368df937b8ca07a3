"""A discharge named only as the vessel or route something else is poured or drained into
(issue 27).

"My husband dumps the mop bucket into the sump pit so it pumps away": the mop water is the thing
discharged; the sump is the vessel it goes through, and the sump pump exemption ("uncontaminated
... sump pump discharges") is for the sump's own water, not for what is poured into it. "Tie the
sink's drain into the pipe my downspouts run through": the downspouts' pipe is the route, and a
connection permit for rain says nothing of the sink's water. "Pump the pool down with the sump
pump": the sump pump is the means the pool's water is moved by, not a sump's water. Such a
vessel's, route's or means' own exemption is no second answer beside the thing poured into it.

Read here: a word of pouring into (``vessel_roles.into`` in data/facets.yml: "into", "down")
before the mention, with only determiners, possessives and the words of a vessel or a conduit
between ("into the pipe my downspouts ...", "down the sump pit"); or a word of using
(``vessel_roles.by``: "with", "using") just before it ("with the sump pump"). Two discharges each said to go
out on their own ("my sump pump and my washer both drain out there") read nothing. Plain Python
(no Flask, no Rasa).
"""
from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet, Optional, Tuple

from stormwater.understanding.catalogue import find_mentions, normalize
from stormwater.understanding.facets_file import facets_file

# How many words may stand between the word of pouring into and the mention.
REACH = 4


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> Tuple[FrozenSet[str], FrozenSet[str], FrozenSet[str]]:
    """(words of pouring into, words that may stand between it and the vessel's name, words of using)."""
    raw = facets_file(folder)
    own = raw.get("vessel_roles") or {}
    roles = raw.get("roles") or {}
    between = {str(w).lower() for name in ("determiners", "conduits", "containers") for w in roles.get(name) or ()}
    between |= {str(w).lower() for w in own.get("between") or ()}
    return (frozenset(str(w).lower() for w in own.get("into") or ()), frozenset(between),
            frozenset(str(w).lower() for w in own.get("by") or ()))


def poured_into(norm: str, start: int, folder: Optional[str] = None, means: bool = False, only_means: bool = False) -> bool:
    """Whether the mention starting at ``norm[start]`` names where something is poured or drained
    into: a word of pouring into before it, only vessel words between; ``means``: or the means it
    is moved by ("with the sump pump"); ``only_means``: that means alone."""
    into, between, by = _words(folder)
    before = norm[:start].split()[-REACH - 1:]
    for word in reversed(before):
        if (word in into and not only_means) or ((means or only_means) and word in by):
            return True
        if word not in between:
            return False
    return False


def vessel_of(asked: str, thing: str, vessel: str, folder: Optional[str] = None, means: bool = False) -> bool:
    """Whether discharge ``vessel`` is named in ``asked`` as the vessel or route discharge
    ``thing`` is poured or drained into: some mention of it is where something goes, and
    ``thing`` is named as something that goes (not itself only a vessel); ``means``: or the
    means it is moved by ("with the sump pump")."""
    norm = normalize(asked)
    mentions = find_mentions(asked, folder)
    vessels = [m for m in mentions if m.key == vessel]
    # a case the qualifiers turned ("chlorinated" pool water) is named by its water's words
    things = [m for m in mentions if m.key == thing] or [m for m in mentions if m.key != vessel]
    if not vessels or not things or any(poured_into(norm, m.start, folder) for m in things):
        return False
    return any(poured_into(norm, m.start, folder, means) for m in vessels)


def moved_with(asked: str, thing: str, means: str, folder: Optional[str] = None) -> bool:
    """Whether discharge ``means`` is named in ``asked`` only as what moves discharge ``thing``
    ("pumped the birth pool out with a little sump pump"): no discharge of its own. Only a thing
    that moves water (``vessel_roles.movers``) is a means: a water or a product used "with" it
    ("sprays the hill with tap water", "with hull cleaner") is what goes."""
    mentions = find_mentions(asked, folder)
    named = [m for m in mentions if m.key == means]
    norm, movers = normalize(asked), _movers(folder)
    return bool(named) and any(m.key == thing for m in mentions) and all(
        poured_into(norm, m.start, folder, only_means=True) and (norm[m.start : m.end].split() or [""])[-1] in movers for m in named)


@lru_cache(maxsize=4)
def _movers(folder: Optional[str] = None) -> FrozenSet[str]:
    return frozenset(str(w).lower() for w in (facets_file(folder).get("vessel_roles") or {}).get("movers") or ())


# Holders whose water a pump named as the means may move ("the koi pond ... with a sump pump");
# not the words that say no holder ("water", "it")
_NOT_A_HOLDER = frozenset({"water", "it", "them"})


def moved_from_holder(asked: str, means: str, folder: Optional[str] = None) -> bool:
    """Whether discharge ``means`` is named in ``asked`` only as the pump that moves another
    holder's water ("pumping out the koi pond with a sump pump"): a pond's water is no basement
    sump's, whatever pumps it, and the pump names no discharge of its own."""
    mentions = find_mentions(asked, folder)
    named = [m for m in mentions if m.key == means]
    norm, movers = normalize(asked), _movers(folder)
    holders = {str(w).lower() for w in (facets_file(folder).get("removed_things") or {}).get("holders") or ()} - _NOT_A_HOLDER
    return bool(named) and bool(set(norm.split()) & holders) and all(  # (its words may run on: "sump pump, hose to the curb")
        poured_into(norm, m.start, folder, only_means=True) and set(norm[m.start : m.end].split()) & movers for m in named)
