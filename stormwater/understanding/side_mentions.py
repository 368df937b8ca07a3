"""Discharges named only beside the resident's story, not as what goes to the drain (issue 27).

"... the guys hose the powder and the pan water toward the drain. firefighting water is exempt
right?": the case asked back is the resident's claim (:mod:`.argued_cases`). "... pumping the rain
off the cover to the street drain before i open the pool": the pool is the event the time is told
by, no water let out. Where the rest of the message names a discharge of its own, a discharge
named only in such words is no reading of the message; where nothing else is named, the words
are left as they are (a claim alone asks about its case). Plain Python.
"""
from __future__ import annotations

import re
from typing import Callable, FrozenSet, List, Set

from stormwater.understanding.argued_cases import asked_back_spans, blanked

# A time told by an event of the resident's ("before i open the pool", "after we close the pool
# for the winter"): a verb that lets nothing out, its object the thing the time is told by
_EVENT = re.compile(
    r"\b(?:before|after|until|till|once)\s+(?:i|we|they|you)\s+(?:can\s+|could\s+|get to\s+)?"
    r"(?:open|opens|opened|close|closes|closed|cover|covers|covered|uncover|uncovers|uncovered|winterize|winterizes|winterized"
    r"|start up|started up|set up|put up|take down|took down|use|used|swim in)\s+(?:the|our|my|a)\s+[a-z' -]{1,30}?(?=[,.;!?]|$| and | so | but )",
    re.I,
)


def event_masked(text: str) -> str:
    """``text`` with each event a time is told by blanked (same length, so offsets hold)."""
    return blanked(text, _EVENT)


def side_keys(text: str, keys_of: Callable[[str], Set[str]]) -> FrozenSet[str]:
    """The discharges (``keys_of``: the catalogue's keys a text names) named only in a case asked
    back, where the rest of ``text`` names a discharge of its own."""
    spans = asked_back_spans(text or "")
    if not spans:
        return frozenset()
    rest: List[str] = []
    at = 0
    for start, end in spans:
        rest.append(text[at:start])
        at = end
    rest.append(text[at:])
    told = keys_of(" . ".join(rest))
    side = set().union(*(keys_of(text[start:end]) for start, end in spans))
    return frozenset(side - told) if told else frozenset()
