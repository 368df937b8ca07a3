"""Latency and throughput under load: simulated residents on ``POST /api/chat`` and ``POST /sms``.

Run from the repository root after `make setup`: ``.venv/bin/python -m bench.chat_load``
(``--seconds`` per run, ``--residents 1 8 32``, ``--channels chat sms``, ``--url`` for a running
help desk; by default it starts its own services on free ports with a throwaway instance
folder). Each simulated resident is a thread that, one conversation after another, each with
its own sender id (or phone number), does what residents do: asks whether discharges are
allowed (two questions), asks about the law (a question and a thank-you), or, every fourth
resident, files a whole spill report (seven messages). Every message is timed from sending the
request to having the whole answer. Prints and records p50/p95/p99, messages per second and
errors per number of residents.
"""
from __future__ import annotations

import argparse
import itertools
import random
import statistics
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Dict, List

import requests

from bench.sms_latency import Sender, percentile

COMMAND = ".venv/bin/python -m bench.chat_load"
RESIDENTS = (1, 8, 32)
SECONDS = 30.0
VILLAGE_NUMBERS = {"bayville": "+15165550100", "poquott": "+16315550100"}  # sms_numbers in data/villages/
TARGETS = {"chat": "p95 <= 300 ms at 8 residents and >= 25 msg/s, no errors", "sms": "p99 <= 3 s, no errors"}

DISCHARGE_QUESTIONS = (
    "can I drain my pool into the street?", "my sump pump hose goes to the gutter, ok?",
    "is it ok to wash my car in the driveway", "can i dump used motor oil down the storm drain",
    "where can my dehumidifier water go", "can I rinse paint brushes into the catch basin",
    "can grass clippings go in the storm drain", "is ac condensate allowed to run to the street",
)
LAW_QUESTIONS = (
    "how much is the fine for dumping into the storm drain?", "how do I appeal a violation notice",
    "do I need a permit to connect to the storm sewer", "who is the stormwater management officer",
    "what is an MS4", "what are the rules about spills",
)
# Whose it is, the material, the amount and the drain come with the first message; the last
# "yes" confirms the read-back (issue 13).
SPILL_REPORT = (
    "I spilled a bucket of soapy water and it went into the storm drain", "12 Main St", "yesterday",
    "no", "Pat Lee", "516-555-0199", "yes",
)


def conversations(resident: int, rng: random.Random) -> List[str]:
    """The next conversation of simulated resident number ``resident``: its messages in order."""
    if resident % 4 == 3:
        return list(SPILL_REPORT)
    if rng.random() < 0.6:
        return rng.sample(DISCHARGE_QUESTIONS, 2)
    return [rng.choice(LAW_QUESTIONS), "thanks"]


@dataclass
class Result:
    seconds: float
    status: int
    error: bool


@dataclass
class Run:
    channel: str
    residents: int
    wall: float
    results: List[Result] = field(default_factory=list)
    conversations: int = 0

    def summary(self) -> Dict:
        seconds = [r.seconds for r in self.results] or [0.0]
        return {
            "messages": len(self.results), "conversations": self.conversations,
            "p50": percentile(seconds, 50), "p95": percentile(seconds, 95), "p99": percentile(seconds, 99),
            "max": max(seconds), "rate": len(self.results) / self.wall,
            "errors": sum(r.error for r in self.results),
            "throttled": sum(r.status == 429 for r in self.results),
        }


def chat_channel(base_url: str) -> Callable[[str, str, str, requests.Session], Result]:
    """A function that sends one chat message as a browser would."""

    def send(conversation: str, village: str, text: str, session: requests.Session) -> Result:
        started = time.perf_counter()
        try:
            response = session.post(
                f"{base_url}/api/chat", json={"sender": conversation, "message": text, "village": village}, timeout=30
            )
            ok = response.status_code == 200 and bool(response.json().get("messages"))
        except (requests.RequestException, ValueError):
            return Result(time.perf_counter() - started, 0, True)
        return Result(time.perf_counter() - started, response.status_code, not ok)

    return send


