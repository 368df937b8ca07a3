"""What a pool holds: leaves, grass or litter said to be in its water are that water's contents.

"hosing off the pool water, leaves and slime", "the kiddie pool is full of grass", "the dog pool,
hair and grass in it": the thing discharged is the pool's water holding them, not a separate
dumping of yard waste. Bayville exempts "dechlorinated swimming pool discharges" and names no
pool water holding leaves (the text leaves it open); Poquott lists pool water itself as a
pollutant. "Drained the pool and raked the leaves in" names two discharges, and keeps both.
Any water the resident names holds its solids the same way (:func:`held_in_water`: "flushing the
water heater, the water's a bit rusty with sediment"), where another discharge names that water.
Plain Python over the catalogue's mentions.
"""
from __future__ import annotations

from typing import List, Optional

from stormwater.understanding.catalogue import Mention, find_mentions, normalize
from stormwater.understanding.water_qualifiers import load_qualifier_words
from stormwater.understanding.word_roles import load_role_words

# Words that lead to what a thing holds ("full of leaves", "with grass", "a ton of acorns").
_HOLDING = frozenset({"with", "of", "containing", "full"})
# Words of a place or a direction: what follows them is where, not what a pool holds.
_WHERE = frozenset("into onto down to in on at by near off from over across under behind out through".split())
# Words after a solid that put it in the water ("leaves and acorns in it", "bugs floating").
_IN_IT = ("in it", "in them", "in there", "in the pool", "in the water", "inside", "floating")
REACH = 4  # words between the holding word and the solid ("full of dead wet leaves")


def held_in_pool(text: str, key: str, folder: Optional[str] = None) -> bool:
    """Whether discharge ``key`` (a solid: yard waste, trash, ...) is named in ``text`` only as
    what a pool's water, named there too, holds."""
    if key not in load_role_words(folder).solids:
        return False
    norm, mentions = normalize(text), find_mentions(text, folder)
    pools = load_qualifier_words(folder).pool_words
    pool_ends = {m.end for m in mentions if pools & set(m.phrase.split())}
    pool_ends |= {end + len(" water") for end in pool_ends if norm.startswith(" water", end)}  # "draining the pool" water
    named = [m for m in mentions if m.key == key]
    return bool(pool_ends and named) and all(_held(norm, m, pool_ends) for m in named)


def _held(norm: str, mention: Mention, pool_ends: set) -> bool:
    """Whether ``mention`` follows a pool's name directly, a holding word, or is said to be in it."""
    if mention.start - 1 in pool_ends:  # "the pool water, leaves and slime"
        return True
    before: List[str] = norm[: mention.start].split()[-REACH:]
    for word in reversed(before):
        if word in _WHERE:
            break
        if word in _HOLDING:
            return True
    after = " " + " ".join(norm[mention.end :].split()[:4]) + " "
    return any(f" {p} " in after for p in _IN_IT)


# A water the resident names as the thing ("a slushy puddle", "the melt water", "the rinse"): a
# solid it is said to hold is its contents too, as a pool's are ("a puddle with leaves in it").
_WATERS = frozenset("water waters puddle puddles slush meltwater melt rinse runoff".split())


def held_in_water(text: str, key: str, folder: Optional[str] = None) -> bool:
    """Whether discharge ``key`` (a solid) is named in ``text`` only as what a water named there
    holds ("a big slushy puddle with leaves in it", "water's a bit rusty with sediment")."""
    if key not in load_role_words(folder).solids:
        return False
    norm, mentions = normalize(text), find_mentions(text, folder)
    ends, at = set(), 0
    for word in norm.split():
        at = norm.index(word, at) + len(word)
        if word in _WATERS or word.endswith("water") or word == "water's":
            ends.add(at)
    named = [m for m in mentions if m.key == key]
    return bool(ends and named) and all(_held(norm, m, ends) and any(end < m.start for end in ends) for m in named)
