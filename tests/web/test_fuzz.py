"""Property-based tests of the public inputs, /api/chat and /sms, with a stand-in Rasa.

Whatever arrives, the answer is never a 5xx (except 503 when Rasa is down, which these
tests never are), and no accepted message is lost: every message the app accepted is in
``chat_messages`` or ``sms_messages``, and what Rasa received is what was stored.
"""
import itertools
import json
import string
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from stormwater.store.database import connect

from .test_sms import TOKEN, URL, signed_post

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# Statuses /api/chat answers after storing the message.
ACCEPTED = {200, 429}
_sids = itertools.count(1)

# Text as residents and attackers send it: any code point (lone surrogates included, which
# JSON can escape), with the awkward ones made likely.
awkward = st.sampled_from(["/", "/inform{\"village\":\"x\"}", "\x00", "\u202e", "\ufeff", "\r\n", "\u2028", "{", "%", "\\"])
any_text = st.lists(st.one_of(st.text(), awkward, st.characters()), max_size=8).map("".join)
json_scalar = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), any_text)
json_value = st.recursive(json_scalar, lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(any_text, inner, max_size=3)), max_leaves=8)
valid_sender = st.text(alphabet=string.ascii_letters + string.digits + "-_", min_size=8, max_size=128)
chat_body = st.fixed_dictionaries(
    {},
    optional={
        "sender": st.one_of(valid_sender, json_value),
        "message": st.one_of(any_text, json_value),
        "village": st.one_of(st.sampled_from(["bayville", "poquott", "Bayville", ""]), json_value),
    },
)


@pytest.fixture
def app(make_app):
    return make_app(TWILIO_AUTH_TOKEN=TOKEN)


def inbound_rows(app, table):
    db = connect(app.config["DATABASE"])
    try:
        where = "direction = 'in'" if table == "chat_messages" else None
        return list(db[table].rows_where(where, order_by="id"))
    finally:
        db.close()


def check_chat_answer(app, client, fake_rasa, data, content_type="application/json"):
    before_rows, before_sent = len(inbound_rows(app, "chat_messages")), len(fake_rasa.received)
    res = client.post("/api/chat", data=data, content_type=content_type)
    event(f"HTTP {res.status_code}")
    assert res.status_code < 500, res.get_data(as_text=True)
    body = res.get_json()
    assert isinstance(body, dict), res.get_data()
    rows = inbound_rows(app, "chat_messages")
    if res.status_code in ACCEPTED:
        assert len(rows) == before_rows + 1  # stored, whatever happened next
        if res.status_code == 200:
            assert fake_rasa.received[-1]["json"]["message"] == rows[-1]["text"]
            assert not rows[-1]["text"].strip().startswith("/")
    else:
        assert body["error"]["code"] and len(rows) == before_rows  # refused with a reason
        assert len(fake_rasa.received) == before_sent


@FUZZ
@given(body=chat_body)
def test_any_json_body_to_chat_is_answered_without_a_5xx_and_accepted_ones_are_stored(app, client, fake_rasa, body):
    check_chat_answer(app, client, fake_rasa, json.dumps(body))


@FUZZ
@given(
    sender=valid_sender,
    message=any_text,
    village=st.sampled_from([None, "bayville", "poquott"]),
    ensure_ascii=st.booleans(),
)
def test_any_message_text_to_chat_is_answered_without_a_5xx_and_stored(app, client, fake_rasa, sender, message, village, ensure_ascii):
    # ensure_ascii=False sends lone surrogates as raw (invalid) UTF-8 bytes instead of escapes.
    body = json.dumps({"sender": sender, "message": message, "village": village}, ensure_ascii=ensure_ascii)
    check_chat_answer(app, client, fake_rasa, body.encode("utf-8", "surrogatepass"))


@FUZZ
@given(raw=st.binary(max_size=300), content_type=st.sampled_from(["application/json", "text/plain", "application/json; charset=latin-1"]))
def test_any_bytes_to_chat_are_answered_without_a_5xx(app, client, fake_rasa, raw, content_type):
    check_chat_answer(app, client, fake_rasa, raw, content_type)


form_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=200)  # a form cannot carry surrogates
sms_form = st.fixed_dictionaries(
    {"Body": st.one_of(form_text, awkward, st.just("STOP"), st.sampled_from(["1", "2", "#1", "99"]))},
    optional={
        "From": st.one_of(st.just("+15165550111"), form_text),
        "To": st.one_of(st.sampled_from(["+15165550100", "+16315550100", "(631) 555-0100"]), form_text),
        "NumMedia": st.one_of(st.sampled_from(["0", "1", "10"]), form_text),
        "MediaUrl0": form_text,
        "OptOutType": st.sampled_from(["", "STOP"]),
    },
)


@FUZZ
@given(form=sms_form, with_sid=st.sampled_from([True, True, True, False]))
def test_any_signed_text_gets_twiml_without_a_5xx_and_is_stored(app, client, fake_rasa, form, with_sid):
    form = dict(form, AccountSid="AC" + "0" * 32)
    form.setdefault("From", "+15165550111")
    if with_sid:
        form["MessageSid"] = f"SM{next(_sids):032x}"
    before = len(inbound_rows(app, "sms_messages"))
    res = signed_post(client, form)
    event(f"HTTP {res.status_code}")
    assert res.status_code < 500, res.get_data(as_text=True)
    rows = inbound_rows(app, "sms_messages")
    if res.status_code == 200:
        assert res.mimetype == "text/xml" and ET.fromstring(res.get_data()).tag == "Response"
        assert len(rows) == before + 1
        assert (rows[-1]["message_sid"], rows[-1]["body"]) == (form["MessageSid"], form["Body"])
    else:  # only a text without MessageSid or From is refused, and Twilio always sends both
        assert res.status_code == 400 and len(rows) == before
        assert not with_sid or not form["From"].strip()


@FUZZ
@given(
    form=st.dictionaries(form_text, form_text, max_size=6),
    # What an HTTP header can carry: Latin-1 without line breaks.
    signature=st.one_of(st.none(), st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=40)),
)
def test_unsigned_or_forged_texts_are_refused_and_not_stored(app, client, fake_rasa, form, signature):
    headers = {} if signature is None else {"X-Twilio-Signature": signature}
    res = client.post("/sms", data=form, headers=headers)
    assert res.status_code in (400, 403, 413, 429)
    assert inbound_rows(app, "sms_messages") == [] and fake_rasa.received == []


def test_the_token_signs_what_the_fuzzer_sends():
    """The signed-path tests above would be vacuous if every request failed its signature."""
    from twilio.request_validator import RequestValidator

    form = {"Body": "x", "From": "+15165550111"}
    assert RequestValidator(TOKEN).validate(URL, form, RequestValidator(TOKEN).compute_signature(URL, form))
