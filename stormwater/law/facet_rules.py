"""A village's rule table over the facets: which of its rules applies to the resident's case.

The catalogue names the thing discharged; the village file's ``facet_rules`` say when the
facets read from the message (:mod:`stormwater.understanding.discharge_reader`) make it another
case of that village's law, each rule quoting the text that decides it. "Hose down the street
in front of my restaurant" names street wash water, but the exemption is for "residential
street wash water"; a bare "trench drain" names no interior drain nor one "at the entrances to
buildings". The case is a rule or a ``not_named_notes`` entry of the same village file.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Optional, Tuple

import yaml

from stormwater.understanding.brands import glossed
from stormwater.understanding.catalogue import find_mentions, normalize
from stormwater.understanding.exemption_water import load_exemption_words, piped_into_ms4
from stormwater.understanding.meaning import qualified_case
from stormwater.understanding.held_solids import YARD_WASTE, YARD_WASTE_IN_WATER, yard_waste_in_water
from stormwater.understanding.water_qualifiers import USED, requalified
from stormwater.understanding.household_drains import HOUSEHOLD_DRAIN, down_household_drain
from stormwater.understanding.drain_connections import connected_drain, joined_to_ms4, through_a_pipe
from stormwater.understanding.connection_carries import UNEXEMPT_CONNECTION, carries_unexempt
from stormwater.understanding.discharge_reader import FACETS, DischargeReading, raw_words, read_discharge, read_facets, with_role

NONE = "none"  # in a rule's `when`: the message does not say
NOTHING = "nothing"  # in a rule's `about`: the law's list names no discharge in the message;
# as a `case`: the answer names no discharge (the general rule, "not named")
ANY_KEY = "any"  # in a rule's `about`: whatever discharge is named
ANY = "any"  # in a rule's `when` for a list facet (contents): something is said
EXEMPT = "exempt"  # in a rule's `about`: an item of the village's exemption list, allowed outright
UNEXEMPTED = "unexempted"  # in a rule's `about`: any discharge, named or not, the village does not exempt outright
ALLOWED = "allowed"
CONNECTION = "connection"  # the `route` of a pipe said to lead into the MS4 (exemption_water.piped_into_ms4)


@dataclass(frozen=True)
class FacetRule:
    """When the discharge ``about`` is read with facets ``when`` (and named by one of
    ``named_by``, if given), the resident's case is ``case``; ``citation`` and ``quote``: the
    text that decides it."""

    about: Tuple[str, ...]
    when: Tuple[Tuple[str, Tuple[str, ...]], ...]
    case: str
    citation: str
    quote: str
    named_by: Tuple[str, ...] = ()

    def holds(self, reading: DischargeReading, exempt: bool = False) -> bool:
        """Whether this rule applies to ``reading`` (``exempt``: its discharge is one the
        village exempts outright)."""
        # a catalogue word that is not the thing discharged (a place, an ingredient, a carrier)
        # names nothing: `about: nothing` rules read the thing from the facets
        named = reading.key if reading.facets.role is None else None
        if UNEXEMPTED in self.about:  # case_for keeps these rules only for a discharge no rule lets through
            return all(_matches(reading.facets.value(facet), values) for facet, values in self.when)
        if (named or NOTHING) not in self.about and not (ANY_KEY in self.about and reading.key):
            if not (EXEMPT in self.about and named and exempt):
                return False
        if self.named_by and normalize(reading.material or "") not in self.named_by and not (
                reading.facets.role is not None and _says_any(reading.text, self.named_by)):
            # (where the words read first are no thing, "a trash can of tap water", the water is named by the others)
            return False
        return all(_matches(reading.facets.value(facet), values) for facet, values in self.when)


def _says_any(text: str, phrases: Tuple[str, ...]) -> bool:
    padded = f" {normalize(text)} "
    return any(f" {p} " in padded for p in phrases)


def _matches(value, wanted: Tuple[str, ...]) -> bool:
    if isinstance(value, tuple):
        return (ANY in wanted and bool(value)) or (NONE in wanted and not value) or bool(set(value) & set(wanted))
    return (value if value is not None else NONE) in wanted


def _listed(value) -> Tuple[str, ...]:
    return tuple(str(v) for v in (value if isinstance(value, list) else [value]))


@lru_cache(maxsize=16)
def _rules(villages_dir: str, slug: str) -> Tuple[FacetRule, ...]:
    for path in sorted(Path(villages_dir).glob("*.yml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if raw.get("slug") != slug:
            continue
        rules = []
        for i, entry in enumerate(raw.get("facet_rules") or []):
            when = tuple((str(f), _listed(v)) for f, v in (entry.get("when") or {}).items())
            unknown = [f for f, _ in when if f not in FACETS]
            if unknown:
                raise ValueError(f"{path.name}: facet_rules[{i}] reads unknown facets {unknown}")
            # A citation with a comma written unquoted in a YAML flow mapping splits into keys.
            because = entry.get("because") or {}
            if set(because) != {"citation", "quote"} or not all(isinstance(v, str) for v in because.values()):
                raise ValueError(f"{path.name}: facet_rules[{i}].because must hold exactly a citation and a quote, "
                                 f"both text (quote a citation that holds a comma)")
            rules.append(
                FacetRule(
                    about=_listed(entry["about"]),
                    when=when,
                    case=str(entry["case"]),
                    citation=str(entry["because"]["citation"]),
                    quote=str(entry["because"]["quote"]),
                    named_by=tuple(normalize(p) for p in (entry.get("named_by") or [])),
                )
            )
        return tuple(rules)
    return ()


def facet_rules(village) -> Tuple[FacetRule, ...]:
    """``facet_rules`` of ``village``'s file (a :class:`stormwater.law.villages.Village`)."""
    return _rules(str(village.ordinance_file.parent.parent / "villages"), village.slug)


