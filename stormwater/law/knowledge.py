"""Answers about the law, from the knowledge files only.

Every answer names its village, its verdict, the citation and the ordinance's own words. A
discharge the village's ordinance does not decide gets the general rule, the closest
exemptions and the offer of a person: this module never guesses.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from rapidfuzz import fuzz

from stormwater.understanding.catalogue import load_catalogue, normalize
from stormwater.store.wording import load_messages
from stormwater.law.villages import Passage, Rule, Topic, Village
from stormwater.law.facet_rules import case_for
from stormwater.law.water_as_described import (
    looks_of_something, plain_water_beside, pollutant_in_tap_water, potable_exemptions, vouched_rule,
)
from stormwater.understanding.activity_roles import practice_said, qualified_category
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.exemption_water import load_exemption_words

EXEMPT = ("allowed", "conditional")
# The verdict of a discharge the ordinance does not name: never "prohibited", which is said
# only where the text prohibits it; the answer gives the general rule instead.
NOT_NAMED = "not_named"
CLOSEST_LIMIT = 3
CLOSEST_MIN_SCORE = 55


@dataclass(frozen=True)
class DischargeAnswer:
    """A village's answer to "may this go into the storm drain?"."""

    village: Village
    discharge: Optional[str]
    label: str
    verdict: str
    conditions: Tuple[str, ...]
    summary: str
    passages: Tuple[Passage, ...]
    basis: str  # "rule" when the ordinance decides this discharge, else "general_rule"
    caveats: Tuple[Topic, ...] = ()
    closest: Tuple[Rule, ...] = field(default=())
    # For a prohibited discharge: what the ordinance allows or leaves open instead.
    alternatives: str = ""
    headline: str = ""  # the answer's first words, from the village file
    offer: Optional[str] = None  # a report flow the answer offers (e.g. "dye_test")
    # the prohibition a word of the message named, set aside because the resident says the
    # water is plain tap water, or names the thing as tap or well water's own
    # (law/water_as_described.py): quoted after the general rule
    set_aside: Optional[Rule] = None

    @property
    def offers_person(self) -> bool:
        """Whether the answer rests on the general rule alone, so a person should confirm it."""
        return self.basis == "general_rule"

    def payload(self) -> dict:
        """The machine-readable form sent with the text (``custom`` in Rasa)."""
        payload = {
            "type": "discharge_answer",
            "village": self.village.slug,
            "discharge": self.discharge,
            "verdict": self.verdict,
            "conditions": list(self.conditions),
            "citation": f"{self.village.ordinance_short}, {self.passages[0].citation}",
            "quote": self.passages[0].quote,
            "basis": self.basis,
            "closest_exemptions": [r.key for r in self.closest],
            "disclaimer": legal_note(self.village),
        }
        if self.alternatives:
            payload["alternatives"] = self.alternatives
        return payload


def answer_discharge(village: Village, discharge: Optional[str], asked: str = "") -> DischargeAnswer:
    """What ``village``'s ordinance says about ``discharge``.

    :param village: the village whose law applies
    :param discharge: a canonical key of ``data/discharges.yml``, or ``None`` when the
        resident named nothing the vocabulary knows
    :param asked: the resident's words: the village's facet rules read the resident's case
        from them (street wash from a business is not "residential street wash water"), and
        the closest exemptions
    """
    catalogue = load_catalogue()
    named, discharge = discharge, case_for(village, discharge, asked)
    # An unrecognised discharge is "that": echoing the resident's whole question reads badly.
    label = catalogue[discharge].label if discharge in catalogue else "that"
    rule = village.rules.get(discharge) if discharge else None
    rule = vouched_rule(village, rule, asked)  # "its clear water, nothing in it": allowed, as described
    looked = looks_of_something(discharge, rule, asked)  # "a bit greenish": no firm badge, the exemption quoted
    carried = pollutant_in_tap_water(village, named, discharge, asked)  # "dumped chlorine down the well"
    set_aside = rule if plain_water_beside(discharge, rule, asked) else carried  # "nothing in it but tap water"
    exemption = (rule,) if looked or carried else ()
    exemption = (*exemption, *(r for r in potable_exemptions(village) if r not in exemption)) if set_aside else exemption
    rule = None if looked or set_aside else rule
    label = load_messages()["described_label"].format(label=label) if looked else \
        load_messages()["carried_water_label"].format(label=catalogue[named].label) if carried else \
        load_messages()["plain_water_label"] if set_aside else label
    if rule is not None:
        return DischargeAnswer(
            village=village,
            discharge=discharge,
            label=label,
            verdict=rule.verdict,
            conditions=rule.conditions,
            summary=rule.summary,
            passages=rule.passages,
            basis="rule",
            caveats=village.exemption_caveats if rule.verdict in EXEMPT and rule.caveats else (),
            alternatives=(rule.alternatives or village.prohibited_alternatives) if rule.verdict == "prohibited" else "",
            headline=rule.headline,
            offer=rule.offer,
        )
    general = village.general_rule
    return DischargeAnswer(
        village=village,
        discharge=discharge if discharge in catalogue else None,
        label=label,
        verdict=NOT_NAMED,
        conditions=(),
        summary=general.summary,
        passages=general.passages,
        basis="general_rule",
        closest=(*exemption, *(r for r in closest_exemptions(village, discharge, asked) if r not in exemption))[:CLOSEST_LIMIT],
        set_aside=set_aside,
    )


