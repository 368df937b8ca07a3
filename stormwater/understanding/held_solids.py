"""Yard waste said to lie in a water that is let out, not dumped on its own (issue 27).

"The melted rink is a pool of hose water in the liner with some leaves in it", "the bird bath
water with a few leaves in it": what goes to the drain is the water, and the leaves ride in it.
Neither text says whether hose water, rain or snowmelt carrying some leaves is still the water
an exemption names ("unless they are subsequently determined to be substantial contributors of
pollutants", "any other water source not containing pollutants"), nor that a few leaves in it
make it a yard waste discharge: the case is open, "not named", never rainwater's "Allowed"
nor yard waste's "Not allowed". Leaves raked or blown into the street are yard waste's own
rule; so is a water said to hold anything else (a sanitizer, goose droppings).

A solid spread on snow or ice ("i shovel the fireplace ashes onto the snow bank to help it melt")
is held by the melt that carries it (:func:`melt_holding`): stormwater with something in it, which
the texts leave open, not the solid's rule nor snowmelt's.

Read here, in one clause: a word of water (``held_solids.waters`` in data/facets.yml), then a
word of holding ("with", "full of", "and some"), then the yard waste's word within a few words.
Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, Optional, Tuple

from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.water_qualifiers import STORMWATER_WITH
from stormwater.understanding.word_roles import load_role_words

YARD_WASTE = "yard_waste"  # the catalogue's key
YARD_WASTE_IN_WATER = "yard_waste_in_water"  # the `water` facet's value: a water with some yard waste in it
# How many words may stand between the word of holding and the yard waste's word ("with some dead leaves").
REACH = 3
_CLAUSE_ENDS = frozenset(",;.!?")


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> Tuple[FrozenSet[str], FrozenSet[str], FrozenSet[str]]:
    """(words of water, words of holding, yard waste's words of one word)."""
    raw = facets_file(folder)
    own = raw.get("held_solids") or {}
    yard = {str(w).lower() for w in (raw.get("water") or {}).get("yard_waste") or () if " " not in str(w)}
    return (frozenset(str(w).lower() for w in own.get("waters") or ()),
            frozenset(str(w).lower() for w in own.get("holding") or ()), frozenset(yard))


def yard_waste_in_water(raw: str, folder: Optional[str] = None) -> bool:
    """Whether ``raw`` says some yard waste lies in a water: "a pool of water in the liner with
    some leaves in it", "slushy water and some leaves" (not "hose water and clippings off the drive")."""
    waters, holding, yard = _words(folder)
    tokens = re.sub(r"([,;.!?])", r" \1 ", (raw or "").lower()).split()
    seen_water = False
    for i, token in enumerate(tokens):
        if token in _CLAUSE_ENDS:
            seen_water = False
        elif token in waters:
            seen_water = True
        elif seen_water and (token in holding or token == "and" and tokens[i + 1 : i + 2] in (["some"], ["a"])):
            # ("and" only before an amount: "slushy water and some leaves", not "hose water and clippings off the drive")
            ahead = []
            for word in tokens[i + 1 : i + 1 + REACH]:
                if word in _CLAUSE_ENDS:
                    break
                ahead.append(word)
            if any(word in yard for word in ahead):
                return True
    return False


def melt_holding(solid: Optional[str], water: Optional[str], folder: Optional[str] = None) -> Optional[str]:
    """The water of a message whose words name the solid category ``solid`` and then a melt
    (``water``: "rain" read from "let it melt"): the melt holds the solid ("stormwater_with");
    else ``water`` as read."""
    return STORMWATER_WITH if solid in load_role_words(folder).solids and water == "rain" else water
