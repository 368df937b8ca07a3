"""Latency of the SMS webhook: signed ``POST /sms`` requests against the real services.

Run from the repository root after `make setup`: ``.venv/bin/python -m bench.sms_latency [N]``.
Starts the action server, Rasa server and Flask app on free loopback ports with a temporary
instance folder (the project's database is not touched), sends N discharge questions one
after another and then N with 4 concurrent senders, each text from its own phone number, and
records the latencies in docs/benchmarks.md. Everything stays on loopback; the services are
stopped at the end.
"""
from __future__ import annotations

import argparse
import os
import threading
import time
import uuid
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from typing import Dict, List, Optional

COMMAND = ".venv/bin/python -m bench.sms_latency"
TO_NUMBER = "+15165550100"  # Bayville's help-desk number (data/villages/bayville.yml)
QUESTIONS = (
    "can I drain my pool?",
    "can I empty my pool into the street drain?",
    "is it ok to wash my car in the driveway",
    "my sump pump hose goes to the gutter, ok?",
    "can my washing machine drain to the street",
)
CONCURRENCY = 4
TARGET_P99 = 3.0  # seconds

import requests
from twilio.request_validator import RequestValidator

from bench.report import record
from bench.services import BENCH_TWILIO_TOKEN, load_average, running_helpdesk


class Sender:
    """Signs and sends texts to one running web app; each text from a new phone number."""

    def __init__(self, base_url: str):
        self.url = f"{base_url}/sms"
        # The services started by bench.services.running_helpdesk check signatures with this token.
        self.validator = RequestValidator(os.environ.get("TWILIO_AUTH_TOKEN") or BENCH_TWILIO_TOKEN)
        self._lock = threading.Lock()
        self._next = 0
        self.holding = load_holding_reply()

    def _phone(self) -> str:
        with self._lock:
            self._next += 1
            return f"+1516557{self._next % 10000:04d}"

    def send(self, i: int) -> Dict:
        """One text from a new phone number; see :meth:`text`."""
        return self.text(self._phone(), QUESTIONS[i % len(QUESTIONS)])

    def text(self, phone: str, body: str, to: str = TO_NUMBER, session: Optional[requests.Session] = None) -> Dict:
        """A signed text from ``phone`` to the village number ``to``.

        :returns: its latency in seconds, the HTTP status (0 if the request failed), whether it
            failed (not 200, or an empty reply), whether it got the holding reply, and the reply
        """
        form = {
            "MessageSid": f"SM{uuid.uuid4().hex}", "AccountSid": "AC" + "0" * 32, "From": phone,
            "To": to, "Body": body, "NumMedia": "0",
        }
        headers = {"X-Twilio-Signature": self.validator.compute_signature(self.url, form)}
        started = time.perf_counter()
        try:
            response = (session or requests).post(self.url, data=form, headers=headers, timeout=30)
            seconds = time.perf_counter() - started
            texts = [m.text or "" for m in ET.fromstring(response.content).findall("Message")] if response.ok else []
        except (requests.RequestException, ET.ParseError):
            return {"seconds": time.perf_counter() - started, "status": 0, "error": True, "held": False, "reply": ""}
        reply = " ".join(texts)
        return {
            "seconds": seconds, "status": response.status_code, "error": response.status_code != 200 or not reply,
            "held": reply.startswith(self.holding[:40]), "reply": reply,
        }


def load_holding_reply() -> str:
    from stormwater.store.wording import load_messages
    from stormwater.intake.sms_text import to_gsm7

    return to_gsm7(load_messages()["sms_holding_reply"])


def percentile(values: List[float], p: float) -> float:
    """Nearest-rank percentile ``p`` (0-100) of ``values``."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))  # ceil
    return ordered[int(rank) - 1]


def run(sender: Sender, n: int, concurrency: int) -> Dict:
    """Send ``n`` texts with ``concurrency`` senders; summary of the results."""
    started = time.perf_counter()
    if concurrency == 1:
        results = [sender.send(i) for i in range(n)]
    else:
        with ThreadPoolExecutor(max_workers=concurrency) as pool:
            results = list(pool.map(sender.send, range(n)))
    wall = time.perf_counter() - started
    seconds = [r["seconds"] for r in results]
    return {
        "n": n, "concurrency": concurrency, "p50": percentile(seconds, 50), "p95": percentile(seconds, 95),
        "p99": percentile(seconds, 99), "max": max(seconds), "errors": sum(r["error"] for r in results),
        "held": sum(r["held"] for r in results), "throughput": n / wall,
    }


def row(label: str, s: Dict) -> str:
    ok = "yes" if s["p99"] <= TARGET_P99 and not s["errors"] else "no"
    return (
        f"| {label} | {s['n']} | {s['p50']:.2f} s | {s['p95']:.2f} s | {s['p99']:.2f} s | {s['max']:.2f} s "
        f"| {s['errors']} | {s['held']} | {s['throughput']:.1f}/s | {ok} |"
    )


def main() -> None:
    """Start the services, measure, record the table, stop the services."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=60, help="texts per run (default 60)")
    n = parser.parse_args().n
    with running_helpdesk() as helpdesk:
        sender = Sender(helpdesk.base_url)
        sender.send(0)  # warm-up, not counted: the first message loads Rasa's pipeline lazily
        sequential = run(sender, n, 1)
        concurrent = run(sender, n, CONCURRENCY)
    body = "\n".join([
        "Signed `POST /sms` (Twilio's webhook) with a discharge question (\"can I drain my pool?\" and four",
        "others), each from its own phone number, through the Flask app, the Rasa server and the action",
        "server on loopback; one warm-up text first, not counted. Latency is from sending the request to",
        "having the whole TwiML answer. An error is a non-200 answer, a failed request or an empty reply;",
        "\"held\" counts holding replies (Rasa did not answer within `SMS_RASA_TIMEOUT`).",
        "",
        "| run | texts | p50 | p95 | p99 | max | errors | held | throughput | p99 <= 3 s |",
        "|---|---|---|---|---|---|---|---|---|---|",
        row("sequential (1 sender)", sequential),
        row(f"concurrent ({CONCURRENCY} senders)", concurrent),
        "",
        "Target: p99 <= 3 s with no errors (Twilio gives up after 15 s; the webhook holds at 8 s).",
        f"Load average at the end: {load_average()} (the machine is shared).",
    ])
    record("SMS webhook latency", COMMAND, body)


if __name__ == "__main__":
    main()
