"""200 residents at once filing spill reports, 100 through /api/chat and 100 by SMS, against the
real Rasa server, action server and database.

Bounded: 200 conversations of seven messages, at most CONCURRENCY at a time, on loopback.
Every resident must end with exactly one ticket of their own, with a reference no one else
got, every message must be stored, and no answer may be a 5xx. How long it took is printed
(and recorded in docs/security.md), never asserted.
"""
import os

os.environ.setdefault("TWILIO_AUTH_TOKEN", "test-token-not-a-secret")  # see test_sms_e2e.py

import re  # noqa: E402
import time  # noqa: E402
import uuid  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402
from collections import Counter  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import List, Optional  # noqa: E402

import pytest  # noqa: E402
import requests  # noqa: E402
from twilio.request_validator import RequestValidator  # noqa: E402

from stormwater.store.database import connect  # noqa: E402
from stormwater.reports.ticket_store import get_ticket  # noqa: E402
from tests.e2e.phones import new_phone

pytestmark = pytest.mark.services

PER_CHANNEL = int(os.environ.get("LOAD_TEST_RESIDENTS_PER_CHANNEL", "100"))  # fewer for a quick look
CONCURRENCY = 8  # the web app's waitress threads; Rasa answers one message at a time anyway
VILLAGES = (("bayville", "+15165550100", "BAY"), ("poquott", "+16315550100", "PQT"))
REFERENCE = re.compile(r"\b(?:BAY|PQT)-[2346789ABCDEFGHJKMNPQRTVWXYZ]{6}\b")


def report(n):
    """Resident ``n``'s seven messages: a nonhazardous spill with a street number of their own.

    Whose it is, the material, the amount and the drain come with the first message; the last
    "yes" confirms the read-back.
    """
    return [
        "I spilled a bucket of soapy water and it went into the storm drain", f"{n} Main St",
        "11/27/2026", "no", "Pat Lee", "516-555-0199", "yes",
    ]


@dataclass
class Outcome:
    channel: str
    village: str
    who: str  # browser id or phone number
    statuses: List[int] = field(default_factory=list)
    seconds: List[float] = field(default_factory=list)
    reference: Optional[str] = None
    error: Optional[str] = None


def chat_resident(base_url, n):
    village = VILLAGES[n % 2][0]
    outcome = Outcome("web", village, f"load{uuid.uuid4().hex}")
    with requests.Session() as session:
        for text in report(n):
            started = time.monotonic()
            res = session.post(
                f"{base_url}/api/chat", json={"sender": outcome.who, "message": text, "village": village}, timeout=60,
            )
            outcome.seconds.append(time.monotonic() - started)
            outcome.statuses.append(res.status_code)
            if res.status_code != 200:
                outcome.error = res.text[:300]
                return outcome
        filed = [m["custom"] for m in res.json()["messages"] if (m.get("custom") or {}).get("type") == "ticket_filed"]
        outcome.reference = filed[0]["reference"] if filed else None
        if not filed:
            outcome.error = str(res.json())[:300]
    return outcome


def sms_resident(base_url, n):
    village, number, _ = VILLAGES[n % 2]
    outcome = Outcome("sms", village, new_phone(f"+1917{n:03d}"))
    url = f"{base_url}/sms"
    validator = RequestValidator(os.environ["TWILIO_AUTH_TOKEN"])
    reply = ""
    with requests.Session() as session:
        for text in report(n):
            form = {"MessageSid": f"SM{uuid.uuid4().hex}", "AccountSid": "AC" + "0" * 32,
                    "From": outcome.who, "To": number, "Body": text, "NumMedia": "0"}
            started = time.monotonic()
            res = session.post(url, data=form, timeout=60,
                               headers={"X-Twilio-Signature": validator.compute_signature(url, form)})
            outcome.seconds.append(time.monotonic() - started)
            outcome.statuses.append(res.status_code)
            if res.status_code != 200:
                outcome.error = res.text[:300]
                return outcome
            reply = " ".join(m.text or "" for m in ET.fromstring(res.content).findall("Message"))
    found = REFERENCE.search(reply)
    outcome.reference = found.group(0) if found else None
    return outcome


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# 1,800 messages through one Rasa process: minutes on two busy cores, so more than the
# project's default 600 s, and still bounded.
@pytest.mark.timeout(1800)
def test_200_residents_at_once_each_file_exactly_one_ticket(base_url, helpdesk):
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=CONCURRENCY) as pool:
        futures = [pool.submit(chat_resident, base_url, n) for n in range(PER_CHANNEL)]
        futures += [pool.submit(sms_resident, base_url, n) for n in range(PER_CHANNEL)]
        outcomes = [f.result() for f in futures]
    elapsed = time.monotonic() - started

    statuses = Counter(s for o in outcomes for s in o.statuses)
    assert not [s for s in statuses if s >= 500], statuses
    assert [o.error for o in outcomes if o.error] == []
    assert sum(statuses.values()) == 2 * PER_CHANNEL * len(report(0))

    db = connect(helpdesk.settings.instance / "helpdesk.db")
    try:
        # SMS replies carry the reference unless Rasa was too slow for the SMS timeout (then
        # the resident got the holding reply): find those tickets by the texter's key.
        for o in outcomes:
            if o.channel == "sms" and o.reference is None:
                key = db.execute("SELECT sender_key FROM sms_messages WHERE from_number = ? LIMIT 1", [o.who]).fetchone()
                rows = db.execute("SELECT reference FROM tickets WHERE sender_key = ?", [key[0]]).fetchall()
                o.reference = rows[0][0] if rows else None
        references = [o.reference for o in outcomes]
        assert None not in references
        assert len(set(references)) == len(references) == 2 * PER_CHANNEL

        held = 0
        for o in outcomes:
            ticket = get_ticket(db, o.reference)
            assert (ticket.kind, ticket.channel, ticket.village) == ("spill", o.channel, o.village)
            same_sender = db.execute("SELECT COUNT(*) FROM tickets WHERE sender_key = ?", [ticket.sender_key]).fetchone()[0]
            assert same_sender == 1  # filed once, never twice
            if o.channel == "web":
                inbound = db.execute(
                    "SELECT COUNT(*) FROM chat_messages WHERE sender_key = ? AND direction = 'in'", [ticket.sender_key]
                ).fetchone()[0]
            else:
                inbound = db.execute("SELECT COUNT(*) FROM sms_messages WHERE from_number = ?", [o.who]).fetchone()[0]
                held += db.execute(
                    "SELECT COUNT(*) FROM sms_messages WHERE from_number = ? AND status = 'held'", [o.who]
                ).fetchone()[0]
            assert inbound == len(report(0))  # every message stored
    finally:
        db.close()

    seconds = [s for o in outcomes for s in o.seconds]
    print(
        f"\n[load] {len(outcomes)} residents ({PER_CHANNEL} chat, {PER_CHANNEL} SMS), {len(seconds)} messages, "
        f"{CONCURRENCY} at a time: {elapsed:.1f} s, {len(seconds) / elapsed:.1f} msg/s, "
        f"p50 {percentile(seconds, 0.5):.2f} s, p95 {percentile(seconds, 0.95):.2f} s, max {max(seconds):.2f} s; "
        f"statuses {dict(statuses)}; SMS held for the timeout {held}; tickets {len(references)} unique"
    )
