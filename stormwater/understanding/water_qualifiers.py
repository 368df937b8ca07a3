"""Qualifiers that change what the water is, where the texts leave the case open (issue 27).

One word beside the thing discharged can take it out of the category its name suggests:

- **Not a swimming pool.** Bayville exempts "dechlorinated swimming pool discharges"; a pool
  made of something else ("a dumpster filled as a pool") or kept for animals ("the dogs'
  pool") is not a swimming pool by the text's words (``makeshift_pool``).
- **Stormwater with something in it.** Rain and snowmelt are stormwater, but rain water gone
  foul in a barrel, or snowmelt "with all the salt and sand", is water the texts do not decide
  (``stormwater_with``): "not named", never rainwater's "Allowed" nor sediment's "Not allowed".
- **A sanitary sewer overflowing** is sewage, never the storm sewer it runs into.
- **Drained through a hydrant:** a potable outlet after "through" says what the water is
  (the hydrant's), not where it goes.
- **Used water** (``used_water``): tap, hose or pool water said to have rinsed, washed, cooled
  or cleaned something ("cold tap water rinsing the scoops"), a surface hosed off with what is
  on it said (``water_use.surface_hosed_off``), or a pool "full of" what is not water, carries
  what it touched: the contents category ``used``, which no exemption's water
  has unless it is its own (a car washing's water has washed a car).

The words are ``qualifiers`` in ``data/facets.yml``. Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import FrozenSet, Optional

from stormwater.understanding.added_things import thing_added
from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.activity_roles import FIRE_PRACTICE, fire_doused, fire_fought, plain_water_denies, practised
from stormwater.understanding.water_looks import DISCOLOURED, colour_of_water
from stormwater.understanding.flushed_water import flushed_with_water
from stormwater.understanding.material_vessels import measured_in, melted_from_vessel
from stormwater.understanding.used_on import frozen_potable, water_used_on
from stormwater.understanding.water_use import has_covered_compound, particle_object, rain_put_to_use, surface_hosed_off

MAKESHIFT_POOL = "makeshift_pool"
STORMWATER_WITH = "stormwater_with"
USED = "used"  # a contents category: the water was used on something (used_water)
# How many words may stand between a qualifier and the word it qualifies.
REACH = 3
_CLAUSE_BREAKS = frozenset(",;.!?")


@dataclass(frozen=True)
class QualifierWords:
    """``qualifiers`` of data/facets.yml."""

    pool_words: FrozenSet[str]
    not_swimming: FrozenSet[str]
    stormwater: FrozenSet[str]
    with_words: FrozenSet[str]
    sewers: FrozenSet[str]
    not_sanitary: FrozenSet[str]
    overflowing: FrozenSet[str]
    outlets: FrozenSet[str]
    unsaid_pool: FrozenSet[str]
    used_for: FrozenSet[str] = frozenset()
    not_touched: FrozenSet[str] = frozenset()
    used_waters: FrozenSet[str] = frozenset()
    holding: FrozenSet[str] = frozenset()
    means: FrozenSet[str] = frozenset()


@lru_cache(maxsize=4)
def load_qualifier_words(folder: Optional[str] = None) -> QualifierWords:
    raw = facets_file(folder).get("qualifiers") or {}

    def words(name: str) -> FrozenSet[str]:
        return frozenset(str(w).lower() for w in raw.get(name) or ())

    return QualifierWords(
        pool_words=words("pool_words"), not_swimming=words("not_swimming_pool"), stormwater=words("stormwater"),
        with_words=words("with"), sewers=words("sewers"), not_sanitary=words("not_sanitary"),
        overflowing=words("overflowing"), outlets=words("potable_outlets"), unsaid_pool=words("unsaid_pool"),
        used_for=words("used_for"), not_touched=words("not_touched"), used_waters=words("used_waters"), holding=words("holding"),
        means=words("means"),
    )


@lru_cache(maxsize=4)
def _rain_phrases(folder: Optional[str] = None) -> tuple:
    """The words of `water.rain` of data/facets.yml of two words or more ("roof water"), longest first."""
    said = ((facets_file(folder).get("water") or {}).get("rain") or ())
    return tuple(sorted({str(w).lower() for w in said if " " in str(w)}, key=len, reverse=True))


def rain_joined(text: str, folder: Optional[str] = None) -> str:
    """``text`` with each name of rain of two words or more ("roof water", "gutter water") said
    as one word of rain, so that what it is said to hold is read as stormwater's contents."""
    for phrase in _rain_phrases(folder):
        text = re.sub(rf"(?<![a-z]){re.escape(phrase)}(?![a-z])", "rainwater", text)
    return text