def closest_exemptions(village: Village, discharge: Optional[str], asked: str = "") -> Tuple[Rule, ...]:
    """Up to three of the village's exemptions nearest to what was asked.

    Related keys named in the vocabulary come first; then exemptions whose words resemble the
    question. The resident sees these as "closest exemptions", never as the answer.
    """
    catalogue = load_catalogue()
    exempt = {k: r for k, r in village.rules.items() if r.verdict in EXEMPT}
    picked: List[Rule] = [exempt[k] for k in (catalogue[discharge].related if discharge in catalogue else ()) if k in exempt]
    if discharge is None and practice_said(normalize(asked)):
        # "the fire department's training water": the exemption its category qualifies comes first
        qualified = qualified_category(read_discharge(asked).facets.water)
        picked += [exempt[k] for k, c in load_exemption_words().named_by.items() if c == qualified and k in exempt]
    query = normalize(" ".join(filter(None, [asked, catalogue[discharge].label if discharge in catalogue else ""])))
    if query:
        scored = []
        for key, rule in exempt.items():
            words = [catalogue[key].label, *catalogue[key].synonyms]
            score = max(fuzz.token_set_ratio(query, normalize(w)) for w in words)
            scored.append((score, key))
        for score, key in sorted(scored, reverse=True):
            if score >= CLOSEST_MIN_SCORE and exempt[key] not in picked:
                picked.append(exempt[key])
    return tuple(picked[:CLOSEST_LIMIT])


@dataclass(frozen=True)
class TopicAnswer:
    """A village's answer on a law topic (penalties, appeals, ...)."""

    village: Village
    topic: Topic

    def payload(self) -> dict:
        """The machine-readable form sent with the text."""
        first = self.topic.passages[0] if self.topic.passages else None
        return {
            "type": "law_answer",
            "village": self.village.slug,
            "topic": self.topic.key,
            "covered": self.topic.covered,
            "citation": f"{self.village.ordinance_short}, {first.citation}" if first else None,
            "quote": first.quote if first else None,
            "disclaimer": legal_note(self.village),
        }


def answer_topic(village: Village, topic: str) -> TopicAnswer:
    """What ``village``'s ordinance says on ``topic`` (a key of :data:`stormwater.law.villages.TOPICS`)."""
    return TopicAnswer(village, village.topics[topic])


def legal_note(village: Village) -> str:
    """The one line every law answer carries: general information, not legal advice, and whom to ask.

    The words are ``legal_note`` in ``data/messages.yml``; the SMO's title and phone come
    from the village file.
    """
    smo = village.contact("smo")
    return load_messages()["legal_note"].format(
        village=village.short_name,
        smo_title=smo["title"],
        smo_phone=smo.get("phone", ""),
    )


def hazardous_materials_definition(village: Village) -> Optional[Passage]:
    """The village text's definition of "hazardous materials", if it has one (Poquott § 132-3).

    For the report's hazardous question: where the text defines the term, the question can
    quote it; Bayville's text (from § 63A-5 on) has no definitions.
    """
    topic = village.topics.get("definitions")
    if topic is None or not topic.covered:
        return None
    for passage in topic.passages:
        if "hazardous materials" in passage.citation.lower():
            return passage
    return None
