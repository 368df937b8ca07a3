"""An exempt water as the resident describes it: vouched for, or looking of something (issue 27).

Some exemptions rest on a fact about the water itself: Bayville's "uncontaminated crawl space
or basement sump pump discharges", "dechlorinated swimming pool discharges", Poquott's
"uncontaminated pumped ground water". The village file names that fact on the rule
(``vouched_by``: a fact of a clarifying question, ``clarify: water_contents.clear`` in
``clarify_facts`` of data/facets.yml, or facet values such as ``denied: chlorine``):

- **Vouched for.** When the resident says the fact holds ("its clear water, not muddy", "its
  dechlorinated", "we let the chlorine go for a week"), unhedged, with nothing else read in the water and no look that says
  otherwise, the answer is "Allowed, as you describe it", the condition restated as what it
  rests on (``vouched_headline`` and ``vouched_caution`` in data/messages.yml).
- **A look of something picked up.** An exempt water said to look or smell of something ("a bit
  greenish", "gray from the carbon dust") is not plainly the uncontaminated water the texts
  exempt: no firm badge. Where the look is one of the words the clarifying question of what is
  in the water is asked on (``questions.water_contents.when`` in data/discharges.yml), the
  question reader asks it first; else the answer is "not named", the exemption quoted among the
  closest. So is a water exempt only if uncontaminated said to hold something no category of
  contents names ("well water with iron in it"). A water whose exemption carries things as its
  own (a car washing's soap, a flushed main's rust: ``own_contents`` of data/facets.yml) keeps
  its answer, unless the words also read it as a pollutant's water that is not its own
  (``foreign_waters``: "hose the street down, there's pony pee all over it" is street wash
  water and biological material at once).
- **Plain tap water beside a prohibited word.** The resident says the water is tap water with
  nothing in it ("runs off the pressure washer ... nothing in it but our own tap water"), yet a
  word of the message names a discharge the village prohibits: the two readings disagree, and
  the worse one is not shown as the answer. "Not named", the tap-water exemptions first among
  the closest, the prohibition quoted after the general rule as what applies if it is that
  (:func:`plain_water_beside`). Only tap water: it is the water residents use with tools and
  keep in vessels; rain or groundwater beside a pollutant's name carries it.
- **A pollutant the resident names as tap or well water's own.** "He dumped a jug of chlorine
  down the well and pumps it out", "the sediment filter's flush, just well water and grit": the
  words read the chlorine or the grit as an ingredient of potable water, whose exemption carries
  a flushed line's chlorine and grit as its own. Whether a dose added or a filter's trapped sand
  stays "water line flushing" or "uncontaminated" water the texts do not say, and the resident
  named the pollutant: the readings disagree. "Not named", the exemption first among the
  closest, the pollutant's prohibition quoted as what applies if it is that
  (:func:`pollutant_in_tap_water`). Not where a water line or its utility is said ("crews
  disinfected the new water line with chlorine": a flushed line's own chlorine). Only potable
  water: a washing's water (a car's soap, a street's grit) is exempt as used water, so what it
  washed is its own by definition.

Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional, Tuple

from stormwater.store.wording import load_messages
from stormwater.understanding.catalogue import normalize
from stormwater.understanding.clarify_answers import clarify_facts
from stormwater.understanding.discharge_reader import Facets, load_facet_words, read_discharge
from stormwater.understanding.drain_connections import connected_drain, joined_to_ms4
from stormwater.understanding.exemption_water import load_exemption_words
from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.water_gone import gone_from_water
from stormwater.understanding.water_looks import CLEAR, DISCOLOURED, hedged, something_held
from stormwater.understanding.word_roles import INGREDIENT

# tap water vouched for by its source ("just hose water", "only city water")
_PLAIN_TAP = re.compile(r"\b(?:just|only|plain|simply)\s+(?:the\s+|our\s+|my\s+)?(?:garden\s+)?(?:hose|tap|city|well|drinking)\s+water\b")
CLARIFY = "clarify"  # in a rule's `vouched_by`: a fact of a clarifying question ("water_contents.clear")
CONTENTS_QUESTION = "water_contents"  # the clarifying question of what is in the water
ANY = "any"
EXEMPT = ("allowed", "conditional")
POTABLE = "potable"  # the category of tap, drinking and hydrant water (``water`` in data/facets.yml)


def _facts(vouched_by: Tuple[Tuple[str, Tuple[str, ...]], ...]) -> Tuple[Tuple[str, Tuple[str, ...]], ...]:
    """The (facet, values) pairs that say the fact, a clarifying question's fact resolved."""
    facts = []
    for facet, values in vouched_by:
        if facet != CLARIFY:
            facts.append((facet, values))
            continue
        for named in values:
            question, _, choice = named.partition(".")
            facts.extend(clarify_facts().get(question, {}).get(choice, {}).items())
    return tuple(facts)


def _says(facets: Facets, facet: str, values: Tuple[str, ...]) -> bool:
    value = facets.value(facet)
    if isinstance(value, tuple):
        return bool(value) and (ANY in values or bool(set(value) & set(values)))
    return value is not None and value in values


def vouched(rule, asked: str, facets: Optional[Facets] = None) -> bool:
    """Whether the resident's words ``asked`` vouch for the fact ``rule``'s condition rests on."""
    if rule is None or rule.verdict != "conditional" or not rule.vouched_by or not asked:
        return False
    facets = _without_gone(facets or read_discharge(asked).facets, asked)
    if facets.contents or facets.looks == DISCOLOURED or hedged(asked) or something_held(asked):
        return False  # copper algaecide "once it's dechlorinated"; "i think its clean"
    return any(_says(facets, facet, values) for facet, values in _facts(rule.vouched_by))


