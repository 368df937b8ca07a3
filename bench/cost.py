"""Cost: memory of each process at rest and under load, training time, start-up time, database size.

Run from the repository root after `make setup`: ``.venv/bin/python -m bench.cost``
(``--train`` also times a full training into a temporary folder, about three minutes;
without it the training time of the last ``ops.build`` is read from beside the model).
The services run on free ports with a throwaway instance folder; the 10,000 tickets go to a
temporary database. Prints and records the table in docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Dict, Optional

import psutil

from ops.build import training_seconds_path
from ops.launcher import answers, free_port
from stormwater.store.paths import REPO_ROOT

COMMAND = ".venv/bin/python -m bench.cost"
TICKETS = 10_000
LOAD_RESIDENTS = 8
LOAD_SECONDS = 30.0
SAMPLE_EVERY = 0.25
TARGET_TOTAL_MB = 1536
TARGET_START_SECONDS = 30
TARGET_TRAIN_SECONDS = 180


def tree_rss(pid: int) -> int:
    """Resident set size of a process and all its children, in bytes."""
    try:
        root = psutil.Process(pid)
        return sum(p.memory_info().rss for p in [root, *root.children(recursive=True)])
    except psutil.NoSuchProcess:
        return 0


def rss_by_service(supervisor) -> Dict[str, int]:
    """Resident set size of each supervised service (with its children), in bytes."""
    return {s.name: tree_rss(s.process.pid) for s in supervisor.services if s.process}


def peak_rss_under_load(supervisor, base_url: str, seconds: float) -> tuple:
    """Highest RSS of each service while simulated residents chat; returns (peaks, run summary)."""
    from bench.chat_load import chat_channel, load

    peaks = rss_by_service(supervisor)
    done = threading.Event()
    summary: dict = {}

    def drive() -> None:
        summary.update(load(chat_channel(base_url), LOAD_RESIDENTS, seconds).summary())
        done.set()

    threading.Thread(target=drive, daemon=True).start()
    while not done.wait(SAMPLE_EVERY):
        for name, rss in rss_by_service(supervisor).items():
            peaks[name] = max(peaks[name], rss)
    return peaks, summary


def run_command_to_ready(timeout: float = 300) -> float:
    """Seconds from ``python -m ops.launcher`` (what ``make run`` ends with) to its "ready" line.

    Runs on free ports with a throwaway instance folder; stopped with SIGTERM afterwards.
    """
    with tempfile.TemporaryDirectory(prefix="helpdesk-bench-") as tmp:
        env = dict(
            os.environ, HELPDESK_PORT=str(free_port()), RASA_PORT=str(free_port()), ACTION_PORT=str(free_port()),
            HELPDESK_INSTANCE=tmp, HELPDESK_DATABASE=str(Path(tmp) / "helpdesk.db"), PYTHONUNBUFFERED="1",
        )
        started = time.monotonic()
        launcher = subprocess.Popen(
            [sys.executable, "-m", "ops.launcher"], cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True,
        )
        try:
            health = f"http://127.0.0.1:{env['HELPDESK_PORT']}/api/health"
            for line in launcher.stdout:
                if "ready" in line:
                    break
            seconds = time.monotonic() - started
            if not answers(health):
                raise SystemExit(f"the launcher said ready but {health} does not answer")
            return seconds
        finally:
            launcher.send_signal(signal.SIGTERM)
            try:
                launcher.wait(timeout=60)
            except subprocess.TimeoutExpired:
                launcher.kill()


BUILD_CHECK = """
import time
started = time.monotonic()
from ops.build import PIPELINE_INPUTS, PIPELINE_STAMP, _inputs_hash, training_hash
from stormwater.law.nlp_pipeline import DEFAULT_OUTPUT, build_pipeline
stamp = DEFAULT_OUTPUT / PIPELINE_STAMP
fresh = stamp.exists() and stamp.read_text().strip() == _inputs_hash(DEFAULT_OUTPUT.parent.parent.resolve(), PIPELINE_INPUTS, "spacy")
if not fresh:
    build_pipeline()  # in memory only: what ops.build would rebuild, without touching build/
