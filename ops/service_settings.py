"""Where each service of ``make run`` listens and keeps its files (``ops.launcher``).

The launcher's working copy of the process's settings: the ``services`` section
(:class:`stormwater.store.settings_sections.ServiceSettings`) with the instance folder, the
model and the public URL; tests, benches and backups build their own with free ports.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import List, Mapping, Optional

from ops.build import model_path
from stormwater.store.paths import REPO_ROOT
from stormwater.store.settings import default_public_url, environment, instance_folder
from stormwater.store.settings_sections import LOOPBACK, ServiceSettings, check_replicas

# The fields read from the process's ``services`` section; the others are where files live.
SECTION_FIELDS = tuple(f.name for f in fields(ServiceSettings))


@dataclass
class Settings:
    """Where each process listens and keeps its files; read from the environment."""

    web_host: str = LOOPBACK
    web_port: int = 8000
    rasa_port: int = 5005
    action_port: int = 5055
    instance: Path = REPO_ROOT / "instance"
    model: Path = field(default_factory=model_path)
    tracker_db: Optional[Path] = None  # None: <instance>/trackers.db
    rasa_api: bool = False
    rasa_replicas: int = 1
    replica_ports: List[int] = field(default_factory=list)  # empty: rasa_port, rasa_port + 1, ...
    lock_store_url: Optional[str] = None  # redis://...; None: Rasa's in-memory lock store
    tracker_store_url: Optional[str] = None  # postgresql://...; None: the SQLite file
    public_url: Optional[str] = None  # HELPDESK_PUBLIC_URL; None: the address the web app serves

    @classmethod
    def from_env(cls, env: Optional[Mapping[str, str]] = None) -> "Settings":
        """From the process's copy of the environment (:func:`environment`), its
        :attr:`~stormwater.store.settings.Settings.services` section (``HELPDESK_HOST``,
        ``HELPDESK_PORT``, ``RASA_PORT``, ``ACTION_PORT``, ``RASA_ENABLE_API``, ``RASA_REPLICAS``,
        ``RASA_LOCK_STORE_URL``, ``RASA_TRACKER_STORE_URL``), ``HELPDESK_INSTANCE``,
        ``RASA_TRACKER_DB`` and ``HELPDESK_PUBLIC_URL``.

        :raises SettingsError: naming the variable that cannot be used
        """
        env = environment() if env is None else env
        section = ServiceSettings.parse(env)
        return cls(
            **{name: getattr(section, name) for name in SECTION_FIELDS},
            instance=instance_folder(env),
            tracker_db=Path(env["RASA_TRACKER_DB"]) if env.get("RASA_TRACKER_DB") else None,
            public_url=(env.get("HELPDESK_PUBLIC_URL") or "").strip() or None,
        )

    def check(self) -> None:
        """Refuse a replica set-up that would lose or mix up turns.

        :raises SettingsError: with what to set
        """
        check_replicas(self.rasa_replicas, self.lock_store_url, self.tracker_store_url)

    @property
    def rasa_ports(self) -> List[int]:
        """The port of each Rasa replica, in order."""
        if self.replica_ports:
            return list(self.replica_ports[: self.rasa_replicas])
        return [self.rasa_port + i for i in range(self.rasa_replicas)]

    @property
    def rasa_urls(self) -> List[str]:
        """Where the web app finds each Rasa replica."""
        return [f"http://{LOOPBACK}:{port}" for port in self.rasa_ports]

    @property
    def public_base_url(self) -> str:
        """The public URL every process links to (letters, ``.ics`` files, the staff desk),
        set once: ``HELPDESK_PUBLIC_URL``, else the address the web app serves."""
        return (self.public_url or default_public_url(self.web_host, self.web_port)).rstrip("/")

    @property
    def trackers(self) -> Path:
        """The SQLite file of Rasa's conversations (absolute: Rasa runs from the repository root)."""
        return (self.tracker_db or self.instance / "trackers.db").absolute()
