"""A pollutant named only as a possibility is not read as what the water holds (issue 27).

"Basement flooded, can I pump it to the street? There's a chance the oil tank area got wet":
the oil is a worry, not a fact told. Its prohibition is not the answer to show alone: the
readings disagree (the flood water's rule, the oil's if it is there), so no firm badge fits and
both are offered (:func:`stormwater.dialogue.meaning_replies.answer_replies`).

Read here: every mention of the discharge stands after a word of possibility in its sentence
(``possible_things.before`` in data/facets.yml: "a chance", "maybe", "might have"), among the
few words before it. Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet, Optional

from stormwater.understanding.catalogue import find_mentions, normalize
from stormwater.understanding.facets_file import facets_file

REACH = 6  # words between the word of possibility and the mention


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> FrozenSet[str]:
    return frozenset(str(w).lower() for w in (facets_file(folder).get("possible_things") or {}).get("before") or ())


def only_possible(asked: str, key: str, folder: Optional[str] = None) -> bool:
    """Whether discharge ``key`` is named in ``asked`` only as a possibility: each of its
    mentions has a word of possibility among the few words before it."""
    norm, words = normalize(asked), _words(folder)
    named = [m for m in find_mentions(asked, folder) if m.key == key]
    return bool(named) and all(
        any(f" {w} " in f" {' '.join(norm[: m.start].split()[-REACH:])} " for w in words) for m in named)
