"""The help desk's settings, read from the environment once by each entry point.

The web app, the action server and the ``ops`` commands call :func:`start_process` at start
and pass what they need down. :func:`environment` is the one read of ``os.environ`` in the
project (``bench/`` aside): every other reader of a variable is handed the copy it returns.
"""
from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Dict, Mapping, Optional
from urllib.parse import urlsplit

from stormwater.store.paths import REPO_ROOT, use_data_dir
from stormwater.store.settings_sections import (  # noqa: F401 (SettingsError: for callers)
    JobSettings, ServiceSettings, SettingsError, SmsSettings, SmtpSettings, WebSettings,
)


def environment() -> Mapping[str, str]:
    """A read-only copy of this process's environment: the only place the help desk reads it."""
    return MappingProxyType(dict(os.environ))


def set_library_defaults(**values: str) -> None:
    """Set variables the libraries in this process read (TensorFlow's log level, the model hubs'
    offline switches) where the operator has not set them: the only place that writes the
    environment."""
    for name, value in values.items():
        os.environ.setdefault(name, value)


def force_library_values(**values: str) -> None:
    """Set variables the libraries in this process read, whatever the operator set: for the
    switches that keep the model hubs offline (no network here, docs/models.md)."""
    os.environ.update(values)


def instance_folder(environ: Optional[Mapping[str, str]] = None) -> Path:
    """``HELPDESK_INSTANCE``, else the repository's ``instance/`` folder."""
    env = environment() if environ is None else environ
    return Path(env.get("HELPDESK_INSTANCE") or REPO_ROOT / "instance")


def database_path(instance: Path, environ: Optional[Mapping[str, str]] = None) -> Path:
    """``HELPDESK_DATABASE``, else ``<instance>/helpdesk.db``: the one default for every process."""
    env = environment() if environ is None else environ
    return Path(env.get("HELPDESK_DATABASE") or Path(instance) / "helpdesk.db")


def trackers_path(instance: Path, environ: Optional[Mapping[str, str]] = None) -> Path:
    """``RASA_TRACKER_DB``, else ``<instance>/trackers.db``."""
    env = environment() if environ is None else environ
    return Path(env.get("RASA_TRACKER_DB") or Path(instance) / "trackers.db")


def default_public_url(host: str, port: int) -> str:
    """The address ``make run`` serves, as the public URL when none is set: a wildcard host
    (``0.0.0.0``) is reached on this computer as ``127.0.0.1``."""
    host = "127.0.0.1" if host in ("", "0.0.0.0") else "[::1]" if host == "::" else host
    return f"http://[{host}]:{port}" if ":" in host and not host.startswith("[") else f"http://{host}:{port}"


def is_local_url(url: str) -> bool:
    """Whether ``url`` only opens on this computer or its network (loopback, a private or
    link-local address, ``localhost``, no host at all): a link in a text would not open on a
    resident's phone."""
    host = (urlsplit(url.strip()).hostname or "").lower()
    if not host or host == "localhost" or host.endswith((".localhost", ".local")):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return "." not in host  # a bare machine name
    return address.is_loopback or address.is_private or address.is_link_local or address.is_unspecified


# Where the web layer serves a ticket's printable letter (``web/letters.py``): the one place
# the route is written, so replies get the address from the settings, not by building it.
LETTER_PATH = "/letters/"


@dataclass(frozen=True)
class ForwardTarget:
    """A village's own Open311 back end, to which every report filed here is posted."""

    url: str  # the GeoReport v2 base URL, e.g. https://crm.example.org/open311/v2
    key: str  # its API key (a secret: from the environment only)
    jurisdiction_id: str  # its jurisdiction_id for this village ("" if it serves one)
    service_codes: Mapping[str, str]  # our service code -> theirs (unlisted: the same code)


