"""What a sprinkler or an irrigation word waters decides whether it is irrigation (issue 27).

Both texts exempt lawn watering and (landscape) irrigation: water put on plants. "Sprinklers"
or "irrigation" said of a thing that is no plant ("runs sprinklers on the log piles", "a
sprinkler on the sand pile for the dust", "irrigating the roof to cool it") is not that water:
what it ran over carries what it touched, and the exemption's words are not the question.

Read here: a mention of such a kind (``watered_objects.kinds``) that is a watering word without
its own object ("sprinklers", not "lawn sprinklers"), then within a few words a preposition of
what it is put on or for (``toward``), and in the object after it a word of a thing no plant is
(``not_plants``: piles, logs, a roof, stock, dust) and none of a plant (``plants``). Where the
water only lands ("the sprinklers hit the sidewalk") nothing is read: that is a lawn's
overspray. Words: ``watered_objects`` of data/facets.yml. Plain Python.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Optional

from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.word_roles import REACH, RINSED, WETTED, load_role_words

TOWARD_REACH = 6  # words between the watering word and its preposition ("sprinklers on the haul road for")
OBJECT_REACH = 4  # words of the object after the preposition ("their big old log piles")


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> dict:
    raw = facets_file(folder).get("watered_objects") or {}
    return {name: frozenset(str(w).lower() for w in raw.get(name) or ()) for name in ("kinds", "toward", "not_plants", "plants", "wetting")}


def watered_not_plant(norm: str, start: int, end: int, kind: str, folder: Optional[str] = None) -> bool:
    """Whether the mention of ``kind`` at ``norm[start:end]`` (normalised words) waters a thing
    that is no plant ("sprinklers on their log piles", "the gravel pile with a sprinkler"): then
    it names no irrigation."""
    words = _words(folder)
    if kind not in words["kinds"] or set(norm[start:end].split()) & words["plants"]:
        return False
    before = norm[:start].split()
    if "with" in before[-2:]:  # "wet down the gravel pile with a sprinkler": its object stands before it
        at = len(before) - 1 - before[::-1].index("with")
        thing = set(before[max(0, at - OBJECT_REACH) : at])
        if thing & words["not_plants"] and not thing & words["plants"]:
            return True
    after = norm[end:].split()
    for i, token in enumerate(after[:TOWARD_REACH + 1]):
        if token not in words["toward"]:
            continue
        thing = set(after[i + 1:i + 1 + OBJECT_REACH])
        if thing & words["plants"]:
            return False  # "on the flower beds by the log pile": plants are watered
        if thing & words["not_plants"]:
            return True
    return False


def waters_no_plant(norm: str, phrases: Iterable[str], kind: str, folder: Optional[str] = None) -> bool:
    """Whether one of ``phrases`` (a water category's words, ``kind`` its name) stands in ``norm``
    watering a thing that is no plant: the category is not read from it then."""
    for phrase in phrases:
        for found in re.finditer(rf"(?<![a-z']){re.escape(str(phrase).lower())}(?![a-z'])", norm):
            if watered_not_plant(norm, found.start(), found.end(), kind, folder):
                return True
    return False


_WATERING = frozenset({"water", "waters", "watered", "watering"})


def plants_watered(raw: str, folder: Optional[str] = None) -> Optional[str]:
    """``"lawn_watering"`` when a verb of watering has a plant for its object, whatever the
    plant is called ("waters the hanging flower baskets", "watering the planters on main st"):
    the texts' "lawn watering" and "landscape irrigation" are water put on plants. ``None`` when
    the object holds no plant or holds a thing no plant is ("watered the gravel pile")."""
    words = _words(folder)
    plants = words["plants"] | _PLANTERS
    tokens = raw.split()
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else ""
        after = tokens[i + 1] if i + 1 < len(tokens) else ""  # "the guy said water it every day": a pronoun object makes it a verb
        if token not in _WATERING or before in _NOUN_BEFORE or (token == "water" and before not in _VERB_BEFORE and after not in ("it", "them")):
            continue  # "the water runs out of the yard": a noun, no watering
        if {"use", "used", "uses", "using"} & set(tokens[max(0, i - 4) : i]):
            continue  # "use it to water the landscaping": the water put to that use decides
        thing, ended_by = [], ""
        for word in tokens[i + 1 : i + 1 + OBJECT_REACH + 1]:
            if word in _OBJECT_ENDS:
                ended_by = word
                break
            thing.append(word)
        if ended_by == "with" and not _a_tool(tokens[i + 2 + len(thing) :]):
            continue  # "water the beds with it (the pond water)": the water used is said, and it decides
        if set(thing) & plants and not set(thing) & words["not_plants"]:
            return "lawn_watering"
        if thing[:1] in (["them"], ["it"]) and _only_plants_before(tokens[:i], plants, words["not_plants"]):
            return "lawn_watering"  # "window boxes all along the front ... i water them": what was named before
    return None


def _a_tool(after_with: list) -> bool:
    """Whether the words after "with" name a watering tool ("with just the hose"), not a water."""
    return next((w for w in after_with if w not in _FILLERS), "") in _TOOLS


def _only_plants_before(said: list, plants: frozenset, not_plants: frozenset) -> bool:
    """Whether the words before a pronoun object name plants and nothing no plant is."""
    return bool(set(said) & plants) and not set(said) & not_plants


# a word before "water(s)" that makes it a noun ("the waters", "hose water"), and the words
# before a bare "water" that make it a verb ("i water the beds", "to water the baskets")
_NOUN_BEFORE = frozenset({"the", "a", "of", "with", "our", "my", "their", "his", "her", "hose", "tap", "rain", "colored", "coloured"})
_VERB_BEFORE = frozenset({"to", "i", "we", "they", "you", "can", "could", "will", "would", "should", "then", "just", "and", "also", "i'll", "we'll"})
# words between "with" and the tool it names ("with just the hose")
_FILLERS = frozenset({"just", "only", "the", "a", "my", "our", "his", "her", "their", "plain", "garden"})
_TOOLS = frozenset({"hose", "watering"})
# what plants are grown in, said for the plants ("waters the hanging baskets")
_PLANTERS = frozenset({"basket", "baskets", "planter", "planters", "window", "boxes", "flowerpots", "pots"})
# words that end the object of the watering ("every morning", "with the hose")
_OBJECT_ENDS = frozenset(",;.!?") | {"with", "from", "every", "each", "and", "then", "but", "so", "when", "while", "at", "in", "on", "into", "to"}


def solid_wetted(norm: str, start: int, end: int, folder: Optional[str] = None) -> bool:
    """Whether the solid named at ``norm[start:end]`` is wetted where it lies: the object of a
    verb of wetting ("we soak the infield dirt with the hose", "watering the gravel pile"), not
    moved by it ("hose the sand into the drain"). The water put on it is then the thing that
    runs off, carrying what it touched, as with a rinse (rinsed_off)."""
    wetting = _words(folder)["wetting"]
    before = norm[:start].split()[-(OBJECT_REACH + 1):]
    verbs = [i for i, w in enumerate(before) if w in wetting or w in _WATERING and (w != "water" or i and before[i - 1] in _VERB_BEFORE)]
    if not verbs:
        return False
    at = verbs[-1]
    if at and before[at - 1] in _NOUN_BEFORE:
        return False  # "the soaked dirt": a word describing the solid, no wetting of it
    between = before[at + 1:]
    after = norm[end:].split()[:OBJECT_REACH]
    moved = _MOVED & set(between + after)
    return not moved and not set(between) & _OBJECT_ENDS


def plant_named(words: str, folder: Optional[str] = None) -> bool:
    """Whether ``words`` (a mention) name a plant by their head ("the new grass"), not what was
    cut from one ("grass clippings")."""
    return bool(words.split()) and words.split()[-1] in _words(folder)["plants"]


def solid_role(norm: str, start: int, end: int, folder: Optional[str] = None) -> Optional[str]:
    """The role of a solid named at ``norm[start:end]`` whose water, not the solid, is the thing
    discharged: ``rinsed`` (a plain-water rinse takes it off a surface, rinsed_off),
    ``wetted`` (:func:`solid_wetted`), else ``None``."""
    if rinsed_off(norm, start, end, folder):
        return RINSED
    return WETTED if solid_wetted(norm, start, end, folder) else None


# words that say the solid is moved, not wetted where it lies ("soak it and wash the dirt into the drain")
_MOVED = frozenset({"into", "off", "down", "out", "away", "onto", "toward", "towards"})


_OFF = frozenset({"off", "out"})  # "hose the leaves off the deck", "hosing the dust and leaves out"


def rinsed_off(norm: str, start: int, end: int, folder: Optional[str] = None) -> bool:
    """Whether the mention at ``norm[start:end]`` is what a plain-water rinse takes off or out of a thing ("hose the dirt off
    my driveway? no soap, just water"): the rinse is the thing, no exemption's; its "not containing pollutants" is the officer's."""
    role_words = load_role_words(folder)
    if not any(f" {p} " in f" {norm} " for p in (*role_words.plain_water, *role_words.soap_denied)):
        return False
    tokens = norm.split()  # "hose the horse off ... the sweat and dirt go down": what came off a thing rinsed
    if any(w in role_words.activities and _OFF & set(tokens[i + 2 : i + REACH + 2]) for i, w in enumerate(tokens)):
        return True
    before = norm[:start].split()[-(REACH + 3):]  # "hosing the winter dust and leaves out": a list of what came off
    acting = [i for i, w in enumerate(before) if w in role_words.activities]
    if not acting:
        return False
    return bool(_OFF & set(before[acting[-1] + 1 :]) or _OFF & set(norm[end:].split()[: REACH + 1]))
