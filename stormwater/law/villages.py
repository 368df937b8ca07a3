"""Village knowledge files: load, validate and look up ``data/villages/<slug>.yml``.

The format is documented in ``docs/knowledge-format.md``. Loading fails loudly on a malformed
file: a help desk that quietly drops a rule would give a wrong answer about the law.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Dict, Optional, Tuple
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from stormwater.store.paths import data_dir
from stormwater.understanding.catalogue import load_catalogue
from stormwater.law.village_model import (  # noqa: F401 (re-exported for callers)
    CONTACT_ROLES, CONTACT_TITLES, RULE_OFFERS, TOPICS, VERDICTS, Passage, Rule, SpillNotice, Topic, Village,
    VillageDataError,
)


def derived_prefix(slug: str) -> str:
    """A ticket prefix for a village file that names none: the slug's first letter and the
    next two consonants (``"sea-cliff"`` gives ``SCL``), vowels when too few."""
    letters = [c for c in slug.upper() if "A" <= c <= "Z"]
    chosen = letters[:1] + [c for c in letters[1:] if c not in "AEIOU"]
    chosen += [c for c in letters[1:] if c in "AEIOU"]
    return "".join(chosen[:3])


def _ticket_prefix(raw: dict, slug: str, where: str) -> str:
    prefix = str(raw.get("ticket_prefix") or derived_prefix(slug))
    if not re.fullmatch(r"[A-Z]{3}", prefix):
        raise VillageDataError(f"{where}: ticket_prefix '{prefix}' must be three capital letters")
    return prefix


def _timezone(raw: dict, where: str) -> str:
    name = str(_require(raw, "timezone", where))
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise VillageDataError(f"{where}: timezone '{name}' is not an IANA time zone (e.g. America/New_York)")
    return name


ADDRESS_PRECISIONS = ("block", "street", "exact")


def _address_precision(raw: dict, where: str) -> str:
    precision = str((raw.get("open311") or {}).get("address_precision") or "block")
    if precision not in ADDRESS_PRECISIONS:
        raise VillageDataError(f"{where}: open311.address_precision '{precision}' must be one of {ADDRESS_PRECISIONS}")
    return precision


def _require(mapping: dict, key: str, where: str):
    if not isinstance(mapping, dict) or key not in mapping or mapping[key] in (None, ""):
        raise VillageDataError(f"{where}: missing '{key}'")
    return mapping[key]


def _passages(entry: dict, where: str, required: bool = True) -> Tuple[Passage, ...]:
    found = []
    if entry.get("quote"):
        found.append(Passage(str(_require(entry, "citation", where)), str(entry["quote"])))
    for i, extra in enumerate(entry.get("quotes") or []):
        found.append(
            Passage(
                str(_require(extra, "citation", f"{where}.quotes[{i}]")),
                str(_require(extra, "quote", f"{where}.quotes[{i}]")),
            )
        )
    if required and not found:
        raise VillageDataError(f"{where}: needs a citation and a verbatim quote")
    return tuple(found)


def _topic(key: str, entry: dict, where: str) -> Topic:
    covered = bool(entry.get("covered", True))
    return Topic(
        key=key,
        summary=str(_require(entry, "summary", where)).strip(),
        covered=covered,
        passages=_passages(entry, where, required=covered),
    )


def _rule(key: str, entry: dict, where: str, headlines: Dict[str, str]) -> Rule:
    verdict = _require(entry, "verdict", where)
    if verdict not in VERDICTS:
        raise VillageDataError(f"{where}: verdict '{verdict}' is not one of {VERDICTS}")
    conditions = tuple(str(c) for c in entry.get("conditions") or ())
    if verdict == "conditional" and not conditions:
        raise VillageDataError(f"{where}: a conditional verdict needs its conditions")
    # A conditional answer's first sentence depends on which listed words carry the condition,
    # so the village file writes it; allowed and prohibited ones use the village's headlines.
    headline = str(entry.get("headline") or headlines.get(verdict) or "").strip()
    if not headline:
        raise VillageDataError(f"{where}: needs a headline (a conditional rule writes its own)")
    offer = entry.get("offer")
    if offer is not None and offer not in RULE_OFFERS:
        raise VillageDataError(f"{where}: offer '{offer}' is not one of {RULE_OFFERS}")
    return Rule(
        key=key,
        verdict=verdict,
        conditions=conditions,
        summary=str(_require(entry, "summary", where)).strip(),
        passages=_passages(entry, where),
        alternatives=" ".join(str(entry.get("alternatives") or "").split()),
        headline=headline,
        offer=offer,
        caveats=bool(entry.get("caveats", True)),
        vouched_by=tuple((str(f), tuple(str(v) for v in (vs if isinstance(vs, list) else [vs])))
                         for f, vs in (entry.get("vouched_by") or {}).items()),
    )


def _spill_notice(raw: dict, where: str) -> SpillNotice:
    entry = _require(raw, "spill_notice", where)
    where = f"{where}.spill_notice"
    contact = str(_require(entry, "contact", where))
    contacts = tuple(str(c) for c in entry.get("after_dispatch_contacts") or ())
    for role in (contact, *contacts):
        if role not in CONTACT_ROLES:
            raise VillageDataError(f"{where}: contact '{role}' is not one of {CONTACT_ROLES}")
    return SpillNotice(
        notify=str(_require(entry, "notify", where)).strip(),
        contact=contact,
        letter_to=str(_require(entry, "letter_to", where)).strip(),
        after_dispatch=str(entry.get("after_dispatch") or "").strip(),
        after_dispatch_contacts=contacts,
    )


def _declared_closures(holidays: dict, where: str) -> Tuple[Tuple[str, str], ...]:
    declared = holidays.get("declared_closures") or {}
    if not isinstance(declared, dict):
        raise VillageDataError(f"{where}: holidays.declared_closures must map a holiday to closed or open")
    for name, state in declared.items():
        if state not in ("closed", "open"):
            raise VillageDataError(f"{where}: holidays.declared_closures.{name} must be closed or open, not {state!r}")
    return tuple(sorted((str(k), str(v)) for k, v in declared.items()))


def parse_village(raw: dict, source: Path, known_discharges: frozenset) -> Village:
    """Build a :class:`Village` from the parsed YAML of one village file.

    :param raw: the YAML document as a dict
    :param source: the file it came from (for messages, and to find the ordinance text)
    :param known_discharges: canonical keys of ``data/discharges.yml``
    """
    where = source.name
    slug = str(_require(raw, "slug", where))
    if not re.fullmatch(r"[a-z][a-z0-9-]{1,40}", slug):
        raise VillageDataError(f"{where}: slug '{slug}' must be lower-case letters, digits, '-'")
    ordinance = _require(raw, "ordinance", where)
    ordinance_file = _ordinance_file(ordinance, source, where)
    contacts = _require(raw, "contacts", where)
    for role in ("smo", "police", "clerk"):
        _require(_require(contacts, role, f"{where}.contacts"), "phone", f"{where}.contacts.{role}")
    headlines = {k: str(v) for k, v in (raw.get("headlines") or {}).items()}
    for verdict in ("allowed", "prohibited"):
        _require(headlines, verdict, f"{where}.headlines")
    rules, topics = _rules(raw, known_discharges, headlines, where), _topics(raw, where)

    return Village(
        slug=slug,
        name=str(_require(raw, "name", where)),
        short_name=str(_require(raw, "short_name", where)),
        county=str(raw.get("county", "")),
        aliases=tuple(str(a).lower() for a in raw.get("aliases") or ()),
        example_contacts=bool(raw.get("example_contacts", True)),
        ordinance_title=str(_require(ordinance, "title", where)),
        ordinance_short=str(_require(ordinance, "short", where)),
        ordinance_file=ordinance_file,
        contacts={k: {**v, "title": v.get("title") or CONTACT_TITLES.get(k, "")}
                  for k, v in contacts.items() if isinstance(v, dict)},
        office_hours=str(contacts.get("office_hours", "")),
        sms_numbers=tuple(str(n) for n in raw.get("sms_numbers") or ()),
        **_holiday_fields(raw.get("holidays") or {}, where),
        headlines=headlines,
        spill_notice=_spill_notice(raw, where),
        general_rule=_topic("general_rule", _require(raw, "general_rule", where), f"{where}.general_rule"),
        exemption_caveats=tuple(
            _topic("caveat", c, f"{where}.exemption_caveats[{i}]")
            for i, c in enumerate(raw.get("exemption_caveats") or ())
        ),
        rules=rules,
        topics=topics,
        prohibited_alternatives=" ".join(str(raw.get("prohibited_alternatives") or "").split()),
        persons_bound=" ".join(str(raw.get("persons_bound") or "").split()),
        ticket_prefix=_ticket_prefix(raw, slug, where),
        timezone=_timezone(raw, where),
        open311_address_precision=_address_precision(raw, where),
    )


def _ordinance_file(ordinance: dict, source: Path, where: str) -> Path:
    path = source.parent.parent / "ordinances" / _require(ordinance, "text_file", where)
    if not path.is_file():
        raise VillageDataError(f"{where}: ordinance text {path} not found")
    return path


def _holiday_fields(holidays: dict, where: str) -> dict:
    """The business-day calendar's fields of a :class:`Village`, from its ``holidays`` section."""
    return {
        "holiday_calendar": str(holidays.get("calendar", "US")),
        "extra_closures": tuple(str(d) for d in holidays.get("extra_closures") or ()),
        "holiday_calendar_name": str(holidays.get("calendar_name") or "the federal holiday calendar"),
        "saturday_holidays_on_friday": bool(holidays.get("saturday_holidays_on_friday", True)),
        "declared_closures": _declared_closures(holidays, where),
    }


