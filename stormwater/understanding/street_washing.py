"""A street washed: a verb of washing with a street for its object is street wash water.

"the kids scrub our street before the parade with buckets of plain water", "we hose down the
block after the cookout": the activity both texts exempt by name ("residential street wash
water"), read as a vehicle washed is (:func:`stormwater.understanding.word_roles.washes_a_vehicle`):
a verb of washing, then within a few words a street's noun after a determiner or a possessive,
standing as the object ("the road salt" names salt, not a road). Whether the street is
residential, and who washes it, the facets and the village's rules decide. Plain Python.
"""
from __future__ import annotations

import re
from typing import Optional

from stormwater.understanding.catalogue import normalize
from stormwater.understanding.word_roles import load_role_words

STREET_WASH = "street_wash"  # the `water` category of data/facets.yml

_STREETS = frozenset({"street", "streets", "road", "roads", "block", "roadway"})
# Words after the street's noun that end its phrase: the street is the object, not a modifier
_AFTER_OBJECT = frozenset(
    "before after in on with and down off every each to for so because then once twice near by at "
    "outside out front today yesterday tonight this last when while until".split())
# Prepositions of where a thing goes or lies: a street after them is a place
_TO_A_PLACE = frozenset("into onto to in on at across toward towards through along by near from".split())
# "our part of the street", "our end of the block": a share of the street is the street washed
_PARTITIVE = re.compile(r" (?:part|side|end|stretch|section|half|bit|length) of ")
REACH = 3  # words between the verb and the street ("hose down the whole street")


def washes_a_street(norm: str, folder: Optional[str] = None) -> bool:
    """Whether ``norm`` (normalised words) tells of washing a street ("scrub our street",
    "hosing down the road in front of the house")."""
    role_words = load_role_words(folder)
    owners = role_words.determiners | role_words.possessives
    words = _PARTITIVE.sub(" ", f" {norm} ").split()  # "our part of the street" is our street
    for i, word in enumerate(words):
        if word not in role_words.activities:
            continue
        window = words[i + 1 : i + 2 + REACH]
        for j, noun in enumerate(window):
            after = words[i + 2 + j] if i + 2 + j < len(words) else ""  # the word after the noun
            if noun in _TO_A_PLACE:
                break  # "hose it into the street": where it goes, not what is washed
            if noun in _STREETS and any(w in owners for w in window[:j]) and (not after or after in _AFTER_OBJECT):
                return True
    return False


def street_washed(text: str, folder: Optional[str] = None) -> Optional[str]:
    """``"street_wash"`` (the `water` category) when ``text`` tells of washing a street, else ``None``."""
    return STREET_WASH if washes_a_street(normalize(text), folder) else None