def _without_gone(facets: Facets, asked: str) -> Facets:
    """``facets`` with what the words say has left the water ("we let the chlorine go for a
    week") denied, not contained."""
    gone = gone_from_water(asked, {c: load_facet_words()["contents"].get(c, ()) for c in facets.contents})
    if not gone:
        return facets
    return replace(facets, contents=tuple(c for c in facets.contents if c not in gone), denied=(*facets.denied, *gone))


def vouched_rule(village, rule, asked: str):
    """``rule`` answered "allowed, as you describe it" when the resident vouches for its fact,
    else ``rule`` itself."""
    if not vouched(rule, asked):
        return rule
    words = load_messages()
    condition = rule.conditions[0] if rule.conditions else ""
    headline = words["vouched_headline"].format(village=village.short_name, condition=condition)
    summary = f'{words["vouched_caution"].format(smo_title="SMO")} {rule.summary}'
    return replace(rule, verdict="allowed", conditions=(), headline=headline, summary=summary)


def looks_of_something(key: Optional[str], rule, asked: str) -> bool:
    """Whether the resident's words say the exempt water of ``rule`` (discharge ``key``) looks
    or smells of something picked up, so that no firm badge fits."""
    if rule is None or rule.verdict not in EXEMPT or not rule.caveats or not asked:
        return False
    words = load_exemption_words()
    if _foreign_water(key, asked):
        return True  # "pony pee all over the street" I hose down: street wash water and biological material
    category = words.named_by.get(key or "", "")
    if words.own_contents.get(category) and words.owns_here(category, normalize(asked)):
        return False  # a car washing's suds, a flushed main's rust: the water's own
    if read_discharge(asked).facets.looks == DISCOLOURED:
        return True
    # "well water with iron in it" on a water exempt only if uncontaminated, "pool water with the
    # test reagents in it" on one exempt only if dechlorinated: the text does not say
    return rule.verdict == "conditional" and (_on_contents(rule) and _named_in_tap_water(asked) or bool(rule.vouched_by) and something_held(asked))


def _foreign_water(key: Optional[str], asked: str) -> bool:
    """Whether the words ``asked`` read the water as a pollutant's (``foreign_waters`` of
    data/facets.yml) that is not the own water or contents of exempt discharge ``key``, a water
    used on something (``own_contents`` of data/facets.yml: street wash, car wash, flushing,
    firefighting water pick up what is there; rain's contents are read by ``rain_carries``)."""
    water = read_discharge(asked).facets.water
    words = load_exemption_words()
    category = words.named_by.get(key or "")
    if category is None or water not in (facets_file().get("foreign_waters") or ()):
        return False
    return water != category and water not in words.own_contents.get(category, ())


def _on_contents(rule) -> bool:
    """Whether ``rule``'s condition is what is in the water (the clarifying question of its contents)."""
    return any(f == CLARIFY and any(v.startswith(f"{CONTENTS_QUESTION}.") for v in vs) for f, vs in rule.vouched_by)


def plain_water_beside(key: Optional[str], rule, asked: str) -> bool:
    """Whether the resident's words ``asked`` say the water is tap water with nothing in it while
    ``rule``, the village's rule for discharge ``key`` named in them, prohibits it: the readings
    disagree, so no firm badge fits."""
    if rule is None or rule.verdict != "prohibited" or not asked:
        return False
    facets, claimed = read_discharge(asked).facets, bool(_PLAIN_TAP.search(normalize(asked)))
    if (facets.water != POTABLE and not claimed) or facets.contents or facets.looks == DISCOLOURED or something_held(asked):
        return False
    # the resident vouches for it ("just hose water", "nothing in it but city water", "no soap"): a
    # spigot named as where a thing was rinsed says nothing of the water that carries it off
    said_plain = claimed or facets.looks == CLEAR or bool(facets.denied)
    if said_plain and (connected_drain(asked) or joined_to_ms4(asked)):
        return False  # a drain or sink joined to the MS4: the connection decides, whatever water it carries
    return said_plain and load_exemption_words().named_by.get(key or "") != POTABLE


def pollutant_in_tap_water(village, named: Optional[str], case: Optional[str], asked: str):
    """The village's prohibition of discharge ``named`` when the resident's words ``asked`` name it
    as an ingredient of potable water that the facet rules answered as exempt case ``case``, else
    ``None``: the pollutant is set aside, not shown as the answer, and neither is the exemption."""
    prohibition = village.rules.get(named) if named else None
    exemption = village.rules.get(case) if case else None
    if named == case or prohibition is None or prohibition.verdict != "prohibited":
        return None
    if exemption is None or exemption.verdict not in EXEMPT or not asked:
        return None
    if load_exemption_words().owns_here(POTABLE, normalize(asked)):
        return None  # "disinfected the new water line with chlorine": a flushed line's own chlorine
    return prohibition if _named_in_tap_water(asked) else None


def _named_in_tap_water(asked: str) -> bool:
    """Whether the words ``asked`` name their discharge as an ingredient of potable water
    ("dumped a jug of chlorine down the well"), not the potable water itself."""
    reading = read_discharge(asked)
    named_water = load_exemption_words().named_by.get(reading.key or "")
    return reading.facets.role == INGREDIENT and reading.facets.water == POTABLE and named_water != POTABLE


def potable_exemptions(village) -> tuple:
    """``village``'s exemptions of tap water (the catalogue keys that name that water)."""
    keys = [k for k, water in load_exemption_words().named_by.items() if water == POTABLE]
    return tuple(village.rules[k] for k in keys if k in village.rules and village.rules[k].verdict in EXEMPT)
