"""Abuse and bad input at the public boundary: intent injection, control characters, invalid
UTF-8, oversized and malformed requests. Every case gets a clear 4xx or a cleaned message,
never a 500, and what was accepted is stored."""
import json
from pathlib import Path

import pytest
import yaml
from twilio.request_validator import RequestValidator
from werkzeug.datastructures import MultiDict
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from stormwater.dialogue.replies import village_buttons
from stormwater.store.database import connect

from .test_sms import TOKEN, URL, messages, params, signed_post

REPO = Path(__file__).resolve().parents[2]
FORM = "application/x-www-form-urlencoded"
BROWSER = "browser_abuse_0001"
INJECTIONS = [
    '/inform{"village":"x"}',
    "/restart",
    '  /report_spill{"material": "nothing"}',
    "//session_start",
    "/ /affirm",
    "\n\t/affirm",
    "\u2003/affirm",       # em space: str.strip() in Rasa would remove it
    "\u200e/affirm",       # left-to-right mark, dropped by clean_message
    "\ufeff/affirm",       # byte-order mark
    "\x00/affirm",         # NUL
    "\u2028/affirm",       # line separator
    "\x85/stop",           # next line (C1 control, also white space)
]


@pytest.fixture
def app(make_app):
    return make_app(TWILIO_AUTH_TOKEN=TOKEN)


def read_as_intent(text):
    """Whether Rasa 3.6 would read ``text`` as an intent (its RegexMessageHandler's test)."""
    return text.strip().startswith("/")


def stored(app, table):
    db = connect(app.config["DATABASE"])
    try:
        return list(db[table].rows_where(order_by="id"))
    finally:
        db.close()


@pytest.mark.parametrize("text", INJECTIONS)
def test_no_chat_message_reaches_rasa_as_an_intent(client, fake_rasa, app, text):
    assert read_as_intent(text) or read_as_intent(text.replace("\u200e", "").replace("\ufeff", "").replace("\x00", ""))
    res = client.post("/api/chat", json={"sender": BROWSER, "message": text, "village": "bayville"})
    assert res.status_code == 200
    sent = fake_rasa.last["message"]
    assert not read_as_intent(sent) and sent
    assert stored(app, "chat_messages")[0]["text"] == sent


@pytest.mark.parametrize("text", INJECTIONS)
def test_no_text_message_reaches_rasa_as_an_intent(client, fake_rasa, app, text):
    messages(signed_post(client, params(text)))
    sent = fake_rasa.last["message"]
    assert not read_as_intent(sent) and sent
    [row] = stored(app, "sms_messages")
    assert row["body"] == text  # kept as received for staff


def test_a_numbered_choice_passes_only_a_payload_the_bot_offered(client, fake_rasa):
    def offer(body):
        if body["message"] == "spill":
            return 200, [{"text": "Are you responsible?", "buttons": [
                {"title": "Yes", "payload": "yes"}, {"title": "No", "payload": "no"},
            ]}]
        return 200, [{"text": "ok"}]

    fake_rasa.handler = offer
    messages(signed_post(client, params("spill")))
    messages(signed_post(client, params("2")))
    assert fake_rasa.last["message"] == "no"
    messages(signed_post(client, params("/restart")))  # not a choice: cleaned like any text
    assert fake_rasa.last["message"] == "restart"
    messages(signed_post(client, params("7")))  # no such choice: passed on as the text "7"
    assert fake_rasa.last["message"] == "7"


def test_every_button_the_bot_offers_is_plain_text_so_cleaning_never_changes_one():
    """The web page sends a button's payload as the message, and clean_message strips a
    leading "/": that is safe only because no payload the bot offers is an intent."""
    domain = yaml.safe_load((REPO / "bot" / "domain.yml").read_text(encoding="utf-8"))
    payloads = [
        button["payload"]
        for variants in domain["responses"].values()
        for variant in variants
        for button in variant.get("buttons") or []
    ]
    payloads += [b["payload"] for b in village_buttons(_all_villages())]
    assert payloads and not [p for p in payloads if read_as_intent(p)]


def _all_villages():
    from stormwater.law.villages import load_villages

    return load_villages().values()


