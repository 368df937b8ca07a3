"""A word of what is in the water that only names a trade's vehicle (issue 27):
"the ice cream truck parks with the ac cranked and water drips to the storm drain" says nothing
of ice cream in the water; the truck's air conditioner drips. The word stands right before a
noun of ``trade_heads`` (data/facets.yml), or before "who" (a person: "the window cleaner who
comes"), and is masked for the facets, as a word naming where
something goes is (:func:`unsent`). Plain Python."""
from __future__ import annotations

from functools import lru_cache
from typing import Dict, FrozenSet, Optional, Tuple

from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.word_roles import AMBIGUOUS_DESTINATION, load_role_words, words_before


_PERSON_AFTER = frozenset({"who", "whose"})


@lru_cache(maxsize=4)
def _heads(folder: Optional[str] = None) -> FrozenSet[str]:
    return frozenset(str(w).lower() for w in facets_file(folder).get("trade_heads") or ())


def contents_masked(raw: str, contents: Dict[str, Tuple[str, ...]], folder: Optional[str] = None) -> str:
    """``raw`` (lowercased words) with each word of what is in water (``contents``: category ->
    words) masked where it names a destination ("flush it down the toilet") or a trade's vehicle
    ("the ice cream truck", "a milk truck", "our dead end street") or a person ("the window
    cleaner who comes")."""
    words = frozenset(w for ws in contents.values() for w in ws)
    tokens = unsent(raw, frozenset(w for w in words if " " not in w), folder).split(" ")
    heads = _heads(folder)
    for i in range(len(tokens) - 1):
        # (a person named by a trade: "the window cleaner who comes")
        if (tokens[i + 1] in heads or tokens[i + 1] in _PERSON_AFTER) and tokens[i] in words:
            tokens[i] = "-" * len(tokens[i])
    return " ".join(tokens)


def unsent(raw: str, contents: FrozenSet[str], folder: Optional[str] = None) -> str:
    """``raw`` with each word of what is in water masked where it names the place something goes
    ("instead of hauling it up to the toilet", "flush it down the toilet"): an alternative
    destination says nothing of what is in the water discharged."""
    role_words = load_role_words(folder)
    tokens = raw.split()
    for i, token in enumerate(tokens):
        if token not in contents:
            continue
        window, determined = words_before(tokens, i, role_words)
        last = window[-1] if window else ""
        if last in role_words.destination and (determined or last not in AMBIGUOUS_DESTINATION):
            tokens[i] = "-" * len(token)
    return " ".join(tokens)
