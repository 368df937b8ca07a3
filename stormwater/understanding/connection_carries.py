"""What a pipe or connection into the storm sewer carries, when the words say it is no exempt
water (issue 27).

Both texts decide such a pipe by what it carries. Bayville § 63A-6 prohibits connections to the
MS4 without a permit, and § 63A-12's permits authorise a connection only for stormwater, a
§ 63A-5B(1) water or an SPDES discharge; Poquott § 132-3 counts among illicit connections "any
conveyances which allow any nonstormwater discharge including ... process wastewater, and wash
water to enter the MS4". A pipe carrying a water no exemption names is a prohibited connection.

Read here only when what the pipe carries is evidently not exempt (``connection_carries`` in
data/facets.yml):

- something foreign to any exemption's water is said in it (soap, oil, chemicals, sewage, food:
  the facets' ``contents``; not water said only to have cooled or rinsed something, which may be
  "any other water source not containing pollutants"), or the water is of a category no
  exemption names (animals' waste, grease, mop or laundry water: the facets' ``water``);
- process water is named ("process wastewater"), or a business's used water ("rinse water");
- a business's pipe drains a place where things are worked on or washed: a station word
  ("booth", "table", "station", ...) right after a word of washing or working ("a cleaning
  table");
- water washed or rinsed a kitchen's wares ("rinsing the woks", "washing the pots"): used
  wash water, whoever washes them.

Anything denied ("no soap, just water"), or nothing said of the water ("a pipe from my yard to
the storm drain", "my dehumidifier line"), reads nothing: the water could be an exempt one. Nor
does a category read from a place when rain is said ("the kennel's gutters are piped to the
storm drain": rain fell on the kennel).
Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import FrozenSet, Optional, Tuple

from stormwater.understanding.facets_file import facets_file

UNEXEMPT_CONNECTION = "unexempt_connection"  # the `route` facet's value: a pipe into the MS4 carrying no exempt water
BUSINESS = ("business", "public")  # the `who` facet's values of a trade, a plant or a public body
STATION_REACH = 2  # words between a word of washing or working and the station word ("cleaning the fish table")
WARE_REACH = 2  # words between a word of washing and the ware's ("rinsing the big woks")


@dataclass(frozen=True)
class CarriedWords:
    """``connection_carries`` of data/facets.yml."""

    contents: FrozenSet[str]  # categories of `contents` no exemption's water is made of
    waters: FrozenSet[str]  # categories of `water` no exemption names
    rain: Tuple[str, ...]  # words that say rain ("the barn's gutters"): no category read from a place then
    process_waters: Tuple[str, ...]  # used water of a trade or a plant, whoever pipes it
    used_waters: Tuple[str, ...]  # used water by its plain names: a business's
    stations: FrozenSet[str]  # a place where things are worked on or washed ...
    work: FrozenSet[str]  # ... said by a word of washing or working before it
    facilities: FrozenSet[str] = frozenset()  # a wash as a facility, named by what it washes ("a bike wash")
    wares: Tuple[str, ...] = ()  # what a kitchen cooks or serves with: water that washed it is used wash water
    ware_washing: FrozenSet[str] = frozenset()  # the words of washing a ware, before or after it


@lru_cache(maxsize=4)
def carried_words(folder: Optional[str] = None) -> CarriedWords:
    raw = facets_file(folder).get("connection_carries") or {}

    def words(key: str) -> FrozenSet[str]:
        return frozenset(str(w).lower() for w in raw.get(key) or ())

    return CarriedWords(
        contents=words("contents"),
        waters=words("waters"),
        rain=tuple(sorted(words("rain_said") | frozenset(str(w).lower() for w in (facets_file(folder).get("water") or {}).get("rain") or ()))),
        process_waters=tuple(sorted(words("process_waters"))),
        used_waters=tuple(sorted(words("used_waters"))),
        stations=words("stations"),
        work=words("work"),
        facilities=words("facilities"),
        wares=tuple(sorted(words("wares"))),
        ware_washing=words("ware_washing"),
    )


def _tokens(raw: str) -> list:
    return re.findall(r"[a-z][a-z'/-]*", (raw or "").lower().replace("\u2019", "'"))


def carries_unexempt(raw: str, facets, folder: Optional[str] = None) -> bool:
    """Whether the pipe or connection said in ``raw`` evidently carries no exempt water, read from
    its facets (:class:`stormwater.understanding.discharge_reader.Facets`, with an exemption's own
    contents already left out) and its words."""
    if facets.denied:
        return False  # "no soap, just rinse water": what is left the text may exempt
    words = carried_words(folder)
    if set(facets.contents) & words.contents:
        return True
    tokens = _tokens(raw)
    text = " " + " ".join(tokens) + " "
    rain = any(f" {phrase} " in text for phrase in words.rain)
    if (facets.water or "") in words.waters and not rain:
        return True
    if any(f" {phrase} " in text for phrase in words.process_waters) or washed_ware(tokens, words):
        return True
    if facets.who not in BUSINESS:
        return False  # a household's rinse water or wash station may carry nothing the text bars
    return any(f" {phrase} " in text for phrase in words.used_waters) or work_station(tokens, words)


def work_station(tokens: list, words: Optional[CarriedWords] = None) -> bool:
    """Whether a station word stands right after a word of washing or working ("a wash station",
    "the cleaning table", "a washout booth"), not a place of another kind ("the gas station",
    "the water table")."""
    words = words or carried_words()
    for i, token in enumerate(tokens):
        if token in words.stations or (token.endswith("s") and token[:-1] in words.stations):
            if set(tokens[max(0, i - STATION_REACH):i]) & words.work:
                return True
        if token in words.facilities and _named_facility(tokens, i):
            return True
    return False


def washed_ware(tokens: list, words: Optional[CarriedWords] = None) -> bool:
    """Whether a kitchen's ware is said within a few words of a word of washing, after it
    ("rinsing the woks", "we wash the dirty pots") or before it ("the sheet pans get rinsed"):
    the water carries what was cooked in it. The ware's words are read whole where they start
    (not "the drain pan")."""
    words = words or carried_words()
    for i in range(len(tokens)):
        rest = " " + " ".join(tokens[i:i + 3]) + " "
        ware = next((w for w in words.wares if rest.startswith(f" {w} ")), None)
        if ware is None:
            continue
        size = len(ware.split())
        near = tokens[max(0, i - WARE_REACH - 1):i] + tokens[i + size:i + size + WARE_REACH + 1]
        if set(near) & words.ware_washing:
            return True
    return False


# Words before a facility's name ("a bike wash") and after a verb's subject ("the kids wash their bikes")
_FACILITY_DETERMINERS = frozenset("a an the its their our his her this that".split())


def _named_facility(tokens: list, i: int) -> bool:
    """Whether the wash word at ``tokens[i]`` names a facility by what it washes ("a bike wash",
    "the truck wash at the yard"): a determiner, one word, then it, and no object of a verb after it."""
    if i < 2 or tokens[i - 2] not in _FACILITY_DETERMINERS or tokens[i - 1] in _FACILITY_DETERMINERS:
        return False
    return not (i + 1 < len(tokens) and tokens[i + 1] in _FACILITY_DETERMINERS | {"it", "them", "my", "your"})
