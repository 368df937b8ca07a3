"""The real help desk on free loopback ports with a throwaway instance folder, for benchmarks.

Every benchmark that talks to the services uses :func:`running_helpdesk`, so none of them ever
touches the project's own database, and they all start the services exactly as ``make run``
does (``ops.launcher``).
"""
from __future__ import annotations

import contextlib
import os
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterator, List, Optional

from ops.launcher import Settings, Supervisor, free_port

READY_TIMEOUT = 300
# The token the benchmarks sign their texts with; the web process inherits it from os.environ.
BENCH_TWILIO_TOKEN = "bench-token-not-a-secret"
# Rate limits of the web app (web/__init__.py). The benchmarks leave them as they are by
# default: loopback is exempt from the per-address limit, and every simulated conversation
# has its own sender and stays under the per-sender allowance, so 429s in a table are real.
# ``raise_rate_limits=True`` raises them for the throwaway services, and the tables say so.
RATE_LIMIT_VARIABLES = ("RATE_LIMIT_PER_SENDER", "RATE_LIMIT_PER_IP")
RAISED_RATE_LIMIT = "100000"


@dataclass
class Running:
    """A started help desk: its supervisor, its base URL and how long it took to answer."""

    supervisor: Supervisor
    base_url: str
    startup_seconds: float
    instance: Path
    raised_rate_limits: List[str]


def rate_limit_variables() -> List[str]:
    """The rate-limit environment variables the web app reads (none if it has no rate limits)."""
    from stormwater.store.paths import REPO_ROOT

    source = "".join(p.read_text() for p in (REPO_ROOT / "web").glob("*.py"))
    return [name for name in RATE_LIMIT_VARIABLES if name in source]


@contextlib.contextmanager
def running_helpdesk(
    raise_rate_limits: bool = False, env: Optional[Dict[str, str]] = None, model: Optional[Path] = None,
    replicas: int = 1,
) -> Iterator[Running]:
    """Start the three services, wait until they answer, yield, stop them.

    :param raise_rate_limits: raise any rate limit the web app has (said in the output)
    :param env: extra environment variables for the services
    :param model: a Rasa model other than the project's (to compare configurations)
    :param replicas: more than 1 starts that many Rasa servers over Redis and PostgreSQL of
        their own (``ops.local_stores``), as ``RASA_REPLICAS`` does
    """
    os.environ.setdefault("TWILIO_AUTH_TOKEN", BENCH_TWILIO_TOKEN)
    if threading.current_thread() is threading.main_thread():
        # The services run in sessions of their own: a benchmark stopped with SIGTERM must
        # still stop them (SystemExit runs the ``finally`` below).
        signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    raised = rate_limit_variables() if raise_rate_limits else []
    saved = {k: os.environ.get(k) for k in [*raised, *(env or {})]}
    os.environ.update({name: RAISED_RATE_LIMIT for name in raised}, **(env or {}))
    try:
        with contextlib.ExitStack() as stack:
            instance = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="helpdesk-bench-")))
            settings = Settings(web_port=free_port(), rasa_port=free_port(), action_port=free_port(), instance=instance)
            if replicas > 1:
                from ops.local_stores import local_stores

                stores = stack.enter_context(local_stores())
                settings.rasa_replicas = replicas
                settings.replica_ports = [free_port() for _ in range(replicas)]
                settings.lock_store_url, settings.tracker_store_url = stores.lock_store_url, stores.tracker_store_url
            if model is not None:
                settings.model = model.resolve()
            supervisor = Supervisor(settings, log_dir=instance / "logs")
            started = time.monotonic()
            supervisor.start()
            try:
                if not supervisor.wait_ready(timeout=READY_TIMEOUT):
                    raise SystemExit(f"services did not become ready within {READY_TIMEOUT} s")
                yield Running(supervisor, f"http://127.0.0.1:{settings.web_port}", time.monotonic() - started, instance, raised)
            finally:
                supervisor.stop()
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def load_average() -> str:
    """The 1/5/15-minute load average, for the tables (the machine is shared)."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.1f} / {five:.1f} / {fifteen:.1f}"