@pytest.mark.parametrize("raw", [
    b'{"sender": "browser_abuse_0001", "message": "\xff\xfe pool"}',
    b'\xef\xbb\xbf{"sender": "browser_abuse_0001", "message": "pool"}\xc3',
    b"\x00\x01\x02",
])
def test_invalid_utf8_in_chat_is_a_clean_400(client, fake_rasa, raw):
    res = client.post("/api/chat", data=raw, content_type="application/json")
    assert res.status_code == 400
    assert res.get_json()["error"]["code"] == "invalid_json"
    assert fake_rasa.received == []


def test_an_utf8_encoded_surrogate_is_dropped_like_an_escaped_one(client, fake_rasa):
    # json.loads reads bytes with "surrogatepass", so this arrives as a lone surrogate.
    raw = b'{"sender": "browser_abuse_0001", "message": "\xed\xa0\x80 pool"}'
    res = client.post("/api/chat", data=raw, content_type="application/json")
    assert res.status_code == 200 and fake_rasa.last["message"] == "pool"
    alone = client.post("/api/chat", data=raw.replace(b" pool", b""), content_type="application/json")
    assert alone.status_code == 400 and alone.get_json()["error"]["code"] == "empty_message"


def test_escaped_lone_surrogates_and_controls_are_dropped_not_a_500(client, fake_rasa, app):
    raw = b'{"sender": "browser_abuse_0001", "message": "pool\\ud800 water\\u0000\\u001b[31m\\udfff"}'
    res = client.post("/api/chat", data=raw, content_type="application/json")
    assert res.status_code == 200
    assert fake_rasa.last["message"] == "pool water[31m"
    assert stored(app, "chat_messages")[0]["text"] == "pool water[31m"


@pytest.mark.parametrize("depth", [1000, 20000])
def test_deeply_nested_json_is_a_400_not_a_500(client, fake_rasa, depth):
    res = client.post("/api/chat", data="[" * depth + "]" * depth, content_type="application/json")
    assert res.status_code == 400
    assert res.get_json()["error"]["code"] in ("invalid_json", "invalid_request")


def signed_raw(client, raw):
    """POST raw form bytes to /sms, signed over the values this app will parse from them
    (Twilio signs the values it sent; a forger could sign nothing else)."""
    environ = EnvironBuilder(method="POST", data=raw, content_type=FORM).get_environ()
    parsed = Request(environ).form.to_dict()
    signature = RequestValidator(TOKEN).compute_signature(URL, parsed)
    return client.post("/sms", data=raw, content_type=FORM, headers={"X-Twilio-Signature": signature}), parsed


def test_invalid_percent_encoded_utf8_in_a_text_is_answered_and_kept(client, fake_rasa, app):
    raw = b"MessageSid=SM0000000000000000000000000000bad1&From=%2B15165550188&To=%2B15165550100&NumMedia=0&Body=pool%FF%FE+water%C3"
    res, parsed = signed_raw(client, raw)
    assert messages(res)
    [row] = stored(app, "sms_messages")
    assert row["body"] == parsed["Body"] and row["status"] == "answered"
    assert fake_rasa.last["message"].startswith("pool") and "water" in fake_rasa.last["message"]


def test_raw_invalid_utf8_bytes_in_a_text_are_a_clean_4xx(client, fake_rasa, app):
    raw = b"MessageSid=SM0000000000000000000000000000bad2&From=%2B15165550188&To=%2B15165550100&Body=pool\xff\xfe+water"
    res, _ = signed_raw(client, raw)
    assert 400 <= res.status_code < 500
    assert fake_rasa.received == []


def test_control_characters_in_a_text_are_cleaned_before_rasa(client, fake_rasa):
    messages(signed_post(client, params("oil\x00 in\x07 the\x1b drain\u202e")))
    assert fake_rasa.last["message"] == "oil in the drain"


def test_a_chat_request_over_the_size_limit_is_a_413(client, fake_rasa, app):
    body = json.dumps({"sender": BROWSER, "message": "x" * (app.config["MAX_CONTENT_LENGTH"] + 1)})
    res = client.post("/api/chat", data=body, content_type="application/json")
    assert res.status_code == 413
    assert res.get_json()["error"]["code"] == "request_too_large"
    assert fake_rasa.received == [] and stored(app, "chat_messages") == []


