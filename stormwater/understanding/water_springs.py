"""A spring of water told from the season by its words around it (issue 27).

"Every spring a spring pops out of the hill behind our house": the first "spring" is the season,
the second the water both texts exempt ("springs"). A spring is water when a word of having one
stands before it ("a", "our", "the", "an old") and a word of water coming up or of a place
follows it ("... pops out", "... that comes up", "... in the back yard"); "in the spring",
"every spring", "this spring" are the season, and "a spring cleaning" is neither. The words are
``springs_said`` in ``data/facets.yml``. Plain Python.
"""
from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet, List, Optional, Tuple

from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.solid_pieces import token_starts

SPRINGS = "springs"  # the `water` category of data/facets.yml


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> Tuple[FrozenSet[str], FrozenSet[str], FrozenSet[str], FrozenSet[str]]:
    raw = facets_file(folder).get("springs_said") or {}
    return tuple(frozenset(str(w) for w in raw.get(k) or ()) for k in ("nouns", "having", "season", "after"))


def spring_spans(norm: str, folder: Optional[str] = None) -> List[Tuple[int, int, str]]:
    """Character spans of ``norm`` (normalised words) where a spring of water is said, each
    with the ``springs`` category."""
    nouns, having, season, after = _words(folder)
    tokens, starts = token_starts(norm)
    found = []
    for i, token in enumerate(tokens):
        if token not in nouns or not i or tokens[i - 1] not in having:
            continue
        if i >= 2 and tokens[i - 2] in season:  # "in the spring", "by the spring"
            continue
        if i + 1 < len(tokens) and tokens[i + 1] in after:
            found.append((starts[i], starts[i] + len(token), SPRINGS))
    return found
