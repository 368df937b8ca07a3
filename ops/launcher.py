"""Run the whole help desk: the action server, the Rasa server and the Flask app, supervised.

Rasa and the action server listen on 127.0.0.1 only; the Flask app is the one public face.
Rasa's HTTP API is off (the web app only uses the REST channel's webhook); ``RASA_ENABLE_API=1``
turns it on, always behind a token. Rasa keeps conversations in ``instance/trackers.db``
(``ops.tracker_store``), so a restart loses none. A process that dies is restarted (with a
growing pause) and the restart logged; Ctrl-C or SIGTERM stops them front to back (web app,
then Rasa, then the action server, then the alert worker of ``ops.alerts_worker``), each
finishing the requests it has first. Each service's whole output goes to
``<instance>/logs/<service>.log``; the console gets it without the known-harmless noise of
``ops.console`` (TensorFlow's C++ log lines, libraries' deprecation warnings). End-to-end
tests start the same services with :class:`Supervisor` on free ports.

Several Rasa replicas, Rasa's own way (issue 19, ``docs/deployment.md``): ``RASA_REPLICAS=N``
starts N Rasa servers (on ``RASA_PORT``, ``RASA_PORT+1``, ...) that share Rasa's
``RedisLockStore`` (``RASA_LOCK_STORE_URL``, ``redis://[:password@]host:port/db``) and the
redacting SQL tracker store on PostgreSQL (``RASA_TRACKER_STORE_URL``,
``postgresql://user:password@host:port/db``); the web app spreads conversations over them.
More than one replica needs both URLs. Unset, nothing changes: one Rasa, the SQLite tracker
store, Rasa's in-memory lock store.
"""
from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, TextIO
from urllib.parse import unquote, urlsplit

from ops import retention
from ops.build import model_path, rasa_env
from ops.console import start_pump
from stormwater.store import spool
from stormwater.store.file_modes import create_private_file, make_private, private_folder
from stormwater.store.paths import REPO_ROOT
from stormwater.store.settings import database_path, default_public_url, environment, is_local_url
from stormwater.law.setup_check import example_contacts_banner
from stormwater.store.database import connect
from stormwater.law.villages import load_villages
from stormwater.alerts.config import email_off_notice
from web import load_or_create_secret

LOOPBACK = "127.0.0.1"
WARM_UP_SENDER = "helpdesk-warm-up"  # a conversation of its own, never a resident's
STOP_GRACE_SECONDS = 15
STABLE_SECONDS = 600  # a service that ran this long before dying starts its pauses afresh


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
    def from_env(cls) -> "Settings":
        """``HELPDESK_HOST``, ``HELPDESK_PORT``, ``RASA_PORT``, ``ACTION_PORT``, ``HELPDESK_INSTANCE``,
        ``RASA_TRACKER_DB``, ``RASA_ENABLE_API``, ``RASA_REPLICAS``, ``RASA_LOCK_STORE_URL``,
        ``RASA_TRACKER_STORE_URL``, ``HELPDESK_PUBLIC_URL``."""
        env = environment()
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


def endpoints_yaml(settings: Settings) -> str:
    """Rasa's endpoints: the action server on loopback, the redacting tracker store (SQLite, or
    PostgreSQL when ``tracker_store_url`` is set) and Redis's lock store when ``lock_store_url`` is."""
    secret_file = json.dumps(str((settings.instance / "secret_key").absolute()))
    # The domain goes only to the actions that read it (bot/domain.yml, send_domain).
    text = f"action_endpoint:\n  url: http://{LOOPBACK}:{settings.action_port}/webhook\n  enable_selective_domain: true\n"
    if settings.tracker_store_url:
        # Rasa passes ``url`` to the store as ``host``; SQLTrackerStore takes a whole
        # database URL there.
        text += (
            "tracker_store:\n"
            "  type: ops.tracker_store.RedactingSQLTrackerStore\n"
            "  dialect: postgresql\n"
            f"  url: {json.dumps(settings.tracker_store_url)}\n"
            f"  secret_file: {secret_file}\n"
        )
    else:
        text += (
            "tracker_store:\n"
            "  type: ops.tracker_store.RedactingSQLTrackerStore\n"
            "  dialect: sqlite\n"
            f"  db: {json.dumps(str(settings.trackers))}\n"
            f"  secret_file: {secret_file}\n"
        )
    if settings.lock_store_url:
        url = urlsplit(settings.lock_store_url)
        text += "lock_store:\n  type: redis\n"
        text += f"  url: {json.dumps(url.hostname or 'localhost')}\n  port: {url.port or 6379}\n"
        text += f"  db: {int((url.path or '/0').strip('/') or 0)}\n"
        if url.password:
            text += f"  password: {json.dumps(unquote(url.password))}\n"
        if url.username:
            text += f"  username: {json.dumps(unquote(url.username))}\n"
        if url.scheme == "rediss":
            text += "  use_ssl: true\n"
        text += "  key_prefix: helpdesk\n"
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


