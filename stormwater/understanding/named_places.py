"""A spot named by its own name, without a street: "in the Beach Barn lot", "out back of Ralphs
Pizza", "behind St. Gertrude's". Staff can find a named spot, so it is a place; a common one
("the parking lot") is not, and is still asked (``place_spans.is_vague_place``)."""
from __future__ import annotations

import re
from typing import Optional

from stormwater.understanding.place_spans import LANDMARK_NOUNS

_CAPITAL = r"(?-i:[A-Z][A-Za-z'.&-]*)"
_NAMED = re.compile(
    r"(?<![A-Za-z'])(?:at|in|behind|outside(?: of)?|(?:out\s+)?back\s+of|in\s+front\s+of|next\s+to|by|across\s+from|near)\s+"
    rf"(?P<place>(?:the\s+)?{_CAPITAL}(?:\s+(?:&\s+)?{_CAPITAL}){{0,3}}(?:\s+(?:{LANDMARK_NOUNS})\b)?)",
    re.I,
)
# Capitalised words that name no spot: days, months, the villages themselves, "I".
_NOT_A_SPOT = re.compile(
    r"^(?:i|i'm|i've|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|"
    r"sun|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|"
    r"apr|jun|jul|aug|sep|sept|oct|nov|dec|bayville|poquott|the|am|pm|noon)$",
    re.I,
)


def named_place(text: str) -> Optional[str]:
    """The first spot ``text`` points at by its own name ("the Stehli Beach lot", "Ralphs
    Pizza"), or ``None``: two capitalised words or more, one with a landmark's noun ("the Beach
    lot") or a possessive ("St. Gertrude's"); never a day, a month or the village."""
    for match in _NAMED.finditer(text or ""):
        place = match.group("place")
        words = [w for w in place.split() if w.lower() != "the" and w != "&"]
        names = [w for w in words if w[0].isupper()]
        if any(_NOT_A_SPOT.match(w.strip(".'")) for w in names):
            continue
        landmark = re.search(rf"\b(?:{LANDMARK_NOUNS})$", place, re.I) and len(words) > len(names)
        if len(names) >= 2 or landmark or re.search(r"'s$", place):
            found = _with_next(text, match.end(), place)
            # "down by California Park": a park or a beach is too wide to find a drain in, still asked
            return None if found == place and _AREA.search(place) else found
    return None


_AREA = re.compile(r"\b(?:park|beach|harbou?r|field|preserve|woods|pond|marsh|golf course|shore)$", re.I)


_NEXT = re.compile(
    r"\s*,?\s*(?P<pos>(?:right\s+)?(?:across\s+(?:the\s+street\s+)?from|next\s+to|behind|near|by|beside|opposite|"
    r"in\s+front\s+of|at\s+the\s+(?:corner|end)\s+of))\s+"
    rf"(?P<place>(?:the\s+)?{_CAPITAL}(?:\s+(?:&\s+)?{_CAPITAL}){{0,3}}(?:\s+(?:{LANDMARK_NOUNS})\b)?)",
    re.I,
)


def _with_next(text: str, end: int, place: str) -> str:
    """The named spot with the next one it is pointed from: "Ralph's Pizza across from Ransom
    Beach" keeps both, as staff would look for it."""
    following = _NEXT.match(text, end)
    words = [w for w in following.group("place").split() if w.lower() != "the"] if following else []
    if not following or any(_NOT_A_SPOT.match(w.strip(".'")) for w in words):
        return place
    return " ".join(f"{place} {following.group('pos')} {following.group('place')}".split())