def case_for(village, key: Optional[str], asked: str) -> Optional[str]:
    """The resident's case of discharge ``key`` in ``village``, read from the words ``asked``:
    the ``case`` of the first facet rule that holds, else ``key`` itself."""
    if not asked:
        return key
    # `about: nothing` rules stay for a named key: its word may not be the thing discharged
    exempt = _exempt(village, key)
    rules = [r for r in facet_rules(village)
             if (key or NOTHING) in r.about or NOTHING in r.about or (key and ANY_KEY in r.about) or (exempt and EXEMPT in r.about)
             or (UNEXEMPTED in r.about and not (_lets_through(village, key) and _the_thing(key, asked)))]
    if not rules:
        return key
    reading = read_discharge(asked)
    if key is None and reading.key is not None:
        return key  # the answer is about nothing named, although the words name something
    if reading.key != key:
        reading = _read_for(key, asked, reading)
        if reading is None:
            return None
    reading = _leaves_in_water(reading, key, asked)
    if down_household_drain(asked):
        reading = replace(reading, facets=replace(reading.facets, route=HOUSEHOLD_DRAIN))
    rain = key == "rainwater" or reading.facets.water == "rain"  # (a flushed line "out the hose bib" is no connection)
    if piped_into_ms4(asked) or (rain and reading.facets.route in (None, "overland") and joined_to_ms4(asked)):
        # "run the new lot drains straight into the village storm sewer": rain's drain joined to it is a connection
        reading = replace(reading, facets=replace(reading.facets, route=CONNECTION))
    drained = connected_drain(asked)
    if drained:  # an indoor drain joined to the MS4: the connection is the question (drain_connections.py)
        reading = replace(reading, facets=replace(reading.facets, route=drained))
    piped = drained is None and (reading.facets.route == CONNECTION or joined_to_ms4(asked) or through_a_pipe(asked))
    if piped and not _lets_through(village, key) and carries_unexempt(asked, foreign_contents_only(reading).facets):
        # a pipe into the MS4 evidently carrying no exempt water (connection_carries.py): what it
        # carries decides the connection, and no permit covers it (an indoor drain's own rules
        # decide it by the drain; a water the village lets through, named, keeps its own rules:
        # "the barn's downspouts are piped into the storm drain" is rain's connection)
        reading = replace(reading, facets=replace(reading.facets, route=UNEXEMPT_CONNECTION))
    case = next((r.case for r in rules if r.holds(foreign_contents_only(reading), exempt)), key)
    if case not in (key, NOTHING, None) and _exempt(village, case):
        # a category's rule reached an exemption ("my condensate line is tied into the storm
        # drain"): what the village says of an exempt water with these facets applies to it too
        as_case = foreign_contents_only(replace(reading, key=case, facets=replace(reading.facets, role=None)))
        case = next((r.case for r in facet_rules(village) if EXEMPT in r.about and r.holds(as_case, True)), case)
    if case not in (key, NOTHING) and reading.facets.who is None:
        # the words that qualify a named discharge qualify one a facet rule reached as well,
        # where the facets read no one ("the company truck" in my driveway is a household's)
        case = qualified_case(asked, case)
    return None if case == NOTHING else case