def _rules(raw: dict, known_discharges: frozenset, headlines: Dict[str, str], where: str) -> dict:
    rules = {}
    for key, entry in (raw.get("rules") or {}).items():
        if key not in known_discharges:
            raise VillageDataError(f"{where}: rule '{key}' is not a key of discharges.yml")
        rules[key] = _rule(key, entry, f"{where}.rules.{key}", headlines)
    return rules


def _topics(raw: dict, where: str) -> dict:
    topics = {key: _topic(key, entry, f"{where}.topics.{key}") for key, entry in (raw.get("topics") or {}).items()}
    missing = [t for t in TOPICS if t not in topics]
    if missing:
        raise VillageDataError(f"{where}: topics missing: {', '.join(missing)}")
    return topics


@lru_cache(maxsize=8)
def _load(folder: str) -> Dict[str, Village]:
    base = Path(folder)
    known = frozenset(load_catalogue(folder).keys())
    villages: Dict[str, Village] = {}
    for path in sorted((base / "villages").glob("*.yml")):
        with path.open(encoding="utf-8") as fh:
            village = parse_village(yaml.safe_load(fh) or {}, path, known)
        if village.slug in villages:
            raise VillageDataError(f"{path.name}: slug '{village.slug}' is used twice")
        if village.ticket_prefix in {v.ticket_prefix for v in villages.values()}:
            raise VillageDataError(f"{path.name}: ticket_prefix '{village.ticket_prefix}' is used twice")
        villages[village.slug] = village
    if not villages:
        raise VillageDataError(f"no village files in {base / 'villages'}")
    return villages


