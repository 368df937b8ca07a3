"""A phrase of the facet words typed with a slip ("sum pump", "sump pomp"), read as the
catalogue reads typos: one edit a word at most, the phrase's last or first word exact."""
from __future__ import annotations

from typing import Iterable

from rapidfuzz.distance import OSA


def typed(raw: str, phrases: Iterable[str]) -> bool:
    """Whether a phrase of two words or more stands in ``raw`` mistyped, one slip a word at
    most ("sum pump", "sump pomp"), as the catalogue reads typos."""
    tokens = raw.split()
    for phrase in phrases:
        words = phrase.split()
        if len(words) < 2:
            continue
        for i in range(len(tokens) - len(words) + 1):
            window = tokens[i : i + len(words)]
            if all(OSA.distance(t, w) <= 1 for t, w in zip(window, words)) and window[-1] == words[-1] or (
                window[0] == words[0] and all(OSA.distance(t, w) <= 1 for t, w in zip(window, words))
            ):
                return True
    return False
