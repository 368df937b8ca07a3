"""Two shapes of a sentence the word roles read (stormwater/understanding/word_roles.py): a thing
being built ("digging for our new pool") and a vehicle that is a place ("in the bed of my
truck"). Plain functions over the role words they are given."""
from __future__ import annotations

from typing import List

# Words before a vehicle that make it a place the thing is in or comes from
CONTAINING = frozenset({"in", "of", "inside", "from", "onto", "into"})
# How far before the mention a verb of building is read
REACH = 3


def being_built(before_words: List[str], role_words) -> bool:
    """Whether the mention is what a verb of building is for ("digging for our new pool"): a
    site, with no water of its own yet."""
    near = before_words[-(REACH + 2) :]
    return any(w == "for" and i > 0 and near[i - 1] in role_words.building for i, w in enumerate(near))


def vehicle_as_place(words: List[str], k: int, role_words) -> bool:
    """Whether the vehicle at ``words[k]`` is a place ("in the bed of my truck"): a later "it" is not it."""
    j = k - 1
    while j >= 0 and (words[j] in role_words.determiners or words[j] in role_words.possessives):
        j -= 1
    return j >= 0 and (words[j] in CONTAINING or words[j] in role_words.place)
