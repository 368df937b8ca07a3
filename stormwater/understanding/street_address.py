"""Streets and street addresses inside a resident's message ("12 Main St", "West Harbor Dr").

A candidate is found by its suffix ("St", "Road", "Dr", ...) and up to three words before it,
with a house number if one is said, or as a numbered route ("Route 106"). ``usaddress`` (a CRF
parser of US addresses, MIT; ``docs/models.md``) then reads the candidate: it is kept
only if every word is part of an address (number, direction, name, street type, "and" between
two streets), so "the Stop and Shop lot" or "my driveway way" is no street.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import List, Tuple

import usaddress

_STREET = (
    r"(?:street|st|road|rd|avenue|ave|av|lane|ln|drive|dr|boulevard|blvd|court|ct|place|pl|way|highway|hwy|terrace|ter|"
    r"parkway|pkwy|circle|cir|turnpike|tpke|path|trail|beach|harbor|harbour|park|plaza|square|sq|landing)"
)
_STREET_WORD = re.compile(rf"{_STREET}\.?", re.I)
_CANDIDATE = re.compile(
    rf"(?:\b\d{{1,6}}[a-z]?\s+)?\b(?:(?:north|south|east|west|n|s|e|w|old|new|upper|lower)\s+)?"
    rf"[A-Za-z][A-Za-z'.-]*(?:\s+[A-Za-z][A-Za-z'.-]*){{0,2}}\s+{_STREET}\b\.?",
    re.I,
)
_ROUTE = re.compile(r"\b(?:state |county )?(?:route|rte|rt|highway|hwy)\.?\s+\d{1,3}[a-z]?\b", re.I)
_MORE_SUFFIX = re.compile(rf"\s+{_STREET}\b\.?", re.I)
# Words that are never the start of a street's name.
_NOT_NAME = frozenset(
    "it's its it is was on at the a an near by in to of and down into go goes went my our his her their this that "
    "outside behind front corner off along across from right just over there here change fix correct update edit "
    "wrong actually sorry wait no yes same other whole entire back side local public main's onto toward towards "
    "coming out pipe drain storm catch basin grate i we all over up middle across along whole".split()
)
_SPLIT = re.compile(r"\b(?:on|at|near|by|off|onto|along|into|in|to|down|across|from|toward|towards|of|not)\s+", re.I)
# "by the library not main st", "instead of Shore Rd": a street said to be the wrong one is no place.
_DENIED_BEFORE = re.compile(r"\b(?:not|isn'?t|wasn'?t|instead of|rather than)\s+(?:on\s+|at\s+)?$", re.I)


def _trim(text: str, start: int, end: int) -> Tuple[int, int]:
    """The span without the words before the street's own name ("drain on Shore Road" -> "Shore Road")."""
    piece = text[start:end]
    cut = 0
    for match in _SPLIT.finditer(piece):
        cut = match.end()
    start += cut
    while True:
        word = re.match(r"[A-Za-z'.-]+\s+", text[start:end])
        if not word or word.group(0).strip().lower().replace("\u2019", "'") not in _NOT_NAME:
            break
        start += word.end()
    return start, end


# The parts of an address usaddress names that a street span may hold.
_ADDRESS_LABELS = ("AddressNumber", "StreetName", "IntersectionSeparator")


@lru_cache(maxsize=1024)
def is_street(span: str) -> bool:
    """Whether usaddress reads every word of ``span`` as part of a street address."""
    try:
        parts = usaddress.parse(span)
    except Exception:  # usaddress raises on text it cannot tokenize; then the words decide
        return True
    return bool(parts) and all(label.startswith(_ADDRESS_LABELS) for _, label in parts)


def street_spans(text: str) -> List[Tuple[int, int]]:
    """``(start, end)`` of each street or street address in ``text``, in order."""
    text = text or ""
    spans: List[Tuple[int, int]] = [(m.start(), m.end()) for m in _ROUTE.finditer(text)]
    for match in _CANDIDATE.finditer(text):
        start, end = match.start(), match.end()
        # "West Harbor Dr": "Harbor" alone ended the first match; the suffix after it belongs too.
        more = _MORE_SUFFIX.match(text, end)
        while more:
            end = more.end()
            more = _MORE_SUFFIX.match(text, end)
        start, end = _trim(text, start, end)
        words = text[start:end].split()
        if len(words) < 2 or _STREET_WORD.fullmatch(words[0]) or not is_street(text[start:end]):
            continue
        if words[-2].lower() in ("the", "a", "an", "this", "that", "my", "our", "your", "their"):
            continue  # "i got the street wrong": a street said with an article is a common noun, no name
        if any(start < e and end > s for s, e in spans) or _DENIED_BEFORE.search(text[:start]):
            continue
        spans.append((start, end))
    return sorted(spans)
