"""Where each service of ``make run`` listens and keeps its files (``ops.launcher``).

Read from the copy of the environment :func:`stormwater.store.settings.environment` returns;
tests, benches and backups build their own with free ports.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Mapping, Optional
from urllib.parse import urlsplit

from ops.build import model_path
from stormwater.store.paths import REPO_ROOT
from stormwater.store.settings import default_public_url, environment

LOOPBACK = "127.0.0.1"


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
        """``HELPDESK_HOST``, ``HELPDESK_PORT``, ``RASA_PORT``, ``ACTION_PORT``, ``HELPDESK_INSTANCE``,
        ``RASA_TRACKER_DB``, ``RASA_ENABLE_API``, ``RASA_REPLICAS``, ``RASA_LOCK_STORE_URL``,
        ``RASA_TRACKER_STORE_URL``, ``HELPDESK_PUBLIC_URL``."""
        env = environment() if env is None else env
        settings = cls(
            web_host=env.get("HELPDESK_HOST", LOOPBACK),
            web_port=int(env.get("HELPDESK_PORT", 8000)),
            rasa_port=int(env.get("RASA_PORT", 5005)),
            action_port=int(env.get("ACTION_PORT", 5055)),
            instance=Path(env.get("HELPDESK_INSTANCE", REPO_ROOT / "instance")),
            tracker_db=Path(env["RASA_TRACKER_DB"]) if env.get("RASA_TRACKER_DB") else None,
            rasa_api=env.get("RASA_ENABLE_API", "").strip().lower() in ("1", "true", "yes"),
            rasa_replicas=int(env.get("RASA_REPLICAS") or 1),
            lock_store_url=(env.get("RASA_LOCK_STORE_URL") or "").strip() or None,
            tracker_store_url=(env.get("RASA_TRACKER_STORE_URL") or "").strip() or None,
            public_url=(env.get("HELPDESK_PUBLIC_URL") or "").strip() or None,
        )
        settings.check()
        return settings

    def check(self) -> None:
        """Refuse a replica set-up that would lose or mix up turns.

        :raises ValueError: with what to set
        """
        if self.rasa_replicas < 1:
            raise ValueError("RASA_REPLICAS must be 1 or more")
        if self.rasa_replicas > 1 and not (self.lock_store_url and self.tracker_store_url):
            # Each replica would keep its own conversations and its own locks.
            raise ValueError(
                "RASA_REPLICAS > 1 needs RASA_LOCK_STORE_URL (redis://...) and "
                "RASA_TRACKER_STORE_URL (postgresql://...) shared by every replica"
            )
        if self.lock_store_url and urlsplit(self.lock_store_url).scheme not in ("redis", "rediss"):
            raise ValueError("RASA_LOCK_STORE_URL must be a redis:// or rediss:// URL")
        if self.tracker_store_url and not urlsplit(self.tracker_store_url).scheme.startswith("postgresql"):
            raise ValueError("RASA_TRACKER_STORE_URL must be a postgresql:// URL")

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