def sms_channel(base_url: str) -> Callable[[str, str, str, requests.Session], Result]:
    """A function that sends one signed text as Twilio would; the conversation id picks the phone."""
    sender = Sender(base_url)
    phones: Dict[str, str] = {}
    lock = threading.Lock()
    numbers = itertools.count(1)

    def send(conversation: str, village: str, text: str, session: requests.Session) -> Result:
        with lock:
            phone = phones.setdefault(conversation, f"+1516558{next(numbers) % 10000:04d}")
        r = sender.text(phone, text, to=VILLAGE_NUMBERS[village], session=session)
        return Result(r["seconds"], r["status"], r["error"])

    return send


def load(send: Callable, residents: int, seconds: float, channel: str = "chat", seed: int = 1) -> Run:
    """``residents`` simulated residents sending through ``send`` for ``seconds``; every message timed.

    A resident finishes the conversation it is in when the time is up, so spill reports are
    always whole.
    """
    run = Run(channel, residents, 0.0)
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def resident(number: int) -> None:
        rng = random.Random(seed * 1000 + number)
        session = requests.Session()  # one browser (or Twilio connection) per resident
        session.trust_env = False
        while time.monotonic() < deadline:
            conversation = f"load-{uuid.uuid4().hex}"
            village = rng.choice(sorted(VILLAGE_NUMBERS))
            for text in conversations(number, rng):
                result = send(conversation, village, text, session)
                with lock:
                    run.results.append(result)
            with lock:
                run.conversations += 1

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=residents) as pool:
        list(pool.map(resident, range(residents)))
    run.wall = time.monotonic() - started
    return run


def warm_up(send: Callable) -> None:
    """One conversation of each kind, not counted (Rasa loads parts of its pipeline lazily)."""
    session = requests.Session()
    for number in (0, 3):
        conversation = f"warm-{uuid.uuid4().hex}"
        for text in conversations(number, random.Random(0)):
            send(conversation, "bayville", text, session)


class MedianRun:
    """Several runs of one (channel, residents) as one row: each figure the median of the runs."""

    def __init__(self, runs: List[Run]):
        self.runs = runs
        self.channel, self.residents = runs[0].channel, runs[0].residents

    def summary(self) -> Dict:
        summaries = [run.summary() for run in self.runs]
        return {key: statistics.median(s[key] for s in summaries) for key in summaries[0]}


def verdict(channel: str, residents: int, s: Dict) -> str:
    if channel == "chat":
        if residents != 8:
            return "-"
        misses = []
        if s["p95"] > 0.3:
            misses.append(f"p95 {s['p95'] * 1000 - 300:.0f} ms over")
        if s["rate"] < 25:
            misses.append(f"{25 - s['rate']:.1f} msg/s short")
        if s["errors"]:
            misses.append(f"{s['errors']} errors")
        return "yes" if not misses else "no: " + ", ".join(misses)
    ok = s["p99"] <= 3.0 and not s["errors"]
    return "yes" if ok else f"no: p99 {s['p99']:.2f} s, {s['errors']} errors"


