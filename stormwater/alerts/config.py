"""Who is alerted (the ``alerts`` section of each village file), and whether alert e-mail is on
(the SMTP settings themselves: :class:`stormwater.store.settings_sections.SmtpSettings`).

A village file's section::

    alerts:
      recipients:
        - email: smo@bayville.example        # every new report
        - email: clerk@bayville.example
          kinds: [handoff, septic]            # only these report kinds
        - sms: "+15165550105"                 # the on-call number
          hazardous_only: true                # only reports that may be hazardous
      digest:
        hour: 7                               # local hour of the daily digest
        stale_days: 5                         # "no status change for N days"
        email: [smo@bayville.example]

Read from the YAML file itself rather than :class:`stormwater.law.villages.Village`, so the law's
data model stays as it is.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, Mapping, Optional, Tuple

import yaml

from stormwater.store.paths import data_dir
from stormwater.store.settings import SettingsError, SmtpSettings, environment
from stormwater.reports.ticket_store import KINDS

_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_PHONE = re.compile(r"\+[1-9]\d{7,14}")  # E.164, as Twilio wants it


class AlertConfigError(ValueError):
    """A village file's ``alerts`` section cannot be used."""


@dataclass(frozen=True)
class Recipient:
    """One address or number that is alerted, and which reports it is alerted about."""

    channel: str  # 'email' or 'sms'
    address: str
    kinds: Tuple[str, ...] = KINDS
    hazardous_only: bool = False

    def wants(self, kind: str, hazardous: bool) -> bool:
        """Whether a new report of ``kind`` (hazardous or not) is sent to this recipient."""
        return kind in self.kinds and (hazardous or not self.hazardous_only)


@dataclass(frozen=True)
class Digest:
    """The daily digest: when, to whom, and after how many quiet days a ticket counts as stale."""

    hour: int
    stale_days: int
    emails: Tuple[str, ...]


@dataclass(frozen=True)
class VillageAlerts:
    """One village's alert settings."""

    slug: str
    recipients: Tuple[Recipient, ...] = ()
    digest: Optional[Digest] = None

    def for_report(self, kind: str, hazardous: bool) -> Tuple[Recipient, ...]:
        """The recipients of a new report's alert, each once."""
        seen, chosen = set(), []
        for r in self.recipients:
            if r.wants(kind, hazardous) and (r.channel, r.address) not in seen:
                seen.add((r.channel, r.address))
                chosen.append(r)
        return tuple(chosen)


def parse_alerts(slug: str, raw: Optional[Mapping]) -> VillageAlerts:
    """Validate a village file's ``alerts`` section (``None``: nobody is alerted).

    :raises AlertConfigError: naming the village and the bad entry
    """
    where = f"{slug}.alerts"
    if raw is None:
        return VillageAlerts(slug)
    if not isinstance(raw, Mapping):
        raise AlertConfigError(f"{where} must be a mapping")
    recipients = []
    for i, entry in enumerate(raw.get("recipients") or ()):
        at = f"{where}.recipients[{i}]"
        if not isinstance(entry, Mapping) or len({"email", "sms"} & set(entry)) != 1:
            raise AlertConfigError(f"{at} needs exactly one of email or sms")
        channel = "email" if "email" in entry else "sms"
        address = str(entry[channel]).strip()
        if not (_EMAIL if channel == "email" else _PHONE).fullmatch(address):
            raise AlertConfigError(f"{at}: {address!r} is not a valid {'e-mail address' if channel == 'email' else 'E.164 number'}")
        kinds = entry.get("kinds", "all")
        kinds = KINDS if kinds == "all" else tuple(str(k) for k in kinds)
        unknown = set(kinds) - set(KINDS)
        if unknown or not kinds:
            raise AlertConfigError(f"{at}: kinds must be 'all' or some of {KINDS}, not {sorted(unknown) or kinds}")
        recipients.append(Recipient(channel, address, kinds, bool(entry.get("hazardous_only", False))))
    digest = None
    if raw.get("digest") is not None:
        d = raw["digest"]
        hour, stale = d.get("hour"), d.get("stale_days", 5)
        emails = tuple(str(e).strip() for e in d.get("email") or ())
        if not isinstance(hour, int) or not 0 <= hour <= 23:
            raise AlertConfigError(f"{where}.digest.hour must be an hour from 0 to 23")
        if not isinstance(stale, int) or stale < 1:
            raise AlertConfigError(f"{where}.digest.stale_days must be a whole number of days, at least 1")
        if not emails or not all(_EMAIL.fullmatch(e) for e in emails):
            raise AlertConfigError(f"{where}.digest.email must list valid e-mail addresses")
        digest = Digest(hour, stale, emails)
    return VillageAlerts(slug, tuple(recipients), digest)


@lru_cache(maxsize=4)
def _load(folder: str) -> Dict[str, VillageAlerts]:
    found = {}
    for path in sorted((Path(folder) / "villages").glob("*.yml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        slug = str(raw.get("slug") or path.stem)
        found[slug] = parse_alerts(slug, raw.get("alerts"))
    return found


def village_alerts(slug: str, folder: Optional[Path] = None) -> VillageAlerts:
    """The alert settings of village ``slug`` (none for a village without an ``alerts`` section)."""
    return _load(str(folder or data_dir())).get(slug) or VillageAlerts(slug)


def all_village_alerts(folder: Optional[Path] = None) -> Dict[str, VillageAlerts]:
    """Every village's alert settings, by slug."""
    return dict(_load(str(folder or data_dir())))


def email_off_notice(env: Optional[Mapping[str, str]] = None) -> Optional[str]:
    """The start-up line when alert e-mail is off (or misconfigured), else ``None``.

    :param env: the environment as the process read it (:func:`stormwater.store.settings.environment`)
    """
    try:
        settings = SmtpSettings.parse(environment() if env is None else env)
    except SettingsError as error:
        return f"[helpdesk] alert e-mail is OFF: {error}; alerts wait in the staff inbox"
    if settings is None:
        return "[helpdesk] alert e-mail is OFF (HELPDESK_SMTP_HOST is not set): new-report alerts wait in the staff inbox"
    return None
