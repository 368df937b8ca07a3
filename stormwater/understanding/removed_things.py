"""Things taken out of the water before it goes (issue 27): not in what is discharged.

"nothing in it but the hose water, we skimmed the leaves out", "after netting out the frogs",
"raked the leaves out of the pond first": a solid the resident says was taken out of the water
is not in the water discharged, so it names no discharge of its own (yard waste, trash) and no
facet. Only solids are read (the words of ``roles.solids``' categories of ``water``): oil
skimmed off water leaves its sheen behind, and what was skimmed is still read.

Read, in one clause: a verb of lifting things out of water (``lifting``: skim, net, fish,
scoop, strain), or a verb of taking (``taking``: take, pull, pick, rake, get, remove) followed
by "out of" or "from" a holder of water (``holders``: the pond, the pool, the tub); its object
within :data:`REACH` words, before or after "out" or "off". "Cleaned the leaves out of the
gutters and hosed them into the drain" is no removal from water: a gutter holds no water here.
A solid cleared "up" off the ground (``clearing``: sweep, pick, rake) with a word that it was
done before (``beforehand``: "already", "first") is not in the water hosed after it either:
"we swept up all the trash already, now we hose the street", "picked up all the trash, then
hosed down the street"; "swept up the leaves and hosed
them into the drain" says no "before" and keeps the leaves.
Words: ``removed_things`` of data/facets.yml. Plain Python.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, List, Optional, Tuple

from stormwater.understanding.facets_file import facets_file

REACH = 4  # words of the object ("all the dead leaves")
_TOKEN = re.compile(r"[a-z0-9']+|[,;.!?]")
_BREAKS = frozenset(",;.!?") | {"and", "then", "but", "so", "before", "after", "because", "while", "when"}
_PARTICLES = frozenset({"out", "off"})


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> Tuple[FrozenSet[str], FrozenSet[str], FrozenSet[str], FrozenSet[str]]:
    raw = facets_file(folder)
    own = raw.get("removed_things") or {}
    water = raw.get("water") or {}
    solids = (raw.get("roles") or {}).get("solids") or ()
    solid_words = frozenset(w for c in solids for p in water.get(c, ()) for w in str(p).lower().split())

    def words(key: str) -> FrozenSet[str]:
        return frozenset(str(w).lower() for w in own.get(key) or ())

    return words("lifting"), words("taking"), words("holders"), solid_words


@lru_cache(maxsize=4)
def _clearing(folder: Optional[str] = None) -> Tuple[FrozenSet[str], FrozenSet[str]]:
    own = facets_file(folder).get("removed_things") or {}
    return (frozenset(str(w).lower() for w in own.get("clearing") or ()),
            frozenset(str(w).lower() for w in own.get("beforehand") or ()))


def _cleared_first(words: List[str], verb: int, folder: Optional[str]) -> Optional[Tuple[int, int]]:
    """(start, end) of what a verb of clearing at ``verb`` took up before the water ran: "we
    swept up all the trash already", "picked the litter up first"; ``None`` for "swept the
    leaves up and into the drain" (no word says it was done before)."""
    clearing, beforehand = _clearing(folder)
    if words[verb] not in clearing:
        return None
    stop = next((j for j in range(verb, len(words)) if words[j] in ",;.!?"), len(words))
    # "picked up all the trash, then we hosed down the street": the next clause's "then" says it came first
    # ("swept up the leaves, then hosed them into the drain" hoses the leaves themselves)
    rest = words[stop + 2 : next((j for j in range(stop + 1, len(words)) if words[j] in ".!?"), len(words))]
    then = words[stop : stop + 2] == [",", "then"] and not {"them", "it", "those", "everything"} & set(rest)
    first = any(w in beforehand for w in words[verb + 1 : stop]) or then
    if not first or "up" not in words[verb + 1 : verb + 2 + REACH]:
        return None
    start = verb + 2 if words[verb + 1] == "up" else verb + 1
    end = start
    while end < stop and end - start < REACH and words[end] not in _BREAKS and words[end] != "up":
        end += 1
    return (start, end) if end > start else None


def removed_masked(text: str, folder: Optional[str] = None) -> str:
    """``text`` with the words of each solid said to be taken out of the water blanked (same
    length, so offsets hold): "we skimmed the leaves out" names no leaves discharged."""
    lifting, taking, holders, solids = _words(folder)
    if not (lifting or taking):
        return text
    tokens = [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text.lower())]
    words = [t for t, _, _ in tokens]
    out = list(text)
    for i, word in enumerate(words):
        cleared = _cleared_first(words, i, folder)
        if cleared is not None:
            span = (*cleared, cleared[1])
        elif word not in lifting and word not in taking:
            continue
        else:
            span = _object(words, i)
        if span is None:
            continue
        start, end, after = span
        if cleared is None and word in taking and not _from_holder(words, after, holders):
            continue
        for k in range(start, end):
            if words[k] in solids:
                for c in range(tokens[k][1], tokens[k][2]):
                    out[c] = "-"
    return "".join(out)


def removed_words(text: str, folder: Optional[str] = None) -> FrozenSet[str]:
    """The words :func:`removed_masked` blanks in ``text`` (lower case): an entity the NLU
    extracted from them names nothing discharged either."""
    masked = removed_masked(text, folder)
    return frozenset(text[m.start() : m.end()].lower() for m in re.finditer(r"-+", masked) if text[m.start() : m.end()].isalpha())


def _object(words: List[str], verb: int) -> Optional[Tuple[int, int, int]]:
    """(start, end, index after the particle) of the verb's object: "skimmed out the leaves",
    "skimmed the leaves out", "skimmed the leaves"."""
    nxt = verb + 1
    if nxt < len(words) and words[nxt] in _PARTICLES:
        end = nxt + 1
        while end < len(words) and end - nxt - 1 < REACH and words[end] not in _BREAKS and words[end] not in ("of", "from", "into", "to"):
            end += 1
        return nxt + 1, end, nxt + 1
    end = nxt
    while end < len(words) and end - nxt < REACH and words[end] not in _BREAKS and words[end] not in _PARTICLES \
            and words[end] not in ("of", "from", "into", "to"):
        end += 1
    after = end + 1 if end < len(words) and words[end] in _PARTICLES else end
    return (nxt, end, after) if end > nxt else None


def _from_holder(words: List[str], at: int, holders: FrozenSet[str]) -> bool:
    """Whether "of" or "from" then a holder of water follows at ``at`` ("out of the pond")."""
    rest = words[at : at + 4]
    if not rest or rest[0] not in ("of", "from"):
        return False
    return any(w in holders for w in rest[1:])