def _read_for(key: Optional[str], asked: str, first: DischargeReading) -> Optional[DischargeReading]:
    """The reading of ``asked`` for discharge ``key`` where its words name another discharge
    first (``first``): this one's role and the qualifiers of its own water ("the hole fills with
    groundwater and rain ... the water is muddy": the rain is muddy too); ``None`` where its words
    name no discharge of their own."""
    said = glossed(asked)  # as the reader sees them (a claim argued from, an event a time is told by: blanked)
    mentions = find_mentions(said)
    norm = normalize(said)
    # (the role is this one's words': "leaves" and "sand" each say what they are)
    facets = with_role(norm, key, mentions, replace(first.facets, role=None))
    if facets.role is not None and first.key is not None and first.facets.role is None:
        # "a dye test on a sump pump": the pump is where the dye went, and names no discharge of its
        # own (unless the first words are no thing either: "with the pressure washer" is a tool)
        return None
    if facets.water is None:  # the first discharge's water is this one's too ("groundwater seeps up and the sump pump sends it out")
        facets = replace(facets, water=read_facets(asked).water)
    if facets.role is None:
        facets = requalified(facets, norm, raw_words(said), key, tuple(m.start for m in mentions if m.key == key))
    # the words that name this discharge, for a rule read by them ("a trash can of tap water": "tap water")
    words = next((norm[m.start:m.end] for m in mentions if m.key == key), None)
    return DischargeReading(first.text, first.material if first.key is None else words, key, facets)


def _leaves_in_water(reading: DischargeReading, key: Optional[str], asked: str) -> DischargeReading:
    """``reading`` with the water facet ``yard_waste_in_water`` where some yard waste is said to
    lie in a water let out ("the melted rink, a pool of hose water with some leaves in it"), and
    nothing else in it: the water is the thing discharged (held_solids.py)."""
    if not (key == YARD_WASTE or reading.facets.role and reading.facets.water == YARD_WASTE):
        return reading
    if not set(reading.facets.contents) <= {USED} or not yard_waste_in_water(asked):
        return reading
    # where the words read first are no thing ("a pool of water" in a liner) they name none still;
    # a liner "full of" water and leaves holds them: no water used on something
    role = None if key == YARD_WASTE else reading.facets.role
    return replace(reading, facets=replace(reading.facets, water=YARD_WASTE_IN_WATER, role=role, contents=()))


def _the_thing(key: Optional[str], asked: str) -> bool:
    """Whether the words of discharge ``key`` name the thing discharged in ``asked``, not where it
    went or what it was dug into ("the pit dug down into groundwater": its pumped water is the pit's)."""
    reading = read_discharge(asked)
    return reading.key != key or reading.facets.role is None


def _lets_through(village, key: Optional[str]) -> bool:
    """Whether ``village``'s rule for ``key`` lets it through, outright or on a condition
    (dechlorinated pool water): a permit said to be held changes nothing of those."""
    rule = village.rules.get(key) if key else None
    return rule is not None and rule.verdict in (ALLOWED, "conditional")


def _exempt(village, key: Optional[str]) -> bool:
    """Whether ``village`` exempts discharge ``key`` outright: an item of its list of exempt
    discharges (not stormwater itself, which is no exemption: its rule has no caveats)."""
    rule = village.rules.get(key) if key else None
    return rule is not None and rule.verdict == ALLOWED and rule.caveats


def foreign_contents_only(reading: DischargeReading) -> DischargeReading:
    """``reading`` with only what is foreign to its water in ``contents``: what an exemption's
    water carries as its own (``own_contents`` of data/facets.yml: the soap of a car washing,
    the foam of firefighting) decides no rule; anything else in it does ("hose the street after
    the tomato fight": the rotten food is not the street's own grit)."""
    words = load_exemption_words()
    named = reading.key if reading.facets.role is None else None
    by_name = words.named_by.get(named or "")
    category = reading.facets.water if words.said_short(reading.facets.water) else by_name or reading.facets.water
    own = set(words.own_contents.get(category or "", ()))
    if words.owns_here(category, normalize(reading.text)):
        own |= set(words.own_when_said.get(category or "", ()))  # "the main they flushed carried sand"
    if category != by_name and by_name:
        # the fire company rinsing griddles with hydrant water: only what both waters carry as their own
        own &= set(words.own_contents.get(by_name, ()))
    if not own & set(reading.facets.contents):
        return reading
    contents = tuple(c for c in reading.facets.contents if c not in own)
    return replace(reading, facets=replace(reading.facets, contents=contents))
