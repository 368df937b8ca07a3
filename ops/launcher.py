"""Run the whole help desk (``make run``): the alert worker, the action server, the Rasa server
and the Flask app, supervised.

The services, what each is started with and where it listens: ``ops.services`` and
``ops.service_settings``; starting, restarting and stopping them: ``ops.supervisor``. This
module is the command: it reads the settings once, starts everything, keeps the housekeeping
going (spooled messages moved in, the daily retention job) and stops the services front to
back (web app, Rasa, action server, alert worker) when it is told to or has to: Ctrl-C,
SIGTERM, SIGHUP (the terminal closed), SIGPIPE or a console nobody reads any more (its stdout
a closed pipe), or a failure of its own. Each service's whole output goes to
``<instance>/logs/<service>.log``; the console gets it without the known-harmless noise of
``ops.console``.

Several Rasa replicas, Rasa's own way (issue 19, ``docs/deployment.md``): ``RASA_REPLICAS=N``
starts N Rasa servers (on ``RASA_PORT``, ``RASA_PORT+1``, ...) that share Rasa's
``RedisLockStore`` (``RASA_LOCK_STORE_URL``) and the redacting SQL tracker store on PostgreSQL
(``RASA_TRACKER_STORE_URL``); the web app spreads conversations over them.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from typing import Callable, List, Optional

from ops import retention
from ops.console import say
from ops.service_settings import LOOPBACK, Settings
from ops.services import Service, rasa_api_args, services
from ops.supervisor import STABLE_SECONDS, WARM_UP_SENDER, Supervisor, answers, free_port, warm_up
from stormwater.alerts.config import email_off_notice
from stormwater.law.setup_check import example_contacts_banner
from stormwater.law.villages import load_villages
from stormwater.store import spool
from stormwater.store.database import connect
from stormwater.store.settings import database_path, is_local_url

# What tests, benches and ops/backup.py import from the launcher by its old names.
__all__ = [
    "LOOPBACK", "STABLE_SECONDS", "WARM_UP_SENDER", "Service", "Settings", "Supervisor", "answers",
    "free_port", "local_url_warning", "main", "rasa_api_args", "run", "services", "warm_up",
]

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGPIPE)
ENVIRONMENT_HELP = """\
environment (README.md, "Configuration"): HELPDESK_HOST, HELPDESK_PORT, RASA_PORT, ACTION_PORT,
HELPDESK_INSTANCE, HELPDESK_DATABASE, RASA_TRACKER_DB, HELPDESK_PUBLIC_URL, RASA_ENABLE_API,
RASA_AUTH_TOKEN, RASA_REPLICAS, RASA_LOCK_STORE_URL, RASA_TRACKER_STORE_URL, and the web app's,
SMS and SMTP settings passed on to the services.
"""


def parse_args(argv: Optional[List[str]]) -> argparse.Namespace:
    """The command line: no arguments but ``--help`` (settings come from the environment)."""
    parser = argparse.ArgumentParser(
        prog="python -m ops.launcher",
        description="Run the Stormwater Help Desk (alert worker, action server, Rasa, web app) "
        "until Ctrl-C, SIGTERM or SIGHUP, then stop each service in order.",
        epilog=ENVIRONMENT_HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser.parse_args(argv)


def _database(settings: Settings):
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
        say(f"[helpdesk] {moved} spooled messages moved into the database")
    except Exception as error:  # noqa: BLE001  (tried again within a second)
        say(f"[helpdesk] spool not drained yet: {error!r}")


def _apply_retention(settings: Settings) -> None:
    # A failure here must never stop the help desk: it is logged and tried again tomorrow.
    database = _database(settings)
    try:
        summary = retention.run(database, settings.tracker_store_url or settings.trackers, retention.retention_days())
    except Exception as error:  # noqa: BLE001
        summary = f"retention job failed: {error!r}"
    say(f"[helpdesk] {summary}")


class Housekeeping:
    """What the launcher does every second besides restarting services: spooled messages
    moved in, and the retention job once a day (first at start)."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.next_retention = time.monotonic()

    def __call__(self) -> None:
        _drain_spool(self.settings)
        if time.monotonic() >= self.next_retention:
            self.next_retention = time.monotonic() + retention.DAY_SECONDS
            _apply_retention(self.settings)


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


def announce_ready(supervisor: Supervisor, settings: Settings, contacts_warning: Optional[str]) -> None:
    """Wait for the services, then say so, with the warnings an operator must see."""
    started = time.monotonic()
    ready = supervisor.wait_ready(timeout=300)
    state = "ready" if ready else "NOT ready yet (still starting?)"
    say(f"[helpdesk] {state} after {time.monotonic() - started:.0f} s: "
        f"http://{settings.web_host}:{settings.web_port}/  (Ctrl-C stops)")
    for warning in (contacts_warning, local_url_warning(settings), email_off_notice()):
        if warning:
            say(warning, sys.stderr)


def stop_on_signals(supervisor: Supervisor) -> None:
    """Ctrl-C, SIGTERM, SIGHUP (the terminal closed: the services, in sessions of their own,
    would not hear of it) and SIGPIPE (the console's reader left) stop the services in order."""

    def _stop(signum, frame):
        supervisor.stopping = True

    for number in STOP_SIGNALS:
        signal.signal(number, _stop)


def _quiet_closed_stdout() -> None:
    # A console that closed would make Python's own last flush print a BrokenPipeError.
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def run(supervisor: Supervisor, housekeeping: Callable[[], None] = lambda: None,
        announce: Callable[[], None] = lambda: None) -> None:
    """Start the services, ``announce`` them, then restart the dead and do the
    ``housekeeping`` every second until told to stop; stop the services in order whatever
    ends the loop (a signal, a closed console, a failure of the launcher's own)."""
    stop_on_signals(supervisor)
    supervisor.start()
    try:
        announce()
        while not supervisor.stopping:
            supervisor.restart_dead()
            housekeeping()
            time.sleep(1)
        say("[helpdesk] stopping...")
    finally:
        supervisor.stop()
        _quiet_closed_stdout()


def main(argv: Optional[List[str]] = None) -> None:
    """Run the help desk until interrupted."""
    parse_args(sys.argv[1:] if argv is None else argv)
    settings = Settings.from_env()
    if not settings.model.exists():
        sys.exit(f"No trained model at {settings.model}: run `make run` (or `python -m ops.build`) first.")
    # The whole output of each service stays in the instance folder; the console gets it
    # without the noise an operator would take for failures.
    logs = settings.instance / "logs"
    supervisor = Supervisor(settings, log_dir=logs, console=sys.stdout)
    warning = _example_contacts_warning()
    say(f"[helpdesk] each service's full output: {logs}/<service>.log")
    run(supervisor, Housekeeping(settings), lambda: announce_ready(supervisor, settings, warning))


if __name__ == "__main__":
    main()