def load_villages(folder: Optional[Path] = None) -> Dict[str, Village]:
    """All villages, keyed by slug (loaded once per data folder).

    :param folder: the data folder; defaults to :func:`stormwater.store.paths.data_dir`
    """
    return _load(str(folder or data_dir()))


def get_village(slug: Optional[str], folder: Optional[Path] = None) -> Optional[Village]:
    """The village with this slug or alias (any case), or ``None``."""
    if not slug:
        return None
    wanted = str(slug).strip().lower()
    villages = load_villages(folder)
    if wanted in villages:
        return villages[wanted]
    for village in villages.values():
        if wanted in village.aliases or wanted == village.short_name.lower() or wanted == village.name.lower():
            return village
    return None


def normalize_phone(number: str) -> str:
    """Digits of a phone number in E.164 form (``+1`` assumed for 10 digits)."""
    digits = re.sub(r"\D", "", number or "")
    if len(digits) == 10:
        digits = "1" + digits
    return "+" + digits if digits else ""


def village_for_number(number: str, folder: Optional[Path] = None) -> Optional[Village]:
    """The village whose help-desk SMS number is ``number``, or ``None``."""
    wanted = normalize_phone(number)
    for village in load_villages(folder).values():
        if wanted and wanted in {normalize_phone(n) for n in village.sms_numbers}:
            return village
    return None