def services(settings: Settings) -> List[Service]:
    """The processes of the help desk, in start order: the alert worker, the action server,
    Rasa, the web app."""
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
    for path in make_private(settings.instance, [_database(settings), settings.trackers]):
        print(f"[helpdesk] {path} was readable by other users; now private (0600, folders 0700)", flush=True)
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
    replicas = [
        Service(
            "rasa" if number == 0 else f"rasa-{number + 1}",
            [
                # Rasa's own command line, with the action-answer schema checked once (ops/rasa_server.py).
                py, "-m", "ops.rasa_server", "run", "--model", str(settings.model),
                "--endpoints", str(endpoints), "--credentials", "bot/credentials.yml",
                "--interface", LOOPBACK, "--port", str(port), *rasa_api_args(settings),
            ],
            dict(env, **shared),
            f"http://{LOOPBACK}:{port}/webhooks/rest/",
        )
        for number, port in enumerate(settings.rasa_ports)
    ]
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
        *replicas,
        Service(
            "web",
            [
                py, "-m", "ops.web_server", "--host", settings.web_host, "--port", str(settings.web_port),
                "--threads", "8",
            ],
            web_env,
            f"http://{LOOPBACK if settings.web_host in ('0.0.0.0', '::') else settings.web_host}:{settings.web_port}/api/health",
        ),
    ]


def _ready(service: Service) -> bool:
    if service.health_url is None:
        return service.process is not None and service.process.poll() is None
    return answers(service.health_url)


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now (for tests and benchmarks)."""
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


def warm_up(rest_url: str, timeout: float) -> bool:
    """One throwaway turn (NLU, policies, an action) through Rasa's REST channel at ``rest_url``.

    Rasa's first turn sets up TensorFlow's graphs and can take longer than the web app's Rasa
    timeout on a busy machine; paid here, the first resident does not get "try again later".
    """
    request = urllib.request.Request(
        rest_url.rstrip("/") + "/webhook",
        data=json.dumps({"sender": WARM_UP_SENDER, "message": "hello"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return 200 <= response.status < 300
    except Exception:
        return False


def answers(url: str, timeout: float = 2.0) -> bool:
    """Whether ``url`` answers with a 2xx status."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return 200 <= response.status < 300
    except Exception:
        return False


