"""Words of a category told by their form (issue 27): "fungicide", "miticide", "rodenticide";
a hot temperature ("160 degree water", :mod:`.temperatures`).

A product's name changes with every label; its ending often says what it is. Every word that
ends in "-icide" names a thing that kills a pest, a pesticide by category, whether or not a list
holds it. Words a category of ``contents`` lists keep their category ("algaecide" is a
chemical put in a drain pan), and killings of people are none ("homicide":
``contents_endings_not``). The endings are ``contents_endings`` in ``data/facets.yml``.
Plain Python.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, FrozenSet, Optional, Tuple

from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.temperatures import temperature_words

_WORD = re.compile(r"[a-z]+")
STEM = 3  # letters before the ending at least ("miticide"): "suicide" is no product


@lru_cache(maxsize=4)
def _endings(folder: Optional[str] = None) -> Tuple[Dict[str, Tuple[str, ...]], FrozenSet[str]]:
    raw = facets_file(folder)
    listed = frozenset(str(w) for words in (raw.get("contents") or {}).values() for w in words or ())
    listed |= frozenset(str(w) for w in raw.get("contents_endings_not") or ())  # "homicide": no pest
    endings = {str(c): tuple(str(e) for e in es or ()) for c, es in (raw.get("contents_endings") or {}).items()}
    return endings, listed


def ending_words(norm: str, category: str, folder: Optional[str] = None) -> Tuple[str, ...]:
    """The words of ``norm`` that ``category`` of ``contents`` takes by their ending alone (no
    category lists them), or the hot temperatures it takes, to be read as that category's words
    (negation included)."""
    endings, listed = _endings(folder)
    suffixes = endings.get(category)
    if not suffixes:
        return temperature_words(norm, category, folder)
    return tuple(dict.fromkeys(w for w in _WORD.findall(norm) if w.endswith(suffixes) and w not in listed and len(w) >= min(map(len, suffixes)) + STEM))