training_hash()
print("fresh" if fresh else "rebuilt")
"""


def build_check_seconds() -> tuple:
    """(seconds, whether the pipeline was up to date) that ``ops.build`` spends before the launcher.

    Does what ``ops.build`` does when the model is up to date, without writing anything: checks
    (or, if stale, rebuilds in memory) the spaCy pipeline and hashes the training inputs. The
    virtual environment check of ``scripts/setup.sh`` is not counted.
    """
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", BUILD_CHECK], cwd=REPO_ROOT, check=True, capture_output=True, text=True)
    return time.monotonic() - started, done.stdout.strip().endswith("fresh")


def last_training_seconds() -> Optional[float]:
    """The training time ``ops.build`` saved beside the model, if any."""
    path = training_seconds_path()
    try:
        return float(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def sample_ticket(i: int) -> dict:
    """A realistic spill report: the answers, a nine-turn transcript and deadlines."""
    discovered = datetime(2026, 1, 1, 9, tzinfo=timezone.utc) + timedelta(hours=7 * i)
    turns = [
        ("resident", "I spilled a bucket of soapy water and it went into the storm drain"),
        ("bot", "If anyone is in danger or the material may be hazardous, call 911 first. Are you responsible?"),
        ("resident", "yes"), ("bot", "Where is it?"), ("resident", f"{i % 400} Main St"),
        ("bot", "When was it discovered?"), ("resident", "this morning around 9"),
        ("bot", "Did it reach a storm drain or catch basin?"), ("resident", "yes"),
        ("bot", "How much was released?"), ("resident", "about 2 gallons"),
        ("bot", "Your name?"), ("resident", "Pat Lee"), ("bot", "A phone number?"), ("resident", "516-555-0199"),
    ]
    return {
        "village": "bayville" if i % 2 else "poquott", "kind": "spill", "channel": "web" if i % 3 else "sms",
        "hazardous": False,
        "fields": {"material": "soapy water", "amount": "about 2 gallons", "reached_drain": True, "responsible": True},
        "transcript": [{"who": who, "text": text} for who, text in turns],
        "notify_by": discovered.date() + timedelta(days=1), "written_by": discovered.date() + timedelta(days=4),
        "discovered_at": discovered, "sender_key": f"{i:064x}", "reporter_name": "Pat Lee",
        "reporter_phone": "(516) 555-0199", "location": f"{i % 400} Main St", "now": discovered,
    }


def compacted_size(db, path: Path) -> int:
    """Bytes of the database file and its WAL after a checkpoint and VACUUM."""
    for statement in ("PRAGMA wal_checkpoint(TRUNCATE)", "VACUUM", "PRAGMA wal_checkpoint(TRUNCATE)"):
        db.execute(statement)
    wal = path.with_name(path.name + "-wal")
    return path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def database_bytes_per_tickets(n: int = TICKETS) -> tuple:
    """(bytes of a migrated empty database, bytes after filing ``n`` tickets and VACUUM)."""
    from stormwater.store.database import connect, migrate
    from stormwater.alerts import hooks
    from stormwater.reports.ticket_store import file_ticket

    hooks.register()  # as in the services: each ticket's alert rows count too
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tickets.db"
        db = connect(path)
        migrate(db)
        empty = compacted_size(db, path)
        # Only the size is measured: skip the per-ticket fsync the help desk does.
        db.execute("PRAGMA synchronous = OFF")
        for i in range(n):
            file_ticket(db, **sample_ticket(i))
        full = compacted_size(db, path)
        db.close()
    return empty, full


def mb(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MB"


def main() -> None:
    """Measure and record the cost table."""
    from bench.report import record
    from bench.services import load_average, running_helpdesk
    from bench.startup import training_seconds

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", action="store_true", help="time a full training into a temporary folder")
    parser.add_argument("--seconds", type=float, default=LOAD_SECONDS, help="length of the load run")
    args = parser.parse_args()

    train = training_seconds() if args.train else last_training_seconds()
    train_how = "timed now into a temporary folder, `bench.startup.training_seconds`" if args.train else f"last `ops.build`, from `{training_seconds_path().relative_to(REPO_ROOT)}`"
    check, pipeline_fresh = build_check_seconds()
    ready = run_command_to_ready()
    with running_helpdesk() as helpdesk:
        from bench.chat_load import chat_channel, warm_up

        warm_up(chat_channel(helpdesk.base_url))
        time.sleep(2)
        rest = rss_by_service(helpdesk.supervisor)
        peaks, summary = peak_rss_under_load(helpdesk.supervisor, helpdesk.base_url, args.seconds)
        load_avg = load_average()
    empty, full = database_bytes_per_tickets()

    total_rest, total_peak = sum(rest.values()), sum(peaks.values())
    rows = ["| measure | value | target |", "|---|---|---|"]
    rows.append(
        f"| training (`rasa train`, no cache) | {f'{train:.0f} s' if train else 'not recorded (run with --train)'} ({train_how}) "
        f"| <= {TARGET_TRAIN_SECONDS} s{'' if not train or train <= TARGET_TRAIN_SECONDS else f': missed by {train - TARGET_TRAIN_SECONDS:.0f} s'} |"
    )
    total_start = check + ready
    rows.append(
        f"| run command to all services answering, model up to date | {total_start:.1f} s ({check:.1f} s build check, "
        f"spaCy pipeline {'up to date' if pipeline_fresh else 'stale, rebuilt'}, "
        f"+ {ready:.1f} s `ops.launcher` to \"ready\") | <= {TARGET_START_SECONDS} s"
        f"{'' if total_start <= TARGET_START_SECONDS else f': missed by {total_start - TARGET_START_SECONDS:.0f} s'} |"
    )
    for name in rest:
        rows.append(f"| RSS `{name}` at rest / peak under load | {mb(rest[name])} / {mb(peaks[name])} | |")
    rows.append(
        f"| RSS all processes at rest / peak under load | {mb(total_rest)} / {mb(total_peak)} | <= {TARGET_TOTAL_MB} MB"
        f"{'' if total_peak <= TARGET_TOTAL_MB * 1024 * 1024 else ': missed'} |"
    )
    per = (full - empty) / TICKETS * 10_000
    rows.append(f"| ticket database per 10,000 tickets | {mb(per)} ({mb(empty)} empty, {mb(full)} with {TICKETS:,}, after VACUUM) | |")
    notes = [
        "",
        f"RSS is each service's process with its children (psutil), sampled every {SAMPLE_EVERY} s during {args.seconds:.0f} s "
        f"of {LOAD_RESIDENTS} simulated residents on `/api/chat` (bench/chat_load.py mix: {summary.get('messages', 0)} messages, "
        f"{summary.get('errors', 0)} errors); shared library pages count once per process, so the total overstates "
        f"physical memory a little. Load average after the load: {load_avg}. Tickets are realistic spill reports "
        "(answers, a fifteen-turn transcript, deadlines) filed with `stormwater.reports.ticket_store.file_ticket`, full-text index included.",
    ]
    record("Cost: training, start-up, memory, database size", COMMAND + (" --train" if args.train else ""), "\n".join(rows + notes))


if __name__ == "__main__":
    main()
