"""The role a word plays in the sentence: the thing discharged, or something around it.

A word the law's list knows is not always the thing discharged. In "the outdoor shower by the
pool" the pool is a place; in "the pool cover" and "pool chemicals" it only says which cover
or which chemicals; in "I stop adding chlorine" chlorine is an ingredient of the pool water;
in "rain washes soil into the street" the rain carries the soil, which is the thing
discharged; in "into the rainwater downpipe" the downpipe is where it goes. Read wrongly, each
of these gives another discharge's badge (issue 27).

The pipeline has no dependency parser (its spaCy pipeline is a tokenizer and an entity ruler),
so the roles are read from the closed classes of words around the mention: prepositions,
determiners, verbs of carrying and of using, and the nouns a discharge word can modify
(``roles`` in ``data/facets.yml``). Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import FrozenSet, List, Optional, Sequence, Tuple

from stormwater.understanding.water_holds import held_by_water
from stormwater.understanding.deed_roles import asked_to_act, modifies_a_noun
from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.role_shapes import COMPARED_REACH, compared_away, being_built as _being_built, hedged_thing, kept_in, object_head, pooling_verb, vehicle_as_place as _vehicle_as_place

DESTINATION = "destination"  # where it goes: "into the rainwater downpipe"
PLACE = "place"  # where it stands: "the shower by the pool"
PART = "part"  # a modifier of another noun: "pool cover", "pool chemicals"
INGREDIENT = "ingredient"  # used in an activity: "I use biodegradable soap", "stop adding chlorine"
CARRIER = "carrier"  # carries the thing: "rain washes soil", "washed off by rain"
AGENT = "agent"  # the one who discharges: "can the carpet cleaner empty his tank"
SOURCE = "source"  # where the water was drawn to fill something else: "filled it from the restroom sink"
RINSED = "rinsed"  # a solid a rinse takes off a surface: "hose the dirt and leaves off my driveway"
WETTED = "wetted"  # a solid wetted where it lies: "we soak the infield dirt with the hose" (watered_objects)
ROLES = (DESTINATION, PLACE, PART, INGREDIENT, CARRIER, AGENT, SOURCE, RINSED, WETTED)

# How many words a role word may stand before a mention (determiners and describing words between).
REACH = 3
AMBIGUOUS_DESTINATION = frozenset({"to", "down"})
_PRONOUNS = frozenset({"it", "them"})
_DISMANTLED = frozenset("take takes taking took taken tear tears tearing tore torn shut shuts shutting".split())  # "taking down our pool", "shutting down the inground": no destination
_COPULAS = frozenset("is are was were keeps kept has have been will just then".split())


@dataclass(frozen=True)
class RoleWords:
    """The closed classes of words that give a mention its role (``roles`` in data/facets.yml)."""

    determiners: FrozenSet[str]
    destination: FrozenSet[str]
    place: Tuple[str, ...]
    using: FrozenSet[str]
    carrying: FrozenSet[str]
    passive_agent: FrozenSet[str]
    heads: FrozenSet[str]
    pool_equipment: FrozenSet[str]
    material_heads: FrozenSet[str]
    activities: FrozenSet[str]
    exempt_objects: FrozenSet[str]
    measures: FrozenSet[str]
    conduits: FrozenSet[str]
    solids: FrozenSet[str]
    containers: FrozenSet[str]
    possessives: FrozenSet[str]
    filling: FrozenSet[str]
    treating: FrozenSet[str]
    plain_water: Tuple[str, ...]
    soap_denied: Tuple[str, ...] = ()
    products: FrozenSet[str] = frozenset()
    building: FrozenSet[str] = frozenset()
    comparing: Tuple[str, ...] = ()
    vehicle_compounds: FrozenSet[str] = frozenset()
    vessel_nouns: FrozenSet[str] = frozenset()  # with containers: the nouns a kind word names ("trash bin")


@lru_cache(maxsize=4)
def load_role_words(folder: Optional[str] = None) -> RoleWords:
    """``roles`` in ``data/facets.yml``."""
    raw = facets_file(folder).get("roles") or {}

    def words(name: str) -> FrozenSet[str]:
        return frozenset(str(w).lower() for w in raw.get(name) or ())

    return RoleWords(
        determiners=words("determiners"),
        destination=words("destination"),
        # longest first: "on top of" before "on"
        place=tuple(sorted((str(w).lower() for w in raw.get("place") or ()), key=len, reverse=True)),
        using=words("using"),
        carrying=words("carrying"),
        passive_agent=words("passive_agent"),
        heads=words("object_heads"),
        pool_equipment=words("pool_equipment"),
        material_heads=words("material_heads"),
        activities=words("activities"),
        exempt_objects=words("exempt_activity_objects"),
        vehicle_compounds=words("vehicle_compound_heads"),
        measures=words("measures"),
        conduits=words("conduits"),
        solids=words("solids"),
        containers=words("containers"), vessel_nouns=words("containers") | words("vessel_nouns"),
        possessives=words("agent_possessives"),
        filling=words("filling"),
        treating=words("treating"),
        plain_water=tuple(words("plain_water")), soap_denied=tuple(words("soap_denied")),
        products=_product_words(folder),
        building=words("building"),
        comparing=tuple(words("comparing")),
    )


def _product_words(folder: Optional[str] = None) -> FrozenSet[str]:
    """One-word names of `contents` that are products bought for a use (``product_contents``): "car wash soap"."""
    raw = facets_file(folder)
    wanted = (raw.get("roles") or {}).get("product_contents") or ()
    return frozenset(str(w).lower() for c in wanted for w in (raw.get("contents") or {}).get(c) or () if " " not in str(w))


def words_before(words: List[str], at: int, role_words: RoleWords) -> Tuple[List[str], bool]:
    """The words before word ``at`` (at most :data:`REACH`), closest last, determiners skipped; whether one stood there."""
    window = words[max(0, at - REACH) : at]
    determined = False
    while window and window[-1] in role_words.determiners:
        window.pop()
        determined = True
    return window, determined


def role_of(norm: str, start: int, end: int, contents: FrozenSet[str] = frozenset(), folder: Optional[str] = None,
            washing_own: Optional[FrozenSet[str]] = None) -> Optional[str]:
    """The role of the mention at ``norm[start:end]`` (normalised text), or ``None`` when it
    reads as the thing discharged.

    :param contents: words that say what is in the water (``contents`` in data/facets.yml): a
        mention made of them is an ingredient when the message names an activity whose water
        carries it ("soap goes down the drain" while "washing my own car")
    :param washing_own: of those, the words a washed car's water carries as its own (``None``: all)
    """
    role_words = load_role_words(folder)
    before_words = norm[:start].split()
    after_words = norm[end:].split()
    window, determined = words_before(before_words, len(before_words), role_words)
    last = window[-1] if window else ""
    if last in role_words.destination and (determined or last not in AMBIGUOUS_DESTINATION) and not (last == "down" and set(window[-2:-1]) & _DISMANTLED):
        return DESTINATION
    tail, modifies_object = " ".join(window), bool(after_words) and after_words[0] in role_words.heads  # "on the pool cover"
    if determined and not modifies_object and any(tail.endswith(p) and (len(tail) == len(p) or tail[-len(p) - 1] == " ") for p in role_words.place):
        return PLACE
    if compared_before(before_words, role_words, norm[start:end].split()) or _sameness_after(after_words):
        return PART  # "does it count as dye testing?": the kind asked about, not the thing
    if _being_built(before_words, role_words) or pooling_verb(before_words, norm[start:end].split(), after_words):
        return PLACE  # "digging for our new pool": a site, no water of its own yet; "the water pools on the tent"
    if last in role_words.passive_agent and (len(window) >= 2 and window[-2] in role_words.carrying
                                             or bool(before_words) and _carried_before(before_words, role_words)):
        return CARRIER  # "washed off by rain": "by" after a verb of carrying
    if _used(before_words, window, role_words) or _treated_with(before_words, window, role_words) or held_by_water(before_words, norm[start:end].split(), role_words.products, role_words.filling):
        return INGREDIENT  # (held_by_water: "it sits full of 50 mg/l chlorine", "filled from the tap with bleach")
    if _filled_from(before_words, role_words):
        return SOURCE
    # of what is in the water, only what a car's wash water carries as its own (soap, road dirt:
    # ``washing_own``) is the washing's ingredient; oil hosed off with it is the thing discharged
    if _ingredient_of_activity(norm, start, end, contents if washing_own is None else contents & washing_own, role_words):
        return INGREDIENT
    following = after_words[:3]
    said_in_it = bool(contents) and all(w in contents for w in norm[start:end].split())
    measured = [w for w in following if w not in _COPULAS][:1]
    if said_in_it and measured and measured[0] in role_words.measures:
        return INGREDIENT  # "chlorine is 0 now": what is in the water, measured
    if following and (object_head(norm[start:end].split(), following, role_words) or modifies_a_noun(before_words, following, role_words)
                      or kept_in(before_words, after_words[:8], role_words)) and not said_in_it:
        return PART
    if _modifies_contents(norm[start:end].split(), following, role_words) and not said_in_it:
        return PART  # "car wash soap and water": the soap is the thing, the washing only says which soap
    if len(following) >= 2 and following[0] in role_words.heads | role_words.containers and following[1] in role_words.heads:
        return PART  # "sand filter backwash": the last noun of the chain is the thing
    if _of_another(before_words, norm[start:end].split(), role_words):
        return PART
    if _tool_used(window, norm[start:end].split(), role_words, bool(before_words) and before_words[-1] in ("a", "an")):
        return PART  # "dyed water out of a fire hose": the hose is the tool, the water its own thing
    if following[:1] in (["who"], ["whose"]) or determined and _acts_on_its_own(following, role_words, before_words) or asked_to_act(before_words, following, role_words, folder):
        return AGENT  # "a window cleaner who uses pure water": a person; "could the den leaders pour the buckets out": the ones asked about
    # the mention is the subject of a verb of carrying: "rain washes soil", "the rain is washing it"
    verbs = [w for w in following if w not in _COPULAS]
    if verbs and verbs[0] in role_words.carrying and not said_in_it and not set(following[following.index(verbs[0]) + 1 :][:1]) & _NO_OBJECT:
        return CARRIER
    if verbs and verbs[0] in role_words.filling and verbs[0].startswith("re"):
        return SOURCE  # "let the rain refill it": the rain fills what is emptied, it is not what is emptied
    return None


# A verb of carrying said without its object carries nothing ("the rain blows into the garage"), nor does a pollutant
_NO_OBJECT = frozenset("into in onto down through across over toward towards to under".split())


def _used(before_words: List[str], window: List[str], role_words: RoleWords) -> bool:
    """Whether a verb of using stands in ``window`` (the words just before the mention) and is not
    denied ("nothing added, just the spring water": the water is the thing, nothing was used in it)."""
    start = max(0, len(before_words) - REACH)  # where the window begins in the words before (words_before)
    return any(w in role_words.using and before_words[max(0, start + k - 1) : start + k] not in (["nothing"], ["no"], ["not"], ["never"])
               for k, w in enumerate(window))


def _treated_with(before_words: List[str], window: List[str], role_words: RoleWords) -> bool:
    """Whether the mention is what something was treated with ("we're shocking our well with
    bleach", "I cleaned the deck with a degreaser"): "with" right before it, a verb of treating
    at most :data:`REACH` words before that. The water so treated is the thing discharged."""
    if not window or window[-1] != "with":
        return False
    at = len(before_words) - 1 - before_words[::-1].index("with")
    return any(w in role_words.treating for w in before_words[max(0, at - REACH - 1) : at])


def _filled_from(before_words: List[str], role_words: RoleWords) -> bool:
    """Whether the mention follows "from" (at most :data:`REACH` words before it) after a verb
    of filling: "we fill it from the restroom sink" drew the water there to fill something else,
    and that something is what is drained, not the sink's own water."""
    for i in range(len(before_words) - 1, max(-1, len(before_words) - 1 - REACH), -1):
        if before_words[i] == "from":
            return any(w in role_words.filling for w in before_words[max(0, i - REACH - 1) : i])
    return False


def _acts_on_its_own(following: List[str], role_words: RoleWords, before: List[str] = ()) -> bool:
    """Someone doing something to their own things: a verb, a possessive ("the carpet cleaner empty his tank"), not "fills his tub from his well"."""
    filled = following[:1] in (["from"], ["with"]) and bool(set(before[-3:]) & set(role_words.filling))
    if len(following) < 2 or following[0] in role_words.destination or following[0] in role_words.place or filled:
        return False
    return following[1] in role_words.possessives or (len(following) > 2 and following[2] in role_words.possessives
                                                      and following[1] not in role_words.destination)


def compared_before(before_words: List[str], role_words: RoleWords, mention: Sequence[str] = ()) -> bool:
    """Whether a word of comparing stands right before a mention ("count as", "thats like", or a
    bare "like" before a doing: "its just hose water like washing the car"): the mention names
    the case compared with, not the thing discharged; not "what looks like paint thinner", a hedge."""
    tail = " ".join(before_words[-3:])
    if before_words[-1:] == ["like"] and mention and mention[0].endswith("ing"):
        return True
    return not hedged_thing(before_words) and any(tail.endswith(f" {p}") or tail == p for p in role_words.comparing)


# "my neighbor washes his car there every weekend so its the same thing no?", "if i can wash my car
# there why not a rug": a case told, then said to be the same as the resident's: the case compared with
_SAMENESS = re.compile(r"^(?:\S+ ){0,12}?(?:so (?:its|it's|it is|thats|that's|that is|this is) (?:just )?(?:the same|no different|basically the same)"
                       r"|(?:so )?why not (?!i\b|we\b|you\b|just\b|do\b|me\b|us\b)[a-z]+)")  # "if i can wash my car there why not a rug"


def _sameness_after(after_words: List[str]) -> bool:
    """Whether the words after a mention conclude, in a few words, that the resident's case is the same."""
    return bool(_SAMENESS.search(" ".join(after_words[:20])))


def _carried_before(before_words: List[str], role_words: RoleWords) -> bool:
    """Whether a verb of carrying stands just before the passive agent ("washed off by")."""
    near = before_words[-4:-1]
    return any(w in role_words.carrying for w in near)


def _ingredient_of_activity(norm: str, start: int, end: int, contents: FrozenSet[str], role_words: RoleWords) -> bool:
    """Whether the mention only says what is in the water ("soap", "soapy water") and the
    message names an activity the texts exempt by name, whose water it is in ("washing my own car")."""
    words = norm[start:end].split()
    if not words or not contents or not all(w in contents or w in role_words.material_heads for w in words):
        return False
    if all(w in role_words.material_heads for w in words):
        return False
    # "same as washing my car": no car washed (normalised words have no clause ends: a few words go)
    return washes_a_vehicle(" ".join(compared_away((norm[:start] + " " + norm[end:]).split(), role_words.comparing, COMPARED_REACH)))



def washes_a_vehicle(norm: str, folder: Optional[str] = None) -> bool:
    """Whether ``norm`` names washing a vehicle ("washing my own car", "hosing off the truck"),
    the activity the texts exempt by name ("individual residential car washing")."""
    role_words = load_role_words(folder)
    words = norm.split()

    def vehicle(k: int) -> bool:
        # "the car seat cover", "the truck mats": a vehicle word before the thing it names is no vehicle washed
        return words[k] in role_words.exempt_objects and (k + 1 >= len(words) or words[k + 1] not in role_words.vehicle_compounds)

    return any(
        word in role_words.activities and any(
            vehicle(i + 1 + j)
            # "I take the company truck home. Can I wash it there?": "it" is the vehicle said before
            or (w in _PRONOUNS and j == 0 and any(
                vehicle(k) and not _vehicle_as_place(words, k, role_words) for k, v in enumerate(words[:i])
            ))
            for j, w in enumerate(words[i + 1 : i + 2 + REACH])
        )
        for i, word in enumerate(words)
    )


def _of_another(before_words: List[str], mention: List[str], role_words: RoleWords) -> bool:
    """Whether the mention names another thing's conduit ("my AC drip line") or the source of
    another material ("backwash water from the pool")."""
    # ("the new water line" names its own water: "water" is the line's)
    if mention and mention[-1] in role_words.conduits and mention[0] not in role_words.material_heads and len(before_words) >= 2:
        if before_words[-2] in role_words.determiners and before_words[-1] not in role_words.determiners:
            return True
    if len(before_words) >= 3 and before_words[-1] in role_words.determiners and before_words[-2] == "from":
        return before_words[-3] in role_words.material_heads and len(before_words) >= 4 and before_words[-4] in role_words.heads
    return False


def _modifies_contents(mention: List[str], following: List[str], role_words: RoleWords) -> bool:
    """Whether the mention, a bare noun compound, stands before a product's name
    ("car wash soap", "pool salt") that heads the phrase itself: the mention only says which soap
    or salt it is. A clause ("flushed the water main, sand ...": a determiner or a verb in the
    mention) is no modifier; a material head right after ("car wash soap water") makes the
    chain the activity's water again."""
    if not following or following[0] not in role_words.products or following[0] in role_words.material_heads:
        return False
    if any(w in role_words.determiners or w.endswith(("ed", "ing")) for w in mention):
        return False
    return not (len(following) > 1 and following[1] in role_words.material_heads)


# the words before a tool the water comes out of or is sprayed with
_THROUGH_A_TOOL = frozenset({"of", "from", "through", "with", "using"})


def _tool_used(window: List[str], mention: List[str], role_words: RoleWords, indefinite: bool) -> bool:
    """Whether the mention names a conduit the water is put through ("spray dyed water out of a
    fire hose"): its last word a conduit, a preposition of its use and "a" before it. The
    conduit's name ("fire") says what it is made for, not that a fire is fought; a device's own
    line ("from the AC drip line") carries that device's water."""
    return bool(window and mention) and mention[-1] in role_words.conduits and window[-1] in _THROUGH_A_TOOL and indefinite
