"""A thing said to have been so for a long time (issue 27): "piped decades ago", "been like
that since the 50s", "put in a culvert back in the 1890s".

Both villages exempt "existing diverted stream flows": a stream put in a pipe or rerouted long
ago is such an existing flow, one diverted anew is not. The words of time are ``long_standing``
in ``data/facets.yml``; a decade or a year after "since" or "back in" counts too. A plan ("we
want to reroute the creek") says no time: a stream alone is no category's (the general rule, with
the exemption among the closest).
Plain Python.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional, Pattern

from stormwater.understanding.catalogue import normalize
from stormwater.understanding.facets_file import facets_file

STREAM, EXISTING_STREAM = "stream", "existing_stream"
# "since the 50s", "since the 1950s", "back in 1893", "in the 1920s"
_DATED = r"(?:since|back in|in) (?:the )?(?:(?:18|19)\d0s|\d0s|(?:18|19)\d\d)"


@lru_cache(maxsize=4)
def _pattern(folder: Optional[str] = None) -> Pattern:
    phrases = sorted((str(p) for p in facets_file(folder).get("long_standing") or ()), key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join([_DATED, *map(re.escape, phrases)]) + r")\b")


def existing_stream(water: Optional[str], text: str, folder: Optional[str] = None) -> Optional[str]:
    """``water`` (a category of ``water`` in data/facets.yml); a stream (``stream``) said in
    ``text`` to have run so for a long time is an existing stream's (``existing_stream``), any
    other stream no category's (``None``: the texts do not say)."""
    if water != STREAM:
        return water
    return EXISTING_STREAM if long_standing(text, folder) else None


def long_standing(text: str, folder: Optional[str] = None) -> bool:
    """Whether ``text`` says what it describes has been so for a long time."""
    return bool(_pattern(folder).search(normalize(text or "")))
