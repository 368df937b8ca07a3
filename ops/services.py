"""The processes of the help desk and what each is started with (``ops.launcher``).

Rasa and the action server listen on 127.0.0.1 only; the Flask app is the one public face.
Rasa's HTTP API is off unless ``RASA_ENABLE_API=1``, and then always behind a token. Rasa keeps
conversations in the redacting tracker store (``ops.tracker_store``): SQLite, or PostgreSQL
shared by several replicas with Redis's lock store (``docs/deployment.md``).
"""
from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional
from urllib.parse import unquote, urlsplit

from ops.build import rasa_env
from ops.service_settings import LOOPBACK, Settings
from stormwater.store.file_modes import create_private_file, make_private, private_folder
from stormwater.store.settings import database_path, environment
from web import load_or_create_secret


@dataclass
class Service:
    """One supervised process and the URL that answers once it is ready."""

    name: str
    argv: List[str]
    env: Dict[str, str]
    health_url: Optional[str]  # None: ready while the process runs
    process: Optional[subprocess.Popen] = None
    restarts: int = 0
    started_at: float = 0.0  # time.monotonic() of the last spawn
    pump: Optional[threading.Thread] = None  # copies its output to the log and the console


def _tracker_store_yaml(settings: Settings, secret_file: str) -> str:
    if settings.tracker_store_url:
        # Rasa passes ``url`` to the store as ``host``; SQLTrackerStore takes a whole
        # database URL there.
        return (
            "tracker_store:\n"
            "  type: ops.tracker_store.RedactingSQLTrackerStore\n"
            "  dialect: postgresql\n"
            f"  url: {json.dumps(settings.tracker_store_url)}\n"
            f"  secret_file: {secret_file}\n"
        )
    return (
        "tracker_store:\n"
        "  type: ops.tracker_store.RedactingSQLTrackerStore\n"
        "  dialect: sqlite\n"
        f"  db: {json.dumps(str(settings.trackers))}\n"
        f"  secret_file: {secret_file}\n"
    )


def _lock_store_yaml(lock_store_url: str) -> str:
    url = urlsplit(lock_store_url)
    text = "lock_store:\n  type: redis\n"
    text += f"  url: {json.dumps(url.hostname or 'localhost')}\n  port: {url.port or 6379}\n"
    text += f"  db: {int((url.path or '/0').strip('/') or 0)}\n"
    if url.password:
        text += f"  password: {json.dumps(unquote(url.password))}\n"
    if url.username:
        text += f"  username: {json.dumps(unquote(url.username))}\n"
    if url.scheme == "rediss":
        text += "  use_ssl: true\n"
    return text + "  key_prefix: helpdesk\n"


def endpoints_yaml(settings: Settings) -> str:
    """Rasa's endpoints: the action server on loopback, the redacting tracker store (SQLite, or
    PostgreSQL when ``tracker_store_url`` is set) and Redis's lock store when ``lock_store_url`` is."""
    secret_file = json.dumps(str((settings.instance / "secret_key").absolute()))
    # The domain goes only to the actions that read it (bot/domain.yml, send_domain).
    text = f"action_endpoint:\n  url: http://{LOOPBACK}:{settings.action_port}/webhook\n  enable_selective_domain: true\n"
    text += _tracker_store_yaml(settings, secret_file)
    if settings.lock_store_url:
        text += _lock_store_yaml(settings.lock_store_url)
    return text


def rasa_api_token(instance: Path) -> str:
    """``RASA_AUTH_TOKEN``, else a random token kept in ``<instance>/rasa_auth_token`` (mode 0600)."""
    from_env = environment().get("RASA_AUTH_TOKEN", "").strip()
    if from_env:
        return from_env
    path = instance / "rasa_auth_token"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_urlsafe(32))
    return path.read_text().strip()


def rasa_api_args(settings: Settings) -> List[str]:
    """Rasa's HTTP API switch: nothing (off), or ``--enable-api --auth-token=<token>``."""
    if not settings.rasa_api:
        return []
    # One argument with "=": a token that starts with "-" (token_urlsafe makes one in 64)
    # would otherwise be read as an option, and Rasa would refuse to start.
    return ["--enable-api", f"--auth-token={rasa_api_token(settings.instance)}"]


def prepare_instance(settings: Settings) -> Path:
    """The instance folder made ready for the services (private files, the secret the
    tracker store keys its hashes with, Rasa's endpoints); returns the endpoints file."""
    private_folder(settings.instance)
    # The tracker store keys its hashes with the web app's secret: make sure it exists
    # before Rasa starts, whichever process would have created it first.
    load_or_create_secret(str(settings.instance))
    if not settings.tracker_store_url:
        private_folder(settings.trackers.parent)
        create_private_file(settings.trackers)  # Rasa (SQLAlchemy) would make it 0644
    endpoints = settings.instance / "endpoints.yml"
    create_private_file(endpoints)  # write_text keeps the mode of an existing file
    endpoints.write_text(endpoints_yaml(settings))
    for path in make_private(settings.instance, [database_path(settings.instance), settings.trackers]):
        print(f"[helpdesk] {path} was readable by other users; now private (0600, folders 0700)", flush=True)
    return endpoints


def _rasa_replicas(settings: Settings, endpoints: Path, env: Dict[str, str]) -> List[Service]:
    return [
        Service(
            "rasa" if number == 0 else f"rasa-{number + 1}",
            [
                # Rasa's own command line, with the action-answer schema checked once (ops/rasa_server.py).
                sys.executable, "-m", "ops.rasa_server", "run", "--model", str(settings.model),
                "--endpoints", str(endpoints), "--credentials", "bot/credentials.yml",
                "--interface", LOOPBACK, "--port", str(port), *rasa_api_args(settings),
            ],
            env,
            f"http://{LOOPBACK}:{port}/webhooks/rest/",
        )
        for number, port in enumerate(settings.rasa_ports)
    ]


def services(settings: Settings) -> List[Service]:
    """The processes of the help desk, in start order: the alert worker, the action server,
    Rasa, the web app."""
    endpoints = prepare_instance(settings)
    env = rasa_env()
    py = sys.executable
    # The web app and the action server share one database (WAL lets both write).
    shared = {
        "HELPDESK_INSTANCE": str(settings.instance),
        "HELPDESK_DATABASE": str(database_path(settings.instance, env)),
        # One public URL for all: the actions' letter links, the alert worker's desk links and
        # the web app's Twilio signatures.
        "HELPDESK_PUBLIC_URL": settings.public_base_url,
    }
    # Several replicas: the web app's client spreads conversations over them (web/rasa_client.py).
    web_env = dict(env, RASA_URL=",".join(settings.rasa_urls), **shared)
    web_host = LOOPBACK if settings.web_host in ("0.0.0.0", "::") else settings.web_host
    return [
        # Started first and stopped last: alerts queued while the others stop still go out.
        # It answers no HTTP, so it counts as ready while it runs.
        Service("alerts", [py, "-m", "ops.alerts_worker"], dict(env, **shared), None),
        Service(
            "actions",
            [py, "-m", "rasa_sdk", "--actions", "actions", "--port", str(settings.action_port)],
            dict(env, SANIC_HOST=LOOPBACK, **shared),
            f"http://{LOOPBACK}:{settings.action_port}/health",
        ),
        *_rasa_replicas(settings, endpoints, dict(env, **shared)),
        Service(
            "web",
            [py, "-m", "ops.web_server", "--host", settings.web_host, "--port", str(settings.web_port), "--threads", "8"],
            web_env,
            f"http://{web_host}:{settings.web_port}/api/health",
        ),
    ]
