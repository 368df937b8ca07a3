"""A small property-based sample of hostile and odd messages against the real services.

tests/web/test_fuzz.py runs hundreds of examples against a stand-in Rasa; this sends a few
dozen through the real Rasa server and action server, where an intent injection or a
character Rasa's pipeline chokes on would show: never a 5xx, every message stored, the
resident always gets an answer.
"""
import os

os.environ.setdefault("TWILIO_AUTH_TOKEN", "test-token-not-a-secret")  # see test_sms_e2e.py

import uuid  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402

import pytest  # noqa: E402
import requests  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from twilio.request_validator import RequestValidator  # noqa: E402

from stormwater.intake.inbound import sender_key  # noqa: E402
from stormwater.store.database import connect  # noqa: E402
from tests.e2e.phones import new_phone

pytestmark = pytest.mark.services

SAMPLE = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
hostile = st.sampled_from([
    '/inform{"village":"x"}', "/restart", "/report_spill", '/affirm{"responsible": "no"}', "\u2003/stop",
    "\x00\x1b[2J", "\u202eevil", "<script>alert(1)</script>", "' OR 1=1 --", "{{7*7}}", "%s%s%n",
    "I spilled oil \U0001F6A8\U0001F6A8", "ｃａｎ　ｉ　ｄｒａｉｎ　ｍｙ　ｐｏｏｌ", "a" * 1990,
])
message = st.one_of(hostile, st.text(min_size=1, max_size=80), st.lists(hostile, min_size=2, max_size=3).map(" ".join))


def count(helpdesk, sql, args):
    db = connect(helpdesk.settings.instance / "helpdesk.db")
    try:
        return db.execute(sql, args).fetchone()[0]
    finally:
        db.close()


@SAMPLE
@given(text=message, village=st.sampled_from(["bayville", "poquott"]))
def test_odd_chat_messages_get_an_answer_and_are_stored(base_url, helpdesk, text, village):
    sender = f"fuzz{uuid.uuid4().hex}"
    res = requests.post(f"{base_url}/api/chat", json={"sender": sender, "message": text, "village": village}, timeout=60)
    assert res.status_code < 500, res.text
    assert count(helpdesk, "SELECT COUNT(*) FROM chat_messages WHERE direction = 'in' AND sender_key = ?",
                 [web_key(helpdesk, village, sender)]) == (1 if res.status_code == 200 else 0)
    if res.status_code == 200:
        assert res.json()["messages"], "the resident got no answer"
    else:  # refused before storing, with a reason the page shows
        assert res.json()["error"]["code"] in ("empty_message", "message_too_long")


def web_key(helpdesk, village, browser_id):
    """The conversation key the web app gives Rasa (and stores) for this browser."""
    secret = os.environ.get("HELPDESK_SECRET_KEY") or (helpdesk.settings.instance / "secret_key").read_bytes()
    return sender_key(secret, "web", village, browser_id)


@SAMPLE
@given(text=message, number=st.sampled_from(["+15165550100", "+16315550100"]))
def test_odd_texts_get_twiml_and_are_stored(base_url, helpdesk, text, number):
    url = f"{base_url}/sms"
    sid = f"SM{uuid.uuid4().hex}"
    form = {"MessageSid": sid, "AccountSid": "AC" + "0" * 32, "From": new_phone("+1917999"),
            "To": number, "Body": text, "NumMedia": "0"}
    signature = RequestValidator(os.environ["TWILIO_AUTH_TOKEN"]).compute_signature(url, form)
    res = requests.post(url, data=form, headers={"X-Twilio-Signature": signature}, timeout=60)
    assert res.status_code == 200, res.text
    assert ET.fromstring(res.content).tag == "Response"
    assert count(helpdesk, "SELECT COUNT(*) FROM sms_messages WHERE message_sid = ? AND body = ?", [sid, text]) == 1


def test_oversized_bodies_are_refused_by_the_real_server(base_url):
    """Flask refuses a body over MAX_CONTENT_LENGTH; waitress refuses a far larger one before
    spooling it to disk (ops/web_server.py), chunked or not."""
    over_flask = b'{"sender": "fuzzbigbody01", "message": "' + b"x" * 100_000 + b'"}'
    res = requests.post(f"{base_url}/api/chat", data=over_flask, headers={"Content-Type": "application/json"}, timeout=60)
    assert res.status_code == 413 and res.json()["error"]["code"] == "request_too_large"
    huge = b"x" * (2 * 1024 * 1024)
    assert requests.post(f"{base_url}/sms", data=huge, timeout=60).status_code == 413
    chunks = (huge[i:i + 65536] for i in range(0, len(huge), 65536))  # a generator: sent chunked
    assert requests.post(f"{base_url}/api/chat", data=chunks, headers={"Content-Type": "application/json"},
                         timeout=60).status_code == 413
