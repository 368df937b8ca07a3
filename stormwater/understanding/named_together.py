"""Two discharges named as two things, not as two readings of one (issue 27).

"The washing machine hose and the sump pump hose both run out to the street": two waters, each
discharged, each with its own answer. "A parent says its coolant, the driver says its just AC
water": one water read two ways, and the worse reading is not the answer. Two mentions are two
things when a word that adds ("and", "plus", "also", "both", "as well as") stands between them,
with at most :data:`GAP` other words, in one sentence. Plain Python.
"""
from __future__ import annotations

from typing import Optional

from stormwater.understanding.catalogue import find_mentions, normalize

GAP = 3  # other words at most between the two mentions and the word that adds
_ADDING = frozenset({"and", "plus", "also", "both", "&"})
_ADDING_PHRASES = ("as well as", "along with", "together with")
_SENTENCE_ENDS = frozenset(".!?")


def named_together(asked: str, first: str, second: str, folder: Optional[str] = None) -> bool:
    """Whether discharges ``first`` and ``second`` are named in ``asked`` as two things, joined by a
    word that adds (not as two readings of one water)."""
    norm = normalize(asked)
    mentions = find_mentions(asked, folder)
    for a in (m for m in mentions if m.key == first):
        for b in (m for m in mentions if m.key == second):
            left, right = (a, b) if a.end <= b.start else (b, a)
            between = norm[left.end:right.start]
            words = between.split()
            if right.start < left.end or len(words) > GAP + 1 or _SENTENCE_ENDS & set(between):
                continue
            if _ADDING & set(words) or any(p in f" {between} " for p in _ADDING_PHRASES):
                return True
    return False
