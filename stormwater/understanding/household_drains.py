"""Something poured down a household sink or toilet (issue 27): where it goes is no MS4.

Both ordinances govern discharges into the municipal separate storm sewer system; a kitchen
sink or a toilet leads to the sanitary sewer or a septic system. "I rinse my brushes in the
sink" names paint, but it sends the paint nowhere either text prohibits, so no rule for paint
in the storm drain decides it. Read here: a word of going into (``toward``), then within a few
words a household fixture (``fixtures``), not negated ("I don't want to dump it in my sink"),
and nothing in the message naming the storm sewer, the street or another outdoor way
(``outdoors``): "the storm drain instead of the sink" and "my laundry sink is tied into the
storm sewer" stay what they were. Words: ``household_drain`` in data/facets.yml.
"""
from __future__ import annotations

import re
from typing import List, Optional, Set

from stormwater.understanding.catalogue import normalize
from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.meaning_vocabulary import NEGATIONS

HOUSEHOLD_DRAIN = "household_drain"  # the `route` facet's value for a sink or a toilet
MODIFIERS = 1  # words between them besides determiners ("down the kitchen sink", not "in old buildings sink")
NEGATION_REACH = 5


def _words(folder: Optional[str] = None) -> dict:
    return facets_file(folder).get(HOUSEHOLD_DRAIN) or {}


def _has(norm: str, phrase: str) -> bool:
    return re.search(rf"(?<![a-z']){re.escape(phrase)}(?![a-z'])", norm) is not None


def down_household_drain(text: str, folder: Optional[str] = None) -> bool:
    """Whether ``text`` sends its discharge down a household sink or toilet, and nowhere outdoors."""
    words = _words(folder)
    norm = normalize(text)
    # a way outdoors, or a joining to the MS4 ("sink and floor drains connect to the stormwater system")
    joined = facets_file(folder).get("connection") or {}
    if any(_has(norm, w) for key in ("joins", "ms4") for w in joined.get(key, ())):
        return False
    if any(_has(norm, w) for w in words.get("outdoors", ())):
        return False
    tokens = norm.split()
    toward, fixtures = set(words.get("toward", ())), set(words.get("fixtures", ()))
    determiners = set(words.get("determiners", ()))
    for i, token in enumerate(tokens):
        if token not in toward or not _leads_to_fixture(tokens[i + 1:], fixtures, determiners):
            continue
        before = tokens[max(0, i - NEGATION_REACH):i]
        if not any(w in NEGATIONS or w.endswith("n't") for w in before):
            return True
    return False


def _leads_to_fixture(ahead: List[str], fixtures: Set[str], determiners: Set[str]) -> bool:
    """Whether ``ahead`` starts with a fixture, after determiners and at most MODIFIERS other words."""
    others = 0
    for token in (t.rstrip(".,!?;:") for t in ahead):
        if token in fixtures:
            return True
        if token not in determiners:
            others += 1
            if others > MODIFIERS:
                return False
    return False