def table(runs: List[Run], loads: Dict[str, str]) -> str:
    rows = [
        "| endpoint | residents | messages | conversations | p50 | p95 | p99 | max | msg/s | errors | 429s | load avg | target met |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for run in runs:
        s = run.summary()
        endpoint = "`POST /api/chat`" if run.channel == "chat" else "`POST /sms` (signed)"
        rows.append(
            f"| {endpoint} | {run.residents} | {s['messages']} | {s['conversations']} | {s['p50'] * 1000:.0f} ms "
            f"| {s['p95'] * 1000:.0f} ms | {s['p99'] * 1000:.0f} ms | {s['max'] * 1000:.0f} ms | {s['rate']:.1f} "
            f"| {s['errors']} | {s['throttled']} | {loads[f'{run.channel}{run.residents}']} | {verdict(run.channel, run.residents, s)} |"
        )
    return "\n".join(rows)


def measure(base_url: str, channels: List[str], residents: List[int], seconds: float, repeat: int = 1) -> tuple:
    """Every (channel, residents) run in turn, ``repeat`` times (the median of each figure is
    kept); returns the runs and the load average after each."""
    from bench.services import load_average

    makers = {"chat": chat_channel, "sms": sms_channel}
    runs, loads = [], {}
    for channel in channels:
        send = makers[channel](base_url)
        warm_up(send)
        for n in residents:
            repeated = []
            for _ in range(repeat):
                repeated.append(load(send, n, seconds, channel))
                print(f"{channel} x{n}: {repeated[-1].summary()} load {load_average()}", flush=True)
            runs.append(MedianRun(repeated) if repeat > 1 else repeated[0])
            loads[f"{channel}{n}"] = load_average()
    return runs, loads


def main() -> None:
    """Run the load, print and record the table."""
    from bench.report import record
    from bench.services import running_helpdesk

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="base URL of a running help desk (default: start one on free ports)")
    parser.add_argument("--seconds", type=float, default=SECONDS, help="length of each run")
    parser.add_argument("--residents", type=int, nargs="+", default=list(RESIDENTS))
    parser.add_argument("--channels", nargs="+", choices=("chat", "sms"), default=["chat", "sms"])
    parser.add_argument("--section", default="Latency and throughput under load", help="docs/benchmarks.md section")
    parser.add_argument("--note", default="", help="a line saying what was changed for this run")
    parser.add_argument("--raise-rate-limits", action="store_true", help="raise the web app's rate limits (said in the output)")
    parser.add_argument("--runs", type=int, default=1, help="runs of each row; the table keeps the median of each figure")
    parser.add_argument("--replicas", type=int, default=1,
                        help="Rasa replicas over Redis and PostgreSQL of their own (ops/local_stores.py)")
    args = parser.parse_args()
    raised: List[str] = []
    if args.url:
        runs, loads = measure(args.url.rstrip("/"), args.channels, args.residents, args.seconds, args.runs)
    else:
        with running_helpdesk(raise_rate_limits=args.raise_rate_limits, replicas=args.replicas) as helpdesk:
            raised = helpdesk.raised_rate_limits
            runs, loads = measure(helpdesk.base_url, args.channels, args.residents, args.seconds, args.runs)
    notes = [
        "",
        f"Each run lasts {args.seconds:.0f} s (residents finish the conversation they are in). A conversation is two "
        "discharge questions (60%) or a law question and a thank-you (40%); every fourth resident files whole "
        "spill reports instead (seven messages each). Each conversation has its own sender id or phone number; texts "
        "are signed as Twilio signs them. An error is a failed request, a status other than 200 or an empty "
        "reply; 429s are counted apart. Load average is 1/5/15 min after the run: the machine is shared with "
        "other work, so latencies are noisy.",
        f"Targets: `/api/chat` {TARGETS['chat']}; `/sms` {TARGETS['sms']}.",
        f"Rate limits raised for these throwaway services: {', '.join(raised)}." if raised else (
            "Rate limits as configured (none raised): loopback is exempt from the per-address limit and each "
            "conversation stays within the per-sender allowance."
        ),
    ]
    if args.runs > 1:
        notes.append(f"Each figure is the median of {args.runs} runs; load average after the last.")
    if args.replicas > 1:
        notes.append(f"{args.replicas} Rasa replicas sharing Redis (lock store) and PostgreSQL (tracker store), "
                     "both on this machine (ops/local_stores.py).")
    if args.note:
        notes.append(args.note)
    command = COMMAND + "".join(
        f" {flag} {value}" for flag, value in (
            ("--seconds", f"{args.seconds:g}" if args.seconds != SECONDS else None),
            ("--residents", " ".join(map(str, args.residents)) if args.residents != list(RESIDENTS) else None),
            ("--channels", " ".join(args.channels) if args.channels != ["chat", "sms"] else None),
            ("--runs", str(args.runs) if args.runs > 1 else None),
            ("--replicas", str(args.replicas) if args.replicas > 1 else None),
        ) if value
    )
    record(args.section, command, table(runs, loads) + "\n" + "\n".join(notes))


if __name__ == "__main__":
    main()
