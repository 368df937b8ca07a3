"""Starts the help desk's services, waits until they answer, restarts the ones that die and
stops them front to back (``ops.launcher``; end-to-end tests and benches start the same
services with :class:`Supervisor` on free ports).

Each service's whole output goes to ``<log_dir>/<service>.log``; the console gets it without
the known-harmless noise of ``ops.console``.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import List, Optional, TextIO

from ops.console import say, start_pump
from ops.service_settings import LOOPBACK, Settings
from ops.services import Service, services
from stormwater.store.file_modes import private_folder
from stormwater.store.paths import REPO_ROOT

WARM_UP_SENDER = "helpdesk-warm-up"  # a conversation of its own, never a resident's
STOP_GRACE_SECONDS = 15
STABLE_SECONDS = 600  # a service that ran this long before dying starts its pauses afresh


def answers(url: str, timeout: float = 2.0) -> bool:
    """Whether ``url`` answers with a 2xx status."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return 200 <= response.status < 300
    except Exception:
        return False


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


class Supervisor:
    """Starts services, waits until they answer, restarts the ones that die, stops them all.

    :param log_dir: where each service's whole output goes (``<name>.log``); None: the console
    :param console: also show this stream each service's output but known-harmless noise
        (``ops.console``: TensorFlow's C++ log lines, libraries' deprecation warnings, ...);
        when it closes (a pipe whose reader left), :attr:`stopping` is set
    """

    stopping = False

    def __init__(self, settings: Settings, log_dir: Optional[Path] = None, console: Optional[TextIO] = None):
        self.settings = settings
        self.services = services(settings)
        self.log_dir = log_dir
        self.console = console
        self.stopping = False

    def console_closed(self) -> None:
        """Nobody reads the console any more: stop, as for SIGHUP."""
        self.stopping = True

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
            service.pump = start_pump(service.process.stdout, out, self.console, self.console_closed)
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
                        say(f"[helpdesk] {service.name}: the warm-up turn did not answer")
        return not pending

    def restart_dead(self) -> List[str]:
        """Restart every service whose process has exited; returns their names."""
        restarted = []
        for service in self.services:
            if service.process is not None and service.process.poll() is not None and not self.stopping:
                say(f"[helpdesk] {service.name} exited with {service.process.returncode}; restarting")
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
        action server, until it is answered. Nothing printed can interrupt it (a closed console
        is skipped).
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
                service.process.wait()
                self._drain(service)
                say(f"[helpdesk] {service.name} killed after {grace:.0f} s")
            else:
                self._drain(service)
                say(f"[helpdesk] {service.name} stopped ({code}) in {time.monotonic() - started:.1f} s")

    @staticmethod
    def _drain(service: Service) -> None:
        # Its last lines ("[web] stopped after ...") reach the console before the launcher's.
        if service.pump is not None:
            service.pump.join(timeout=5)