def makeshift_pool(norm: str, folder: Optional[str] = None) -> bool:
    """Whether a pool in ``norm`` (normalised text) is said to be no swimming pool: kept for
    animals or made of something else ("the dogs' wading pool", "a dumpster ... as a pool")."""
    words = load_qualifier_words(folder)
    tokens = norm.replace("'", " ").split()
    for i, token in enumerate(tokens):
        if token not in words.pool_words:
            continue
        before = tokens[max(0, i - REACH) : i]
        if any(w in words.not_swimming for w in before) or (before[-2:] in (["as", "a"], ["as", "the"])):
            return True
        # "a kiddie pool of oobleck", "filled a kiddie pool with jello": a pool holding what is no water
        after = tokens[i + 1 : i + 3]
        filled = after[:1] == ["with"] and any(w.startswith("fill") for w in tokens[max(0, i - REACH - 1) : i])
        if len(after) == 2 and (after[0] == "of" or filled) and after[1] not in _NOT_A_FILLING or measured_in(tokens[:i]):
            return True
    return False


# After "a pool of": a word that does not say what fills it ("a pool of water", "the pool of my neighbour")
_NOT_A_FILLING = frozenset({"water", "clean", "fresh", "tap", "hose", "well", "city", "chlorinated", "salt", "rain", "rainwater", "my", "our", "his", "her", "their", "the", "a", "an",
                            "this", "that", "these", "those", "your", "its", "course"})


def stormwater_with(raw: str, folder: Optional[str] = None) -> bool:
    """Whether rain or snowmelt in ``raw`` (lower-case words, punctuation as words) is said to
    hold something in the same clause: "it melts in with all the salt and sand"."""
    words = load_qualifier_words(folder)
    tokens = rain_joined(raw, folder).split()
    seen_water = False
    for i, token in enumerate(tokens):
        if token in _CLAUSE_BREAKS:
            seen_water = False
        elif token in words.stormwater and not melted_from_vessel(tokens[:i], token, folder):  # a cooler's ice: no snowmelt
            seen_water = True
        elif seen_water and _with_at(tokens, i, words) and i + 1 < len(tokens) and tokens[i + 1] not in _CLAUSE_BREAKS:
            if not _a_means(tokens[i + 1 : i + 4], words):
                return True
    return False


def _a_means(after: list, words: QualifierWords) -> bool:
    """Whether the words after "with" name what moves the water ("with a buried pipe"), not what is in it."""
    for token in after:
        if token in _CLAUSE_BREAKS:
            return False
        if token in words.means:
            return True
    return False


def _with_at(tokens: list, i: int, words: QualifierWords) -> int:
    """How many words a "with" phrase ("with", "full of", "containing") takes from ``tokens[i]`` (0: none)."""
    for size in (2, 1):
        if " ".join(tokens[i : i + size]) in words.with_words:
            return size
    return 0


def used_water(raw: str, folder: Optional[str] = None) -> bool:
    """Whether the water in ``raw`` (lower-case words, punctuation as words) is said to have
    been used on something, so that it carries what it touched: a verb of using water with an
    object after the water ("cold tap water rinsing the scoops"), the water a thing was used in
    ("I rinse the brushes in a bucket of water"), or a container holding what is not water
    ("the kiddie pools are full of poop"), or water a thing was put in (:mod:`.added_things`).
    The exemption the water came from (potable water, pool water) is not the water discharged then."""
    words = load_qualifier_words(folder)
    tokens = raw.split()
    if surface_hosed_off(raw, folder):
        return True  # "hose the roof off" of a roof "covered with droppings"
    if flushed_with_water(tokens, folder) or water_used_on(raw, folder) or thing_added(raw, folder):
        return True  # "the radiator flushed with tap water", "the dock sluiced with well water", "tap water plus tablets"
    for i, token in enumerate(tokens):
        if token in words.used_waters and _used_after(tokens, i + 1, words, folder):
            return True
        if token in words.used_for and _then_water(tokens, i + 1, words):
            return True
    sentences = " ".join(tokens).replace("!", ".").replace("?", ".").split(".")
    for sentence in sentences:
        said = sentence.split()
        if any(w in words.used_waters for w in said) and any(_holds(said, j, words) for j in range(len(said))):
            return True
    return False


def _used_after(tokens: list, start: int, words: QualifierWords, folder: Optional[str] = None) -> bool:
    """A verb of using water, within reach after the water in its clause, with an object."""
    for j in range(start, min(len(tokens), start + REACH)):
        if tokens[j] in _CLAUSE_BREAKS:
            return False
        if tokens[j] in words.used_for:
            after = tokens[j + 1] if j + 1 < len(tokens) else "."
            # ("full of clean water": an adjective of the water, not a use of it)
            # ("water to rinse out the pots": a particle, then the thing rinsed)
            touched = after not in words.not_touched or particle_object(tokens, j + 1, folder)
            return after not in _CLAUSE_BREAKS and touched and after not in words.used_waters
    return False