def test_a_chunked_chat_request_over_the_limit_is_cut_at_the_limit_and_refused(client, fake_rasa, app):
    """Without a Content-Length, Werkzeug reads at most MAX_CONTENT_LENGTH bytes and stops;
    the cut-off JSON is then refused as invalid."""
    import io

    big = io.BytesIO(b'{"sender": "browser_abuse_0001", "message": "' + b"x" * 70000 + b'"}')
    # As waitress passes a chunked body: no Content-Length, the stream marked as terminated.
    res = client.post("/api/chat", input_stream=big, content_type="application/json",
                      headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})
    assert res.status_code == 400 and res.get_json()["error"]["code"] == "invalid_json"
    assert big.tell() <= app.config["MAX_CONTENT_LENGTH"]
    assert fake_rasa.received == [] and stored(app, "chat_messages") == []


def test_a_message_over_the_character_limit_is_a_413_with_the_limit(client, fake_rasa):
    res = client.post("/api/chat", json={"sender": BROWSER, "message": "drain " * 400})
    assert res.status_code == 413
    assert res.get_json()["error"]["code"] == "message_too_long" and "2000" in res.get_json()["error"]["message"]


def test_an_sms_request_over_the_size_limit_is_refused_not_a_500(client, fake_rasa, app):
    res = signed_post(client, params("x" * (app.config["MAX_CONTENT_LENGTH"] + 1)))
    assert res.status_code == 413
    assert fake_rasa.received == [] and stored(app, "sms_messages") == []


def test_an_sms_request_with_too_many_form_fields_is_refused(client, fake_rasa, app):
    form = MultiDict(params("hello"))
    for i in range(app.config["MAX_FORM_PARTS"] + 1):
        form.add(f"Extra{i}", "1")
    res = client.post("/sms", data=form, content_type="multipart/form-data", headers={"X-Twilio-Signature": "x"})
    assert res.status_code == 413
    assert stored(app, "sms_messages") == []


@pytest.mark.parametrize("path", ["/sms", "/staff/login"])
def test_an_urlencoded_body_with_too_many_parts_is_refused(client, fake_rasa, app, path):
    # Issue 29: MAX_FORM_PARTS bounded only multipart bodies; "&" * 60,000 made 60,001 fields.
    body = "&".join(f"f{i}=1" for i in range(app.config["MAX_FORM_PARTS"] + 1))
    res = client.post(path, data=body, content_type="application/x-www-form-urlencoded",
                      headers={"X-Twilio-Signature": "x"})
    assert res.status_code == 413, res.status_code
    assert client.post(path, data="&" * 60000, content_type="application/x-www-form-urlencoded",
                       headers={"X-Twilio-Signature": "x"}).status_code == 413
    assert stored(app, "sms_messages") == []
    # At the limit, a form is read as before.
    body = "&".join(f"f{i}=1" for i in range(app.config["MAX_FORM_PARTS"]))
    assert client.post(path, data=body, content_type="application/x-www-form-urlencoded",
                       headers={"X-Twilio-Signature": "x"}).status_code != 413


def test_a_long_text_is_kept_whole_and_passed_on_at_the_character_limit(client, fake_rasa, app):
    body = "oil " * 600  # 2,400 characters: longer than MAX_MESSAGE_CHARS, a Twilio concatenation
    messages(signed_post(client, params(body)))
    assert len(fake_rasa.last["message"]) <= app.config["MAX_MESSAGE_CHARS"]
    assert stored(app, "sms_messages")[0]["body"] == body


@pytest.mark.parametrize("field, value", [
    ("From", "\x00\x00"), ("From", "+1" + "9" * 500), ("To", "not a number"), ("NumMedia", "-5"),
    ("NumMedia", "1e9"), ("MediaUrl0", "javascript:alert(1)"),
])
def test_strange_twilio_fields_get_twiml_not_a_500(client, fake_rasa, field, value):
    res = signed_post(client, params("hello", **{field: value}))
    assert res.status_code in (200, 400)
    if res.status_code == 200:
        messages(res)
