"""Water said to be at a hot temperature (issue 27): "160 degree water", "a 180f rinse", or
said to be hot ("the first gallons come out almost too hot to touch", "it comes out warmer", "comes out warm").

A stated temperature says what "heated to" says: the water was heated for a use. Which
category of ``contents`` that is, and from what temperature on, is ``temperature`` in
``data/facets.yml``. Water cannot be hotter than it boils and still be water, so a number above
that (an oven's "350 degrees") is no water's; one below the threshold is a warm day or a tub.
Plain Python.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional, Tuple

from stormwater.understanding.facets_file import facets_file

# a number, then its unit: "160 degree", "160 degrees f", "160f", "71 c" (the degree sign is
# gone from raw words); "celsius" and a bare "c" count in degrees Celsius
_STATED = re.compile(r"\b(\d{2,3}) ?(degrees? (?:fahrenheit|celsius|f|c)|degrees?|deg|fahrenheit|celsius|f|c)\b")
_BOILS = {"f": 212, "c": 100}
# "hot" said of a thing after a verb of being or coming out, with its degree words between; not
# a thing's name ("hot tub", "hot water heater") nor the weather ("it was hot out", "it's hot,
# can we open the hydrant": "it" and a verb of being is the day, "it comes out hot" the water)
_DEGREE = r"(?: (?:so|very|really|pretty|super|almost|nearly|quite|still|too|kinda|way|real|even|much|slightly|a bit|a little|a lot))*"
_SAID_HOT = re.compile(
    r"(?:(?<!\bit )(?<!\bit')\b(?:is|was|s|be|been)|\b(?:are|were|comes?|came|coming|runs?|ran|gets?|got|stays?|feels?|felt))(?: out)?" + _DEGREE
    + r" (?:hot|hotter|warm|warmer|scalding)\b(?! (?:out|outside|today|tonight|lately|this|these|day|days|weather|summer|weekend))"
    + r"|\btoo hot to\b"
    # a rise told in degrees ("nothing added, just a few degrees warmer")
    + r"|\b(?:\d+|a few|few|several|a couple(?: of)?|couple(?: of)?) degrees (?:warmer|hotter)\b")


@lru_cache(maxsize=4)
def _setting(folder: Optional[str] = None) -> Tuple[Tuple[Optional[str], Optional[str]], dict]:
    raw = facets_file(folder).get("temperature") or {}
    return (raw.get("category"), raw.get("said_hot")), {"f": int(raw.get("fahrenheit", _BOILS["f"])), "c": int(raw.get("celsius", _BOILS["c"]))}


def temperature_words(raw: str, category: str, folder: Optional[str] = None) -> Tuple[str, ...]:
    """The phrases of ``raw`` (lower-case words) that state a hot water temperature, when
    ``category`` is the one a stated temperature belongs to, or the phrases saying it is hot
    when ``category`` is the one that belongs to (else none)."""
    (wanted, said_hot), least = _setting(folder)
    if category == said_hot:
        return tuple(dict.fromkeys(m.group(0).strip() for m in _SAID_HOT.finditer(raw)))
    if category != wanted:
        return ()
    found = []
    for m in _STATED.finditer(raw):
        unit = "c" if m.group(2).endswith(("c", "celsius")) else "f"
        if least[unit] <= int(m.group(1)) <= _BOILS[unit]:
            found.append(m.group(0))
    return tuple(dict.fromkeys(found))
