"""Shapes of a sentence the word roles read (stormwater/understanding/word_roles.py): a thing
being built ("digging for our new pool"), a vehicle that is a place ("in the bed of my
truck") and a noun that is a verb ("the water pools on the tent"). Plain functions over the
role words they are given."""
from __future__ import annotations

from typing import List

# Words before a vehicle that make it a place the thing is in or comes from
CONTAINING = frozenset({"in", "of", "inside", "from", "onto", "into"})
# How far before the mention a verb of building is read
REACH = 3


def being_built(before_words: List[str], role_words) -> bool:
    """Whether the mention is what a verb of building is for ("digging for our new pool"), or a
    new thing some work is for: a site, with no water of its own yet."""
    near = before_words[-(REACH + 2) :]
    if near[-1:] == ["new"] and "for" in near[-3:-1]:
        return True  # "shooting gunite for our new pool": what the work is for
    return any(w == "for" and i > 0 and near[i - 1] in role_words.building for i, w in enumerate(near))


def vehicle_as_place(words: List[str], k: int, role_words) -> bool:
    """Whether the vehicle at ``words[k]`` is a place ("in the bed of my truck"): a later "it" is not it."""
    j = k - 1
    while j >= 0 and (words[j] in role_words.determiners or words[j] in role_words.possessives):
        j -= 1
    return j >= 0 and (words[j] in CONTAINING or words[j] in role_words.place)


# "the water pools on top of the tent", "it pools up by the door": a water or a pronoun, then
# "pools", then where: the verb of water gathering, no pool
_POOLING_SUBJECTS = frozenset("water rain rainwater snowmelt runoff it that which and where".split())
_WHERE_IT_POOLS = frozenset("on in up at under around against along there near by behind beside over where onto inside".split())


def pooling_verb(before_words: List[str], mention: List[str], after_words: List[str]) -> bool:
    """Whether the mention "pools" is the verb of water gathering somewhere, not a pool."""
    return (
        mention == ["pools"] and before_words[-1:] != [] and before_words[-1] in _POOLING_SUBJECTS
        and after_words[:1] != [] and after_words[0] in _WHERE_IT_POOLS
    )


def object_head(mention: List[str], following: List[str], role_words) -> bool:
    """Whether the word after the mention is a noun it only names ("the pool cover"), or a pool
    or spa word names the equipment after it ("the pool heat pump")."""
    kit = role_words.pool_equipment
    pool_kit = mention[-1:] in (["pool"], ["pools"], ["spa"], ["tub"]) and (following[0] in kit or " ".join(following[:2]) in kit)
    return following[0] in role_words.heads or pool_kit
