"""Shapes of a sentence the word roles read (stormwater/understanding/word_roles.py): a thing
being built ("digging for our new pool"), a vehicle that is a place ("in the bed of my
truck"), a noun that is a verb ("the water pools on the tent") and a kind of vessel something
is kept in ("collect the water in a trash bin"), a thing named with a hedge ("what looks like
paint thinner"), and the ground a place is made of ("the dirt crawl
space"). Plain functions over the role words they are given."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, List, Optional, Tuple

from stormwater.understanding.facets_file import facets_file

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
    return any(w == "for" and i > 0 and (near[i - 1] in role_words.building or near[i - 1] in _DUG) for i, w in enumerate(near))


# What is dug for a thing to be built ("the hole for our inground pool"): the thing is its purpose, no water yet
_DUG = frozenset("hole holes pit pits trench trenches excavation excavations footing footings foundation".split())


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


# "the yard turns into a big pool", "a pool of rain water": water gathered, no swimming pool
_BECOMING = frozenset("turns turned turn becomes became become forms formed form makes made creates created leaves left".split())
_SIZES = frozenset("a an one big huge giant large little small shallow muddy brown massive".split())
_GATHERED = frozenset("water rain rainwater mud runoff melt meltwater snowmelt".split())


def pooling_verb(before_words: List[str], mention: List[str], after_words: List[str]) -> bool:
    """Whether the mention "pools" is the verb of water gathering somewhere, not a pool, or "a
    pool" is water gathered ("the low spot turns into a big pool", "a pool of rain water")."""
    if mention == ["pool"]:
        words = list(before_words[-5:])
        while words and words[-1] in _SIZES:
            words.pop()
        becoming = bool(words) and (words[-1] in _BECOMING or words[-1] == "into" and words[-2:-1] and words[-2] in _BECOMING)
        gathered = after_words[:1] == ["of"] and bool(set(after_words[1:4]) & _GATHERED)
        return len(words) < len(before_words[-5:]) and (becoming or gathered)
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


# Words before a vessel that make it where something is kept, and how far before the mention
_KEPT_IN = frozenset({"in", "into", "inside"})
_KEPT_REACH = 3
# After the vessel, the water it is said to hold ("trash bags half full of tap water")
_HOLDING_WATER = re.compile(r"(?:half |partly |all )?(?:full of|filled with|of)(?: \w+){0,2}? \w*water\b")
_ASKING_AFTER_CAN = frozenset("i we you u he she they it someone somebody anyone people my our the this that these those".split())


def kept_in(before_words: List[str], following: List[str], role_words) -> bool:
    """Whether the mention only says which vessel something is kept or collected in ("collect the
    water in a large trash bin", "tap water in an old garbage can"): "in" in the few words
    before it, and a vessel noun right after it. Emptying the vessel itself ("dump the trash
    bin") reads no "in" and keeps the mention the thing discharged."""
    if not following or following[0] not in role_words.vessel_nouns:
        return False
    if following[0] == "can" and following[1:2] and following[1] in _ASKING_AFTER_CAN:
        return False  # "drain the water in the pool, can we ...": the verb, no vessel
    return any(w in _KEPT_IN for w in before_words[-_KEPT_REACH:]) or bool(_HOLDING_WATER.match(" ".join(following[1:7])))


@lru_cache(maxsize=4)
def _ground_words(folder: Optional[str] = None) -> Tuple[FrozenSet[str], Tuple[str, ...]]:
    roles = facets_file(folder).get("roles") or {}
    places = sorted((str(w) for w in roles.get("ground_places") or ()), key=len, reverse=True)
    return frozenset(str(w) for w in roles.get("ground_materials") or ()), tuple(places)


def made_of(mention: List[str], following: List[str], folder: Optional[str] = None) -> bool:
    """Whether the mention only says what the place after it is made of ("our beach cottage has a
    dirt crawl space", "the dirt track at the fairgrounds"): ``roles.ground_materials`` right
    before ``roles.ground_places`` of data/facets.yml. The place is where the water is; the dirt
    is not what is discharged."""
    materials, places = _ground_words(folder)
    after = " ".join(following[:2]) + " "
    return " ".join(mention) in materials and any(after.startswith(p + " ") for p in places)


CLAUSE_ENDS = frozenset({",", ";", ".", "!", "?", "but", "though", "although"})
# "someone dumped what looks like paint thinner", "something that looked like oil": the thing
# itself, named with a hedge, not a case compared with ("the water looks like milk")
_HEDGED_THING = re.compile(r"(?:^|\s)(?:what|(?:something|stuff|anything) that) (?:looks|looked) like$")


def hedged_thing(before_words: List[str]) -> bool:
    """Whether the words just before a mention name it with a hedge ("what looks like")."""
    return bool(_HEDGED_THING.search(" ".join(before_words[-5:])))


COMPARED_REACH = 5  # words of the case compared with, where the punctuation is gone
# "looks like" says what one sees too ("looks like the deli is dumping"): no comparison of cases
_SEEING = ("look",)


def compared_away(tokens: List[str], comparing: Tuple[str, ...], reach: Optional[int] = None) -> List[str]:
    """``tokens`` without each phrase of ``comparing`` and what follows it to its clause's end, or
    for ``reach`` words ("the same as washing your car at home"): the case compared with says
    nothing of who discharges this one, nor whose washing it is."""
    phrases = [p.split() for p in comparing if not p.startswith(_SEEING)]
    kept: List[str] = []
    left = 0
    for i, token in enumerate(tokens):
        if left and token not in CLAUSE_ENDS:
            left -= 1
            continue
        left = 0
        said = next((p for p in phrases if i + 1 >= len(p) and tokens[i + 1 - len(p) : i + 1] == p), None)
        if said is not None:
            del kept[len(kept) - (len(said) - 1) :]  # the phrase's words kept so far go too
            left = len(tokens) if reach is None else reach
            continue
        kept.append(token)
    return kept