def _then_water(tokens: list, start: int, words: QualifierWords) -> bool:
    """An object of the verb, then "in" or "with" the water, in its clause ("rinse my brushes in tap water")."""
    if start >= len(tokens) or tokens[start] in _CLAUSE_BREAKS or tokens[start] in words.not_touched:
        return False
    clause = []
    # ("soak all my gear overnight in a trash can of tap water": the object, a time, then the water's container)
    for token in tokens[start : start + 4 * REACH]:
        if token in _CLAUSE_BREAKS:
            break
        clause.append(token)
    for k, token in enumerate(clause[1:], 1):
        if token in ("in", "with") and any(w in words.used_waters for w in clause[k + 1 : k + 1 + 2 * REACH]):
            return True
    return False


def _holds(said: list, j: int, words: QualifierWords) -> bool:
    """Whether "full of" (a ``holding`` phrase) at ``said[j]`` holds something that is not water."""
    for size in (2, 3):
        if " ".join(said[j : j + size]) in words.holding:
            rest = [w for w in said[j + size : j + size + 2] if w not in ("the", "a", "some", "cold", "clean", "fresh")]
            return bool(rest) and rest[0] not in ("water", "rain", "rainwater", ",", ";")
    return False


def held_by_stormwater(norm: str, start: int, folder: Optional[str] = None) -> bool:
    """Whether the mention at ``norm[start:]`` is what runoff or snowmelt is said to hold, in
    its clause: "the runoff full of fertilizer", "snowmelt with road salt". The thing discharged
    is that stormwater, which the texts do not decide, not the pollutant on its own."""
    words = load_qualifier_words(folder)
    clause = rain_joined(norm[:start], folder)  # "the roof water full of leaves": rain by its name
    for mark in _CLAUSE_BREAKS:
        clause = clause.rsplit(mark, 1)[-1]
    tokens = clause.split()[-(REACH + 3):]
    for i in range(len(tokens)):
        size = _with_at(tokens, i, words)
        if size and len(tokens) - i - size <= 2 and any(w in words.stormwater for w in tokens[max(0, i - REACH) : i]):
            return True
    return False


def sanitary_overflow(norm: str, folder: Optional[str] = None) -> bool:
    """Whether a sanitary sewer (not a storm sewer) in ``norm`` is said to overflow or back up."""
    words = load_qualifier_words(folder)
    tokens = norm.split()
    for i, token in enumerate(tokens):
        if token in words.sewers and (i == 0 or tokens[i - 1] not in words.not_sanitary):
            after = " ".join(tokens[i + 1 : i + 1 + 2 * REACH])
            if any(f" {verb} " in f" {after} " for verb in words.overflowing):
                return True
    return False


def another_waters_pool_words(norm: str, key: Optional[str], water: Optional[str], starts: tuple, folder: Optional[str] = None) -> bool:
    """Whether the catalogue named a pool's water by words that do not say "pool" ("chlorinated
    water") in a message that says no pool but another water (a well shocked, a main flushed):
    the words are that water's, and the pool's rule is not the answer."""
    words = load_qualifier_words(folder)
    if key != "chlorinated_pool_water" or water in (None, "pool", "spa") or any(t in words.pool_words for t in norm.split()):
        return False
    return bool(starts) and all(any(norm[s:].startswith(p) for p in words.unsaid_pool) for s in starts)


def drained_through_outlet(norm: str, start: int, folder: Optional[str] = None) -> bool:
    """Whether the mention at ``norm[start:]`` is a potable outlet the water leaves by ("drained
    the tank through a fire hydrant"): "through" before it, a potable outlet's word in it."""
    words = load_qualifier_words(folder)
    before = [w for w in norm[:start].split()[-3:] if w not in ("a", "an", "the", "our", "my", "their")]
    mention = norm[start:].split()[:3]
    return bool(before) and before[-1] == "through" and any(w in words.outlets for w in mention)


# Listed materials rain may be said to hold ("black ash water" in a fire pit filled by rain)
_HELD_BY_RAIN = frozenset({"incinerator_residue", "listed_waste", "sediment", "yard_waste", "trash"})  # (not "biological": its words include places, "the barn"'s roof)


