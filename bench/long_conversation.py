"""Cost of a message against the length of its conversation: one sender, 300 messages.

Run from the repository root: ``.venv/bin/python -m bench.long_conversation`` (``--messages``,
``--block``, ``--runs``; ``--profile DIR`` records a py-spy profile of each service while the
conversation runs). It starts the help desk on free ports with a throwaway instance folder
(``bench.services``) and sends the messages straight to Rasa's REST webhook, so that no rate
limit of the web app applies, one after the other from one sender. It prints the median time
per message for each block of 50 and the ratio of the last block's median to the first's
(issue 19 asks for at most 1.5), the median over ``--runs`` runs, with the load average.
"""
from __future__ import annotations

import argparse
import itertools
import signal
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import List, Optional

import requests

from bench.chat_load import DISCHARGE_QUESTIONS, LAW_QUESTIONS
from bench.services import load_average, running_helpdesk

COMMAND = ".venv/bin/python -m bench.long_conversation"
MESSAGES = 300
BLOCK = 50


def conversation(count: int) -> List[str]:
    """``count`` messages: the village, then discharge and law questions in turn, with thanks."""
    questions = itertools.cycle([*DISCHARGE_QUESTIONS, *LAW_QUESTIONS, "thanks"])
    return ["Bayville", *itertools.islice(questions, count - 1)]


def run_once(rasa_url: str, count: int) -> List[float]:
    """Send one conversation of ``count`` messages; the seconds each took, in order."""
    sender = f"bench-long-{uuid.uuid4().hex}"
    timings = []
    with requests.Session() as session:
        session.trust_env = False
        for text in conversation(count):
            started = time.perf_counter()
            response = session.post(
                f"{rasa_url}/webhooks/rest/webhook", json={"sender": sender, "message": text}, timeout=60
            )
            timings.append(time.perf_counter() - started)
            response.raise_for_status()
            if not response.json():
                raise SystemExit(f"no answer to {text!r}: is the action server up?")
    return timings


def block_medians(timings: List[float], block: int) -> List[float]:
    """The median of each consecutive block of ``block`` timings, in milliseconds."""
    return [statistics.median(timings[i:i + block]) * 1000 for i in range(0, len(timings) - block + 1, block)]


def _py_spy(pid: int, out: Path, seconds: int) -> subprocess.Popen:
    return subprocess.Popen(
        [str(Path(sys.executable).with_name("py-spy")), "record", "--pid", str(pid), "--duration", str(seconds), "--format", "raw",
         "--rate", "100", "--output", str(out), "--nonblocking"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=MESSAGES)
    parser.add_argument("--block", type=int, default=BLOCK)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", type=Path, help="folder for py-spy profiles (raw, collapsed stacks)")
    parser.add_argument("--section", default="Long conversation (issue 19)", help="docs/benchmarks.md section")
    parser.add_argument("--note", default="", help="a line saying what was measured")
    parser.add_argument("--no-record", action="store_true", help="print only; leave docs/benchmarks.md alone")
    args = parser.parse_args(argv)
    before = load_average()
    runs = []
    with running_helpdesk() as running:
        rasa_url = f"http://127.0.0.1:{running.supervisor.settings.rasa_port}"
        run_once(rasa_url, 5)  # warm-up: the first messages load models lazily
        for number in range(args.runs):
            spies = []
            if args.profile and number == 0:
                args.profile.mkdir(parents=True, exist_ok=True)
                for service in running.supervisor.services:
                    spies.append(_py_spy(service.process.pid, args.profile / f"{service.name}.txt", 600))
            timings = run_once(rasa_url, args.messages)
            for spy in spies:
                spy.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
                spy.wait()
            medians = block_medians(timings, args.block)
            runs.append(medians)
            print(f"run {number + 1}: " + ", ".join(f"{m:.0f}" for m in medians) + " ms", flush=True)
    per_block = [statistics.median(run[i] for run in runs) for i in range(len(runs[0]))]
    after = load_average()
    print(f"median of {len(runs)} runs, per block of {args.block}: " + ", ".join(f"{m:.0f}" for m in per_block) + " ms")
    print(f"last / first: {per_block[-1] / per_block[0]:.2f} (target <= 1.5)")
    print(f"load average before / after: {before} / {after}")
    if args.no_record:
        return
    from bench.report import record

    blocks = [f"{i + 1}-{i + args.block}" for i in range(0, len(per_block) * args.block, args.block)]
    rows = [
        "| messages | " + " | ".join(blocks) + " | last / first |",
        "|---|" + "---|" * len(blocks) + "---|",
        "| median ms per message | " + " | ".join(f"{m:.0f}" for m in per_block) + f" | {per_block[-1] / per_block[0]:.2f} |",
    ]
    for number, run in enumerate(runs, 1):
        rows.append(f"| run {number} | " + " | ".join(f"{m:.0f}" for m in run) + f" | {run[-1] / run[0]:.2f} |")
    notes = [
        "",
        f"One sender, {args.messages} messages straight to Rasa's REST webhook (no rate limit), one after the other; "
        f"each figure is the median time per message over a block of {args.block}; the top row is the median of "
        f"{len(runs)} runs. Target (issue 19): the last block within 1.5x the first. "
        f"Load average (1/5/15 min) before: {before}; after: {after}.",
    ]
    if args.note:
        notes.append(args.note)
    command = COMMAND + (f" --runs {args.runs}" if args.runs != 3 else "")
    record(args.section, command, "\n".join(rows + notes))


if __name__ == "__main__":
    main()