class Supervisor:
    """Starts services, waits until they answer, restarts the ones that die, stops them all.

    :param log_dir: where each service's whole output goes (``<name>.log``); None: the console
    :param console: also show this stream each service's output but known-harmless noise
        (``ops.console``: TensorFlow's C++ log lines, libraries' deprecation warnings, ...)
    """

    def __init__(self, settings: Settings, log_dir: Optional[Path] = None, console: Optional[TextIO] = None):
        self.settings = settings
        self.services = services(settings)
        self.log_dir = log_dir
        self.console = console
        self.stopping = False

    def _spawn(self, service: Service) -> None:
        out = None
        if self.log_dir:
            private_folder(self.log_dir)
            # Residents' words can appear in a log: readable by the operator only, like the instance folder.
            out = os.fdopen(os.open(self.log_dir / f"{service.name}.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "ab")
        piped = self.console is not None
        service.started_at = time.monotonic()
        # A session of its own: Ctrl-C in the terminal reaches only the launcher, which then
        # stops the services in order instead of all of them at once.
        service.process = subprocess.Popen(
            service.argv, cwd=REPO_ROOT, env=service.env, stdout=subprocess.PIPE if piped else out,
            stderr=subprocess.STDOUT if (out or piped) else None, start_new_session=True,
        )
        if piped:
            service.pump = start_pump(service.process.stdout, out, self.console)
        elif out:
            out.close()  # the child has its own copy

    def start(self, names: Optional[List[str]] = None) -> None:
        """Start the named services (all by default)."""
        for service in self.services:
            if names is None or service.name in names:
                self._spawn(service)

    def service(self, name: str) -> Service:
        """The service called ``name``."""
        return next(s for s in self.services if s.name == name)

    def wait_ready(self, timeout: float = 180.0, names: Optional[List[str]] = None) -> bool:
        """Block until every named service answers its health URL, or ``timeout`` passes."""
        deadline = time.monotonic() + timeout
        pending = [s for s in self.services if names is None or s.name in names]
        while pending and time.monotonic() < deadline and not self.stopping:
            pending = [s for s in pending if not _ready(s)]
            if pending:
                time.sleep(0.5)
        if not pending:
            for service in self.services:
                if service.name.startswith("rasa") and (names is None or service.name in names):
                    if not warm_up(service.health_url, max(5.0, deadline - time.monotonic())):
                        print(f"[helpdesk] {service.name}: the warm-up turn did not answer", flush=True)
        return not pending

    def restart_dead(self) -> List[str]:
        """Restart every service whose process has exited; returns their names."""
        restarted = []
        for service in self.services:
            if service.process is not None and service.process.poll() is not None and not self.stopping:
                print(f"[helpdesk] {service.name} exited with {service.process.returncode}; restarting", flush=True)
                if time.monotonic() - service.started_at >= STABLE_SECONDS:
                    service.restarts = 0  # an occasional crash, not a crash loop
                service.restarts += 1
                time.sleep(min(30, 2 ** min(service.restarts, 5)))
                self._spawn(service)
                restarted.append(service.name)
        return restarted

    def stop(self, names: Optional[List[str]] = None, grace: float = STOP_GRACE_SECONDS) -> None:
        """Stop the named services (all by default) in reverse start order, one after the other.

        Each gets SIGTERM and ``grace`` seconds to finish its requests before SIGKILL. One at
        a time, front to back: a web request still in flight needs Rasa, and Rasa's needs the
        action server, until it is answered.
        """
        chosen = [s for s in reversed(self.services) if (names is None or s.name in names) and s.process]
        for service in chosen:
            started = time.monotonic()
            if service.process.poll() is None:
                service.process.send_signal(signal.SIGTERM)
            try:
                code = service.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                service.process.kill()
                code = service.process.wait()
                self._drain(service)
                print(f"[helpdesk] {service.name} killed after {grace:.0f} s", flush=True)
            else:
                self._drain(service)
                print(f"[helpdesk] {service.name} stopped ({code}) in {time.monotonic() - started:.1f} s", flush=True)

    @staticmethod
    def _drain(service: Service) -> None:
        # Its last lines ("[web] stopped after ...") reach the console before the launcher's.
        if service.pump is not None:
            service.pump.join(timeout=5)


def _database(settings: Settings) -> Path:
    return database_path(settings.instance)


def _drain_spool(settings: Settings) -> None:
    # Messages spooled while the database was locked move in as soon as it is free.
    database = _database(settings)
    if not spool.pending(database):
        return
    try:
        db = connect(database)
        try:
            moved = spool.drain(db, database)
        finally:
            db.close()
        print(f"[helpdesk] {moved} spooled messages moved into the database", flush=True)
    except Exception as error:  # noqa: BLE001  (tried again within a second)
        print(f"[helpdesk] spool not drained yet: {error!r}", flush=True)


def _apply_retention(settings: Settings) -> None:
    # A failure here must never stop the help desk: it is logged and tried again tomorrow.
    database = _database(settings)
    try:
        summary = retention.run(database, settings.tracker_store_url or settings.trackers, retention.retention_days())
    except Exception as error:  # noqa: BLE001
        summary = f"retention job failed: {error!r}"
    print(f"[helpdesk] {summary}", flush=True)


def _example_contacts_warning() -> Optional[str]:
    """The example-contacts box, to print under the ready line where the operator looks.

    Read before the services start: loading the village files later would delay the
    supervision loop's first round (retention, spool) into the first requests.
    """
    try:
        return example_contacts_banner(load_villages().values())
    except Exception as error:  # a broken village file is reported by the web app itself
        return f"[helpdesk] could not check the village files: {error}"


def local_url_warning(settings: Settings) -> Optional[str]:
    """The start-up warning when the public URL only opens on this computer or network."""
    url = settings.public_base_url
    if not is_local_url(url):
        return None
    how = "HELPDESK_PUBLIC_URL is" if settings.public_url else "HELPDESK_PUBLIC_URL is not set, so it is"
    return (f"[helpdesk] WARNING: {how} {url}, a local address: the links in texts and e-mails "
            "(letters, calendar files, the staff desk) will not open on residents' or staff's phones. "
            "Set HELPDESK_PUBLIC_URL to the address they reach (https://helpdesk.example.org).")


def main() -> None:
    """Run the help desk until interrupted."""
    settings = Settings.from_env()
    if not settings.model.exists():
        sys.exit(f"No trained model at {settings.model}: run `make run` (or `python -m ops.build`) first.")
    # The whole output of each service stays in the instance folder; the console gets it
    # without the noise an operator would take for failures.
    logs = settings.instance / "logs"
    supervisor = Supervisor(settings, log_dir=logs, console=sys.stdout)

    def _stop(signum, frame):
        supervisor.stopping = True

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGHUP, _stop)  # the terminal closed: the services would not hear of it
    warning = _example_contacts_warning()
    print(f"[helpdesk] each service's full output: {logs}/<service>.log", flush=True)
    supervisor.start()
    try:
        started = time.monotonic()
        ready = supervisor.wait_ready(timeout=300)
        state = "ready" if ready else "NOT ready yet (still starting?)"
        print(
            f"[helpdesk] {state} after {time.monotonic() - started:.0f} s: "
            f"http://{settings.web_host}:{settings.web_port}/  (Ctrl-C stops)",
            flush=True,
        )
        if warning:
            print(warning, file=sys.stderr, flush=True)
        local_url = local_url_warning(settings)
        if local_url:
            print(local_url, file=sys.stderr, flush=True)
        email_off = email_off_notice()
        if email_off:
            print(email_off, file=sys.stderr, flush=True)
        next_retention = time.monotonic()
        while not supervisor.stopping:
            supervisor.restart_dead()
            _drain_spool(settings)
            if time.monotonic() >= next_retention:
                next_retention = time.monotonic() + retention.DAY_SECONDS
                _apply_retention(settings)
            time.sleep(1)
        print("[helpdesk] stopping...", flush=True)
    finally:
        # Also when the launcher itself fails: the services, in sessions of their own,
        # would otherwise outlive it.
        supervisor.stop()


if __name__ == "__main__":
    main()