def requalified(facets, norm: str, raw: str, key: Optional[str], starts: tuple, folder: Optional[str] = None):
    """``facets`` (a :class:`~stormwater.understanding.discharge_reader.Facets`) with what the
    qualifiers above say the water is; the catalogue's word for discharge ``key`` (at ``starts``)
    then names no case of its own (role ``part``), and the category's rule answers."""
    from dataclasses import replace

    if USED not in facets.contents and used_water(raw, folder):
        facets = replace(facets, contents=(*facets.contents, USED))
    # "power wash the siding with just water": every category of what is in it not said is denied
    facets = replace(facets, denied=tuple(dict.fromkeys((*facets.denied, *plain_water_denies(norm, facets.contents, folder)))))
    # "put out the car fire": the fire fought may be the very words that name the discharge
    facets = replace(facets, water=fire_fought(norm, facets.water, folder))
    # a training's water ("fire department water from a drill"): no firm badge; the pools a drill
    # fills from tankers are its portable tanks (a hydrant it tests is the hydrant's flushing:
    # water_line_flushing keeps its answer, but hydrant water sprayed in a wet down is the practice's)
    service = "fire_service" if key == "firefighting_water" and facets.water is None else facets.water
    drilled = key == "water_line_flushing" and practised(norm, facets.water, folder, testing=False)
    if (key in (None, "firefighting_water", "pool_water") or drilled) and practised(norm, service, folder):
        return replace(facets, water=FIRE_PRACTICE, role="part")
    if key != "firefighting_water" and fire_doused(norm, facets.water, folder):  # the water that put it out, not what burned
        return replace(facets, water="firefighting", role=None if key is None else "part")
    if key == "water_line_flushing" and starts and all(frozen_potable(norm, s) for s in starts):
        return replace(facets, water=STORMWATER_WITH, role="part")  # "just frozen tap water": ice, open
    if (key == "pool_water" or facets.water == "pool") and makeshift_pool(norm, folder):
        return replace(facets, water=MAKESHIFT_POOL, role="part")
    rain = key == "rainwater" or facets.water == "rain"
    # snowmelt "with all the salt and sand", snow "sticky" with syrup: held in the stormwater, not dumped
    held = stormwater_with(raw, folder) and (rain or key in (None, "sediment"))
    held = held or (bool(starts) and all(held_by_stormwater(norm, s, folder) for s in starts))
    fought = facets.water == "firefighting"  # its "runoff" is no rain's, its "gray water" no laundry's
    # salt in rain or snowmelt (de-icer, dust control, road salt): neither text names salt, and
    # whether it is still stormwater or "any other water source not containing pollutants" is open;
    # rain someone put to use ("rain barrel water used to rinse the offcuts") carries what it touched
    # (a named pollutant it took up, "paint brushes cleaned in rain water", is the paint's rule)
    used_rain = rain and key in (None, "rainwater") and rain_put_to_use(rain_joined(raw, folder), folder)
    # rain said to look of something picked up ("brown and gritty from the ball field"); the rain's
    # own look ("the rain water is clear") is no such thing (water_looks.water_look)
    looked = rain and key in (None, "rainwater") and facets.looks == DISCOLOURED
    if (key == "sewage" or key == "washing_machine" and fought) and starts and all(colour_of_water(norm, s, folder, fought) for s in starts):
        return replace(facets, role="part", water=None if facets.water == "sewage" else facets.water)
    if rain and key in (None, "rainwater") and surface_hosed_off(raw, folder):
        # "hose the roof off" a roof said covered with something: tap water that washed it, the
        # gutters and downspout only the way it goes
        return replace(facets, water="potable", role="part")
    # rain running over a thing said to be covered with a material ("off his oil-stained driveway"):
    # what it picked up is in it, and whether it is still stormwater the texts leave open
    stained = rain and key in (None, "rainwater") and has_covered_compound(raw)
    # rain that filled something holding a listed material ("the fire pit filled up with rain and
    # now its black ash water"): the rain holds it; muddy water pumped out of a flooded box after
    # rain: rain or groundwater that picked up mud. Whether either is still exempt is open.
    stained = stained or (key == "rainwater" and facets.role is None and facets.water in _HELD_BY_RAIN)
    stained = stained or (key == "sediment" and facets.water in ("rain", "groundwater") and facets.looks == DISCOLOURED)
    if (held and not fought) or used_rain or looked or stained or (rain and any(c in facets.contents for c in ("fouled", "salt", "food"))):
        return replace(facets, water=STORMWATER_WITH, role="part")
    if (key is None or facets.role is not None) and facets.water != "sewage" and sanitary_overflow(norm, folder):
        return replace(facets, water="sewage")
    if facets.role == "destination" and any(drained_through_outlet(norm, s, folder) for s in starts):
        return replace(facets, role=None)
    return facets