def forward_targets(environ: Mapping[str, str]) -> Dict[str, ForwardTarget]:
    """Each village's Open311 back end from ``HELPDESK_OPEN311_FORWARD_<VILLAGE>_URL`` and
    ``..._KEY`` (both needed), with optional ``..._JURISDICTION`` and ``..._SERVICES``
    (``spill=043,septic=051``); the village is the slug in capitals, ``-`` as ``_``."""
    targets = {}
    prefix, suffix = "HELPDESK_OPEN311_FORWARD_", "_URL"
    for name, url in environ.items():
        if not (name.startswith(prefix) and name.endswith(suffix)) or not url.strip():
            continue
        village = name[len(prefix):-len(suffix)]
        key = (environ.get(f"{prefix}{village}_KEY") or "").strip()
        if not key:
            raise ValueError(f"{name} is set but {prefix}{village}_KEY is not")
        pairs = [p.split("=", 1) for p in (environ.get(f"{prefix}{village}_SERVICES") or "").split(",") if "=" in p]
        slug = village.lower().replace("_", "-")
        targets[slug] = ForwardTarget(
            url=url.strip().rstrip("/"), key=key,
            jurisdiction_id=(environ.get(f"{prefix}{village}_JURISDICTION") or "").strip(),
            service_codes={ours.strip(): theirs.strip() for ours, theirs in pairs},
        )
    return targets


@dataclass(frozen=True)
class Settings:
    """This process's settings: paths, data folder and public URL shared by every process, and
    the sections each adapter reads (:attr:`web`, :attr:`sms`, :attr:`smtp`, :attr:`services`,
    :attr:`jobs`),
    parsed from the same copy of the environment when first asked for, so a bad value stops
    only the process that uses it, with an error naming the variable."""

    instance: Path
    database: Path
    trackers: Path
    data_dir: Path
    public_url: str  # "" when unset: no absolute links
    open311_forward: Mapping[str, ForwardTarget] = field(default_factory=dict)  # village slug -> its Open311 back end
    # The environment these were read from, for the settings an adapter parses itself (the web
    # app's limits, SMTP, Twilio): handed down, never read again. Holds secrets: not printed.
    environ: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def web(self) -> WebSettings:
        """The Flask app's settings (:class:`~stormwater.store.settings_sections.WebSettings`)."""
        return WebSettings.parse(self.environ)

    @cached_property
    def sms(self) -> SmsSettings:
        """Twilio and SMS turns."""
        return SmsSettings.parse(self.environ)

    @cached_property
    def smtp(self) -> Optional[SmtpSettings]:
        """How alert e-mail is sent; ``None`` when it is off."""
        return SmtpSettings.parse(self.environ)

    @cached_property
    def services(self) -> ServiceSettings:
        """Where ``make run``'s services listen, Rasa's replicas and stores."""
        return ServiceSettings.parse(self.environ)

    @cached_property
    def jobs(self) -> JobSettings:
        """The retention job's period and the alert worker's pace."""
        return JobSettings.parse(self.environ)

    def letter_url(self, token: str) -> str:
        """The printable letter's address for a ticket's letter token: absolute under the
        public URL (``make run`` always sets one), relative only when none is set."""
        return f"{self.public_url}{LETTER_PATH}{token}"

    def calendar_url(self, token: str) -> str:
        """The ``.ics`` file of a ticket's deadlines, next to its letter."""
        return f"{self.letter_url(token)}/deadlines.ics"

    @classmethod
    def from_env(cls, environ: Optional[Mapping[str, str]] = None) -> "Settings":
        """``HELPDESK_INSTANCE``, ``HELPDESK_DATABASE``, ``RASA_TRACKER_DB``,
        ``HELPDESK_DATA_DIR``, ``HELPDESK_PUBLIC_URL`` and ``HELPDESK_OPEN311_FORWARD_*``
        (:func:`forward_targets`)."""
        env = environment() if environ is None else environ
        instance = instance_folder(env)
        folder = env.get("HELPDESK_DATA_DIR")
        return cls(
            instance=instance,
            database=database_path(instance, env),
            trackers=trackers_path(instance, env),
            data_dir=Path(folder) if folder else REPO_ROOT / "data",
            public_url=(env.get("HELPDESK_PUBLIC_URL") or "").strip().rstrip("/"),
            open311_forward=forward_targets(env),
            environ=MappingProxyType(dict(env)),
        )


# The settings this process's entry point read (start_process), for the few domain functions
# that need one without a caller to hand it down (the staff desk link in alert texts).
_current: Optional[Settings] = None


def start_process(environ: Optional[Mapping[str, str]] = None) -> Settings:
    """What an entry point does first: read the settings once, make their data folder the
    process's (:func:`stormwater.store.paths.use_data_dir`) and keep them for :func:`current`,
    so nothing below the entry point reads the environment."""
    global _current
    settings = Settings.from_env(environ)
    use_data_dir(settings.data_dir)
    _current = settings
    return settings


def current() -> Settings:
    """The settings read by this process's :func:`start_process` (defaults when none ran)."""
    return _current if _current is not None else Settings.from_env({})
