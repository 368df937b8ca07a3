"""Typos: a phrase of the catalogue typed with a slip (:func:`typo_of`), and a phrase of the
facet words typed with one ("sum pump", "sump pomp": :func:`typed`)."""
from __future__ import annotations

from typing import FrozenSet, Iterable

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


def typo_of(window: str, phrase: str, known: FrozenSet[str] = frozenset()) -> bool:
    """Whether ``window`` is ``phrase`` mistyped: word by word, at most one slip in a short word
    and two in a longer one. A near phrase made of other words is no typo: "in the street" is
    not "hosing the street", "waste water" is not "washer water", "drain water" is not "rain
    water", and a word of ``known`` (words the help desk knows as themselves) is none either."""
    # a slip keeps a word's first letter: "drain" is no typo of "rain", "watering" none of "dewatering";
    # and it is no ending added or dropped: "leave it to melt" is another word than "leaves"
    return all(
        typed == word or (typed[:1] == word[:1] and typed not in known and not _another_form(typed, word)
                          and OSA.distance(typed, word) <= (1 if len(word) <= 6 else 2))
        for typed, word in zip(window.split(), phrase.split())
    )


_ENDINGS = ("s", "es", "d", "ed", "ing")


def _another_form(typed: str, word: str) -> bool:
    """Whether ``typed`` is ``word`` with an inflection's ending added or dropped ("leave", "leaves")."""
    longer, shorter = (typed, word) if len(typed) > len(word) else (word, typed)
    # (no plural ends in "ss": "gras" is "grass" mistyped)
    return longer.startswith(shorter) and longer[len(shorter):] in _ENDINGS and not longer.endswith("ss")
