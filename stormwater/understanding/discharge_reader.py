"""The thing discharged, read into the ordinance's own categories.

A resident's message names the thing discharged together with its source, container, tool and
place: "hosing down the street in front of my restaurant" is street wash water, from a
business; "pumping out my basement with a rented pump" is basement water, from a pump that is
no sump pump; "my lawn sprinkler water, with fertilizer in it" is lawn watering with a
contaminant. The catalogue (``data/discharges.yml``, the law's own list) names the thing; the
facets (``data/facets.yml``) read the rest, each with its own words:

- ``contents``: what is in it, a negation scoped to its own clause ("no soap, just water");
- ``route``: a pipe or connection, or overland / a hose;
- ``who``: a household or a business; ``whose``: the resident's own or someone else's;
- ``place``: indoors, at an entrance, or outdoors; ``pump``: a sump pump or another; ``permits``: a SPDES permit or the SMO's written approval said to be held (not asked about).

The village's rule table (``facet_rules`` in its file, :mod:`stormwater.law.facet_rules`) decides
which of its rules applies; the report form reads a material with :func:`read_discharge` too.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Dict, Iterable, List, Optional, Tuple

from stormwater.understanding.catalogue import Mention, find_mentions, load_decoys, narrowed_material, normalize
from stormwater.understanding.meaning import read_question
from stormwater.understanding.meaning_vocabulary import IN_PLACE_OF, OTHERS, ceased_before, denied_in
from stormwater.understanding.exemption_water import RAIN, bare_activity, load_exemption_words, own_ingredient, rain_is_carrier, rain_only_as_time
from stormwater.understanding.water_qualifiers import another_waters_pool_words, load_qualifier_words, requalified
from stormwater.understanding.held_solids import melt_holding
from stormwater.understanding.word_roles import CARRIER, INGREDIENT, PART, RINSED, WETTED, compared_before, load_role_words, washes_a_vehicle
from stormwater.understanding.activity_roles import fire_fought, melted, role_in_sentence, service_fought_fire
from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.water_looks import water_look  # what the water looks like: a facet of its own
from stormwater.understanding.kind_modifiers import narrowed_away, narrowed_to
from stormwater.understanding.brands import glossed
from stormwater.understanding.permit_claims import claimed_permits
from stormwater.understanding.water_gone import gone_from_water  # "the strip reads zero": denied, not held
from stormwater.understanding.who_washes import asked_between, compared_away, informants_away, owns_one_vehicle, public_body_acts, runs_a_business, starts_a_business, trade_vehicles
from stormwater.understanding.watered_objects import plant_named, plants_watered, solid_role, waters_no_plant
from stormwater.understanding.trade_wastes import LISTED_WASTE, WORKPLACE_SUMP, spent_product, workplace_sump
from stormwater.understanding.water_use import covered_compounds_split
from stormwater.understanding.typed_phrases import typed as _typed
from stormwater.understanding.solid_pieces import piece_spans
from stormwater.understanding.water_springs import spring_spans
from stormwater.understanding.thrown_things import thrown_thing
from stormwater.understanding.material_kinds import held_in_tap_water, held_spans, kind_spans
from stormwater.understanding.described_material import described
from stormwater.understanding.street_washing import street_washed
from stormwater.understanding.flushed_water import stale_dropped
from stormwater.understanding.long_standing import existing_stream
from stormwater.understanding.trade_names import contents_masked
from stormwater.understanding.word_endings import ending_words

NEGATION_REACH = 4  # a negation counts for a word at most this many words before it, in the same clause
_CLAUSE_BREAK = re.compile(r"[,;.!?]|\b(?:but|just|only|and then|though|although|except)\b")  # a negation does not reach past it
FIREFIGHTING, FACETS = "firefighting", ("water", "contents", "denied", "route", "who", "whose", "place", "pump", "permits", "role", "looks")


@dataclass(frozen=True)
class Facets:
    """What a message says about the thing discharged, facet by facet (``None``: not said)."""

    water: Optional[str] = None  # what the water or material is, by category: "pool", "condensate", ...
    contents: Tuple[str, ...] = ()  # categories present: "petroleum", "soap", ...
    denied: Tuple[str, ...] = ()  # categories the resident denies ("no soap")
    route: Optional[str] = None  # "infiltration", "pipe" or "overland"
    who: Optional[str] = None  # "public", "business" or "household"
    whose: Optional[str] = None  # "others" when someone else discharges it
    place: Optional[str] = None  # "indoor", "entrance" or "outdoor"
    pump: Optional[str] = None  # "sump", "workplace_sump" (a shop's, no basement's), "other" or "pumped"
    permits: Tuple[str, ...] = ()  # "spdes", "smo_approval"
    role: Optional[str] = None  # the catalogue's words name another thing than the one discharged (word_roles.ROLES)
    looks: Optional[str] = None  # "clear" or "discoloured", as said of the water (water_looks.water_look)

    def value(self, facet: str):
        """The value of ``facet`` by name (for the villages' rule tables)."""
        return getattr(self, facet)


@dataclass(frozen=True)
class DischargeReading:
    """The thing discharged: the resident's words for it, the catalogue's key (``None``: unnamed), the facets."""

    text: str
    material: Optional[str]
    key: Optional[str]
    facets: Facets


@lru_cache(maxsize=4)
def load_facet_words(folder: Optional[str] = None) -> Dict[str, Dict[str, Tuple[str, ...]]]:
    """``data/facets.yml``: facet -> value -> its words (normalised)."""
    raw = facets_file(folder)
    return {
        facet: {str(value): tuple(normalize(str(w)) for w in words) for value, words in (raw.get(facet) or {}).items()}
        for facet in (*FACETS, "contents_when_denied")
    }


@lru_cache(maxsize=None)  # compiled once per phrase: the facet words outnumber re's own cache of 512 patterns
def _phrase_pattern(phrase: str) -> "re.Pattern[str]":
    return re.compile(rf"(?<= ){re.escape(phrase)}(?= )")


def _spans(norm: str, phrase: str) -> List[Tuple[int, int]]:
    return [(m.start() - 1, m.end() - 1) for m in _phrase_pattern(phrase).finditer(f" {norm} ")]


def _negated(norm: str, start: int) -> bool:
    """Whether a negation stands before ``start`` in the same clause, within reach."""
    clause = _CLAUSE_BREAK.split(norm[:start])[-1].split()
    return denied_in(clause, NEGATION_REACH) or any(p in " ".join(clause[-NEGATION_REACH:]) for p in IN_PLACE_OF)


def _found(norm: str, words: Iterable[str]) -> Tuple[bool, bool]:
    """(said, denied): a word of ``words`` stands in ``norm`` not negated / only negated."""
    said = denied = False
    for word in words:
        for start, _ in _spans(norm, word):
            if ceased_before(norm[:start]):
                continue  # "stopped adding chlorine": neither there now nor denied
            if _negated(norm, start):
                denied = True
            else:
                said = True
    return said, denied


def raw_words(text: str) -> str:
    """Lower-case words with punctuation kept as words (it ends a clause, and a negation's reach)."""
    raw = re.sub(r"([,;.!?])", r" \1 ", (text or "").lower().replace("\u2019", "'"))
    return " ".join(re.sub(r"[^a-z0-9',;.!?-]+", " ", raw).split())


def read_facets(text: str, folder: Optional[str] = None, skip: Tuple[Tuple[int, int], ...] = ()) -> Facets:
    """The facets of ``text``.

    :param skip: spans of normalised text that name the thing discharged itself: their words
        are not read as a facet ("basement" in "basement sump pump" is part of the thing)
    """
    words, text = load_facet_words(folder), glossed(text, folder)  # "dawn" is dish soap
    norm = normalize(text).replace("/", " ")
    raw = raw_words(text)
    masked = contents_masked(raw, words["contents"], folder)  # "flush it down the toilet", "the ice cream truck"
    for start, end in skip:
        # the catalogue's spans index normalize(text); mask the same words in the raw text
        phrase = norm[start:end]
        masked = re.sub(rf"(?<![a-z]){re.escape(phrase)}(?![a-z])", " " * len(phrase), masked, count=1)

    def one(facet: str, order: Tuple[str, ...]) -> Optional[str]:
        for value in order:
            if _found(masked, words[facet].get(value, ()))[0]:
                return value
        return None

    contents, denied = [], []
    covered = covered_compounds_split(masked)  # "his oil-stained driveway": oil on it
    for category, category_words in words["contents"].items():
        said, negated = _found(covered, (*category_words, *ending_words(covered, category, folder)))  # "fungicide", "160 degree"
        undone_said, undone_denied = _found(covered, words["contents_when_denied"].get(category, ()))
        said, negated = said or undone_denied, negated or undone_said
        (contents if said else denied if negated else []).append(category)
    gone = gone_from_water(raw, {c: w for c, w in words["contents"].items() if c not in denied}, folder, tested_only=True)  # "strip reads zero"
    contents, denied = [c for c in contents if c not in gone], [*denied, *gone]
    permits = claimed_permits(masked, words["permits"], _found, facets_file(folder).get("permit_grantors"))  # held, not asked
    others = any(_spans(norm, phrase) for phrase in OTHERS)
    # a vehicle washed is "car washing" ("hosing off my truck"); decoys ("my pool guy") name no category
    undecoyed = f" {normalize(' '.join(compared_away(masked.split(), folder)))} "  # (a case compared with lends no water)
    for decoy in load_decoys(folder):
        undecoyed = undecoyed.replace(f" {decoy} ", " " + "-" * len(decoy) + " ")
    fought = service_fought_fire(normalize(masked), folder)  # "the truck caught fire and the fire department hosed it"
    water = FIREFIGHTING if fought else "vehicle_wash" if washes_a_vehicle(normalize(" ".join(compared_away(masked.split(), folder)))) else _water(undecoyed.strip(), words["water"], folder, norm)
    if water in (None, "potable") or water in load_role_words(folder).solids:
        # an activity's water ("during routine flushing, I..."), snowmelt ("let it melt"), plants watered, with tap water too
        watered = plants_watered(raw, folder) if water in (None, "potable") else None  # "i water the new grass with a hose"
        water = melt_holding(water, (water != "potable" and (bare_activity(raw, folder) or melted(raw, folder))) or watered or water or street_washed(raw, folder), folder)
    who = _who(masked, words["who"], folder) or ("business" if starts_a_business(raw, folder) else None)  # "opening a hand car wash"
    if water is None and spent_product(raw, who == "business", folder):
        water = LISTED_WASTE  # a used-up product or process liquid: its process's waste (trade_wastes.py)
    # a pump is read from the thing's own words too, typos included: "sum pump" says which pump it is
    pump = next((v for v in ("sump", "other", "pumped") if _found(raw, words["pump"].get(v, ()))[0] or _typed(raw, words["pump"].get(v, ()))), None)
    if pump == "sump" and workplace_sump(raw, folder):
        pump = WORKPLACE_SUMP  # a shop's sump is no "crawl space or basement sump pump"
    return Facets(
        water=water,
        contents=tuple(contents) + held_in_tap_water(norm, water, words["water"], folder),  # "tap water frozen with cranberries"
        denied=tuple(denied),
        route=one("route", ("infiltration", "rising", "pipe", "overland")),
        who=who,
        whose="others" if others else None,
        place=one("place", ("entrance", "indoor", "outdoor")),
        pump=pump,
        permits=permits, looks=water_look(text, folder),
    )


def _who(raw: str, who_words: Dict[str, Tuple[str, ...]], folder: Optional[str]) -> Optional[str]:
    """Who discharges it. A business word only saying whose one vehicle it is ("the company truck")
    makes no business of one washing it at home ("our company trucks" is a fleet: a business)."""
    tokens = raw.split()
    owners = {w for w in who_words.get("business", ()) if " " not in w}
    kept = [t for i, t in enumerate(tokens) if not (t in owners and owns_one_vehicle(" ".join(tokens[:i]), tokens[i + 1 : i + 3], folder))]
    kept = informants_away(asked_between(kept, who_words), who_words, folder)  # "or a business now?"; "dpw left a flyer"
    text = " ".join(compared_away(kept, folder))  # "the same as washing your car at home": the question, not who
    if public_body_acts(tokens, folder):
        return "public"
    if runs_a_business(tokens, folder) or trade_vehicles(tokens, folder):  # "our delivery vans", "the used car lot"
        return "business"
    return next((v for v in ("public", "business", "household") if _found(text, who_words.get(v, ()))[0]), None)


def _things(norm: str, spans, solids, folder: Optional[str]) -> List[Tuple[int, int, str]]:
    """(start, -length, category) of each span standing as the thing discharged."""
    found = []
    for category, word, start, end in spans:
        role = role_in_sentence(norm, start, end, frozenset(), folder)
        # "goose poop": no pet's, but another animal's droppings (`roles.narrowed_to`)
        kind = narrowed_to(category, folder) if narrowed_away(norm, start, end, category, (), folder) else category
        if not _negated(norm, start) and kind and (role is None or role == CARRIER and kind in solids):
            if not (kind in solids and solid_role(norm, start, end, folder)):  # what a rinse takes off a surface: that water is the thing
                found.append((start, -len(word), kind))
    return found


def _material_kind(norm: str, folder: Optional[str], held: bool = False) -> Optional[Tuple[str, str]]:
    """(category, words) of the first material kind's noun (material_kinds.py) standing as the thing; ``held``: what a pool held."""
    spans = [(kind, norm[start:end], start, end) for start, end, kind in (held_spans if held else kind_spans)(norm, folder)]
    found = _things(norm, spans, load_role_words(folder).solids, folder)
    if not found:
        return None
    start, negative_length, kind = min(found)  # the first, the longest there
    return kind, norm[start : start - negative_length]


def _water(norm: str, categories: Dict[str, Tuple[str, ...]], folder: Optional[str], whole: str = "") -> Optional[str]:
    """What the water or material is: the category of the first of its words that stands as the
    thing discharged (not a place, a modifier, an ingredient nor a carrier: "the pool cover").
    ``whole``: the message's words unmasked, where what a watering word waters is read."""
    solids = load_role_words(folder).solids
    spans = [(category, word, *span) for category, words in categories.items() for word in words for span in _spans(norm, word)]
    spans += [(k, norm[s:e], s, e) for s, e, k in (*piece_spans(norm, folder), *spring_spans(norm, folder))]  # "plastic scraps", "a spring pops out"
    found = _things(norm, spans, solids, folder)
    if any(category == FIREFIGHTING for _, _, category in found):  # whatever burned or fought it, the water that put it out
        found = [f for f in found if f[2] not in solids and f[2] != "fire_service"]
    water = fire_fought(norm, min(found)[2], folder) if found else None  # "put out the car fire": firefighting's
    # "a sprinkler on the dirt pile" waters no plant: no lawn watering nor irrigation (watered_objects.py)
    return None if water and waters_no_plant(whole or norm, categories.get(water, ()), water, folder) else existing_stream(water, whole or norm, folder)


def read_discharge(text: str, entity_values: Iterable[str] = (), folder: Optional[str] = None) -> DischargeReading:
    """Read "the thing discharged": the resident's words for it, the catalogue key (``None``: none) and the
    facets; ``entity_values``: discharge entities NLU extracted, as in :func:`meaning.read_question`."""
    return _read_discharge(text, tuple(entity_values), folder)


@lru_cache(maxsize=512)  # one message is read by several rules of one answer; a reading is immutable
def _read_discharge(text: str, entity_values: Tuple[str, ...], folder: Optional[str]) -> DischargeReading:
    text = glossed(text, folder)  # a brand is read as its kind: "simple green" is a degreaser
    reading = read_question(text, entity_values, folder)
    mentions = find_mentions(text, folder)
    norm = normalize(text)
    chosen = next((m for m in mentions if m.key == reading.key), None) or (mentions[0] if mentions else None)
    material = norm[chosen.start : chosen.end] if chosen else (described(norm) or narrowed_material(text, folder))
    skip = tuple(  # only the words of the discharge read are the thing; a denied one ("no soap") is a facet
        (m.start, m.end) for m in mentions if reading.key is not None and m.key == reading.key and not _negated(norm, m.start))
    facets = with_role(norm, reading.key, mentions, read_facets(text, folder, skip), folder)
    starts = tuple(m.start for m in mentions if m.key == reading.key)
    facets = requalified(facets, norm, raw_words(text), reading.key, starts, folder)
    facets = replace(facets, contents=stale_dropped(facets, norm, load_facet_words(folder)["contents"].get("fouled", ()), folder))  # "flush every tap"
    pooled = reading.key is not None and facets.role is None and bool(set((material or "").split()) & load_qualifier_words(folder).pool_words)
    if reading.key is None:  # no word of the catalogue: a thing got rid of into the MS4 is solid waste
        facets = replace(facets, water=thrown_thing(facets.water, raw_words(text), facets.contents, folder))
    kind = _material_kind(norm, folder, pooled) if (reading.key is None or pooled) and facets.water is None else None
    if kind:  # nothing else named the thing (or a pool held it): a biological material by WordNet's categories ("fish scales")
        facets, material = replace(facets, water=kind[0]), material or kind[1]
    if material is None and facets.water is not None and facets.role is None:
        material = facets.water.replace("_", " ")  # a category read without a word of the list ("washing the van")
    return DischargeReading(text=text, material=material, key=reading.key, facets=facets)


def with_role(norm: str, key: Optional[str], mentions: List[Mention], facets: Facets, folder: Optional[str] = None) -> Facets:
    """``facets`` with the role of the words that name discharge ``key``: a place, a modifier,
    an ingredient (of the activity, or of the exempt water itself: chlorine in water-main
    flushing), or a carrier (rain that carries what was put on the roof)."""
    named = [m for m in mentions if m.key == key]
    role = key_role(norm, named, folder)
    if not named and _another_activity(key, facets.water, folder):
        return replace(facets, role=PART)  # "pressure wash the pans": a washing, of no vehicle
    words = load_facet_words(folder)
    if role is None and named and facets.water == FIREFIGHTING and key in load_role_words(folder).solids and service_fought_fire(norm, folder):
        return replace(facets, role=INGREDIENT)  # "battery junk" after a fire service fought a fire: what burned, or its water swept along
    if role is None and named:
        solids = frozenset(p for c in load_role_words(folder).solids for p in words["water"].get(c, ()))
        waters = (facets.water, *{m.key for m in mentions if m.key != key and not compared_before(norm[:m.start].split(), load_role_words(folder))})  # not "thats like washing the car"
        owners = {own_ingredient(norm, m.start, m.end, waters, words["contents"], solids, folder) for m in named}
        if None not in owners and len(owners) == 1:
            # the exempt water is the thing discharged: "sand" scoured out by a flushing is the flushing's
            return replace(facets, role=INGREDIENT, water=owners.pop())
        wetted = {solid_role(norm, m.start, m.end, folder) if norm[m.start : m.end] in solids or plant_named(norm[m.start : m.end], folder) else None for m in named}
        if None not in wetted:  # a solid rinsed or wetted, a plant watered where it stands: that water is the thing
            return replace(facets, role=RINSED if RINSED in wetted else WETTED)
    rain_words = frozenset(words["water"].get(RAIN, ()))
    said_rain = (key is None and facets.water == RAIN) or bool(named and all(norm[m.start : m.end] in rain_words for m in named))
    if role is None and said_rain and (rain_is_carrier(norm, facets.contents, folder) or rain_only_as_time(norm, rain_words, folder)):
        # the rain is not the thing discharged: what it carries is, and it is not rain
        return replace(facets, role=CARRIER, water=None)
    if role is None and another_waters_pool_words(norm, key, facets.water, tuple(m.start for m in named), folder):
        return replace(facets, role=PART)  # "the chlorinated water" of a well shocked is the well's
    return replace(facets, role=role) if role is not None else facets


def _another_activity(key: Optional[str], water: Optional[str], folder: Optional[str] = None) -> bool:
    """Whether discharge ``key``, read by meaning alone (no word of its own), is an exemption's water while the
    facets read another category: the exemption's activity is not the one done ("pressure wash the evaporator pans")."""
    category = load_exemption_words(folder).named_by.get(key or "")
    return category is not None and water is not None and water != category


def key_role(norm: str, named: List[Mention], folder: Optional[str] = None) -> Optional[str]:
    """The role of the words that name the discharge: ``None`` when one of them reads as the
    thing discharged, else the role of the first (:func:`stormwater.understanding.activity_roles.role_in_sentence`)."""
    if not named:
        return None
    categories = load_facet_words(folder)["contents"]
    contents = frozenset(w for phrases in categories.values() for p in phrases for w in p.split())
    own = load_exemption_words(folder).own_contents.get("vehicle_wash", ())
    washing_own = frozenset(w for c in own for p in categories.get(c, ()) for w in p.split())
    roles = [role_in_sentence(norm, m.start, m.end, contents, folder, washing_own) for m in named]
    return None if any(r is None for r in roles) else roles[0]
