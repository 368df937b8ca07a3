"""What a village file holds, as frozen records: :class:`Village` with its rules, topics,
passages and spill notice, and the fixed vocabularies a file is checked against. Read from
``data/villages/<slug>.yml`` by :mod:`stormwater.law.villages`, which re-exports them."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Optional, Tuple

VERDICTS = ("allowed", "conditional", "prohibited")
# A report flow a rule's answer may offer (``offer`` in a rule): the report kinds of
# stormwater.reports.ticket_store that a resident can start from a law answer.
RULE_OFFERS = ("dye_test",)
# Contacts a village's ``spill_notice`` may name (keys of ``contacts``).
CONTACT_ROLES = ("smo", "police", "clerk")
# What a contact role is called when its village file gives no title.
CONTACT_TITLES = {
    "smo": "Stormwater Management Officer",
    "clerk": "Village Clerk",
    "police": "Police Department",
}

TOPICS = (
    "penalties",
    "appeals",
    "dye_testing",
    "septic",
    "connection_permits",
    "floor_drains",
    "illicit_connections",
    "emergency_discharges",
    "spdes_permits",
    "alternative_remedies",
    "spill_rules",
    "hazardous_spill",
    "ms4",
    "smo",
    "enforcement",
    "remedies",
    "responsibilities",
    "definitions",
)


class VillageDataError(ValueError):
    """A village or vocabulary file is missing a field or holds an invalid value."""


@dataclass(frozen=True)
class Passage:
    """A citation and the ordinance's own words it rests on."""

    citation: str
    quote: str


@dataclass(frozen=True)
class Rule:
    """A village's verdict on one kind of discharge."""

    key: str
    verdict: str
    conditions: Tuple[str, ...]
    summary: str
    passages: Tuple[Passage, ...]
    # For a prohibited discharge: what the ordinance allows or leaves open instead.
    alternatives: str = ""
    headline: str = ""  # the answer's first words, e.g. "Allowed in Bayville only if ..."
    offer: Optional[str] = None  # a report flow to offer with the answer (RULE_OFFERS)
    caveats: bool = True  # whether the village's exemption caveats apply (False: not an exemption list item)
    # the fact about the water that decides its condition, as the resident may vouch for it:
    # (facet, values) pairs, or ("clarify", ("water_contents.clear",)) (law/water_as_described.py)
    vouched_by: Tuple[Tuple[str, Tuple[str, ...]], ...] = ()

    @property
    def citation(self) -> str:
        return self.passages[0].citation


@dataclass(frozen=True)
class Topic:
    """A law topic (penalties, appeals, ...) as a village's ordinance answers it."""

    key: str
    summary: str
    covered: bool
    passages: Tuple[Passage, ...]


@dataclass(frozen=True)
class SpillNotice:
    """Whom a village's ordinance tells a resident to notify of a spill, in the text's words.

    ``notify`` names who receives the next-business-day notice of a nonhazardous release
    ("the Stormwater Management Officer (SMO)", or Poquott's "the Village (the ordinance says
    'the municipality')"); ``contact`` is the contact role whose phone and fax reach them;
    ``letter_to`` is the addressee line of the written confirmation. ``after_dispatch``
    says what the ordinance requires after the 911 call for a hazardous release (empty when
    it requires nothing more), ``after_dispatch_contacts`` whose numbers go with it.
    """

    notify: str
    contact: str
    letter_to: str
    after_dispatch: str
    after_dispatch_contacts: Tuple[str, ...]


@dataclass(frozen=True)
class Village:
    """One village: who to call, which numbers it texts from, and what its ordinance says."""

    slug: str
    name: str
    short_name: str
    county: str
    aliases: Tuple[str, ...]
    example_contacts: bool
    ordinance_title: str
    ordinance_short: str
    ordinance_file: Path
    contacts: Dict[str, dict]
    office_hours: str
    sms_numbers: Tuple[str, ...]
    holiday_calendar: str
    extra_closures: Tuple[str, ...]
    general_rule: Topic
    exemption_caveats: Tuple[Topic, ...]
    headlines: Dict[str, str]
    spill_notice: SpillNotice
    # How the dates are counted, in words the resident reads ("the federal holiday calendar").
    holiday_calendar_name: str = "the federal holiday calendar"
    # Whether a Saturday holiday closes the offices on the Friday before (as federal offices do).
    saturday_holidays_on_friday: bool = True
    rules: Dict[str, Rule] = field(default_factory=dict)
    topics: Dict[str, Topic] = field(default_factory=dict)
    # What a resident may do instead of a prohibited discharge, unless its rule says more.
    prohibited_alternatives: str = ""
    # Whom the general rule binds, in the text's terms ("" for the wording of data/messages.yml).
    persons_bound: str = ""
    # The weekday holidays the village has declared its offices closed or open on
    # (name -> "closed" / "open"); any other holiday it may keep open gets the earliest date too.
    declared_closures: Tuple[Tuple[str, str], ...] = ()
    ticket_prefix: str = ""  # three capital letters that start its ticket references ("BAY")
    timezone: str = "America/New_York"  # an IANA zone: "today" and deadlines are counted in it
    # How precisely Open311's public answers give a report's place: "block" (the hundred block
    # and street, coordinates to about 100 m), "street" (the street only, no coordinates) or "exact".
    open311_address_precision: str = "block"

    def contact(self, role: str) -> dict:
        """Contact details for ``smo``, ``police`` or ``clerk`` (empty dict if not given);
        a role's ``title`` is always there (:data:`CONTACT_TITLES` when the file names none)."""
        return dict(self.contacts.get(role) or {})

    def ordinance_text(self) -> str:
        """The full ordinance text this village's quotes come from."""
        return self.ordinance_file.read_text(encoding="utf-8")
