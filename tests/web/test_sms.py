"""POST /sms: Twilio's webhook, signed requests only, stored first, relayed to the stand-in Rasa."""
import itertools
import json
import time
import xml.etree.ElementTree as ET

import pytest
from twilio.request_validator import RequestValidator

from stormwater.intake.inbound import sender_key
from stormwater.intake.sms_text import GSM7, sms_segments
from stormwater.store.database import connect

from .conftest import SECRET

TOKEN = "test-auth-token-not-a-secret"
URL = "http://localhost/sms"
BAYVILLE = "+15165550100"
POQUOTT = "+16315550100"
RESIDENT = "+15165550199"
HOLDING = "We received your message and staff will follow up. Emergencies: call 911."
_sids = itertools.count(1)


@pytest.fixture(autouse=True)
def no_sms_env(monkeypatch):
    for name in ("TWILIO_AUTH_TOKEN", "HELPDESK_PUBLIC_URL", "SMS_RASA_TIMEOUT", "SMS_PART_CHARS"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def app(make_app):
    return make_app(TWILIO_AUTH_TOKEN=TOKEN)


def params(body="Can I drain my pool?", to=BAYVILLE, sid=None, **extra):
    found = {
        "MessageSid": sid or f"SM{next(_sids):032x}",
        "AccountSid": "AC" + "0" * 32,
        "From": RESIDENT,
        "To": to,
        "Body": body,
        "NumMedia": "0",
    }
    found.update(extra)
    return found


def signed_post(client, form, url=URL, token=TOKEN, path="/sms", **kwargs):
    signature = RequestValidator(token).compute_signature(url, form)
    return client.post(path, data=form, headers={"X-Twilio-Signature": signature}, **kwargs)


def messages(res):
    """The bodies of the TwiML answer's <Message> elements."""
    assert res.status_code == 200, res.get_data(as_text=True)
    assert res.mimetype == "text/xml"
    root = ET.fromstring(res.get_data())
    assert root.tag == "Response"
    return [m.text or "" for m in root.findall("Message")]


@pytest.fixture
def sms_rows(app):
    def _rows():
        db = connect(app.config["DATABASE"])
        try:
            return list(db["sms_messages"].rows_where(order_by="id"))
        finally:
            db.close()

    return _rows


def bayville_key(number=RESIDENT):
    return sender_key(SECRET, "sms", "bayville", number)


def test_valid_text_is_relayed_and_answered_as_twiml(client, fake_rasa, sms_rows):
    res = signed_post(client, params("Can I drain my pool?"))
    assert res.headers["Content-Type"].startswith("text/xml")
    assert messages(res) == ["echo: Can I drain my pool?"]
    sent = fake_rasa.last
    assert sent == {
        "sender": bayville_key(),
        "message": "Can I drain my pool?",
        "metadata": {"village": "bayville", "channel": "sms"},
    }
    assert RESIDENT not in json.dumps(sent) and "5550199" not in sent["sender"]
    [row] = sms_rows()
    assert (row["from_number"], row["to_number"], row["village"], row["status"], row["handled"]) == (
        RESIDENT, BAYVILLE, "bayville", "answered", 1,
    )
    assert row["reply"] == "echo: Can I drain my pool?" and row["sender_key"] == bayville_key()


def test_poquott_number_picks_poquott(client, fake_rasa, sms_rows):
    messages(signed_post(client, params("hello", to=POQUOTT)))
    assert fake_rasa.last["metadata"] == {"village": "poquott", "channel": "sms"}
    assert fake_rasa.last["sender"] == sender_key(SECRET, "sms", "poquott", RESIDENT)
    assert sms_rows()[0]["village"] == "poquott"


@pytest.mark.parametrize("signature", [None, "", "bm90IGEgc2lnbmF0dXJl", "forged"])
def test_missing_or_forged_signature_is_refused_and_nothing_stored(client, fake_rasa, sms_rows, signature):
    headers = {} if signature is None else {"X-Twilio-Signature": signature}
    res = client.post("/sms", data=params(), headers=headers)
    assert res.status_code == 403
    assert sms_rows() == [] and fake_rasa.received == []


def test_signature_for_other_parameters_or_token_is_refused(client, fake_rasa, sms_rows):
    form = params("hello")
    signature = RequestValidator(TOKEN).compute_signature(URL, form)
    tampered = dict(form, Body="something else")
    assert client.post("/sms", data=tampered, headers={"X-Twilio-Signature": signature}).status_code == 403
    assert signed_post(client, params(), token="another-token").status_code == 403
    assert sms_rows() == [] and fake_rasa.received == []


def test_without_auth_token_sms_is_unavailable(make_app, fake_rasa, caplog):
    client = make_app(TWILIO_AUTH_TOKEN=None).test_client()
    res = signed_post(client, params())
    assert res.status_code == 503
    assert fake_rasa.received == []
    assert "TWILIO_AUTH_TOKEN" in caplog.text


def test_token_read_from_environment(monkeypatch, make_app, fake_rasa):
    monkeypatch.setenv("TWILIO_AUTH_TOKEN", "env-token")
    client = make_app().test_client()
    assert messages(signed_post(client, params("hi"), token="env-token")) == ["echo: hi"]


def test_behind_a_proxy_the_public_url_is_what_is_signed(make_app, fake_rasa):
    client = make_app(TWILIO_AUTH_TOKEN=TOKEN, PUBLIC_BASE_URL="https://helpdesk.example.org/").test_client()
    public = "https://helpdesk.example.org/sms?x=1"
    assert messages(signed_post(client, params("hi"), url=public, path="/sms?x=1")) == ["echo: hi"]
    # Signed for the internal URL the app sees: not what Twilio called, refused.
    assert signed_post(client, params("hi"), url="http://localhost/sms?x=1", path="/sms?x=1").status_code == 403


def test_duplicate_message_sid_is_answered_once_and_forwarded_once(client, fake_rasa, sms_rows):
    form = params("Can I wash my car?")
    first = messages(signed_post(client, form))
    again = messages(signed_post(client, form))
    assert first == again == ["echo: Can I wash my car?"]
    assert len(fake_rasa.received) == 1
    assert len(sms_rows()) == 1


def test_retry_while_first_is_still_waiting_gets_the_holding_reply(app, client, fake_rasa, sms_rows):
    form = params("anything")
    db = connect(app.config["DATABASE"])
    db["sms_messages"].insert({
        "message_sid": form["MessageSid"], "from_number": RESIDENT, "to_number": BAYVILLE, "body": "anything",
        "village": "bayville", "received_at": "2026-01-01T00:00:00.000+00:00", "status": "received",
    })
    db.conn.commit()
    db.close()
    assert messages(signed_post(client, form)) == [HOLDING]
    assert fake_rasa.received == [] and len(sms_rows()) == 1


def test_rasa_down_gives_holding_reply_and_keeps_the_text_for_staff(make_app, down_url, sms_rows):
    client = make_app(TWILIO_AUTH_TOKEN=TOKEN, RASA_URL=down_url).test_client()
    assert messages(signed_post(client, params("oil in the drain on Main St"))) == [HOLDING]
    [row] = sms_rows()
    assert (row["status"], row["handled"], row["reply"], row["body"]) == ("held", 0, HOLDING, "oil in the drain on Main St")


def test_slow_rasa_is_cut_short_by_the_sms_timeout(make_app, fake_rasa, sms_rows):
    # Wide margins: this checks that the timeout cuts the wait short, not how fast it is.
    fake_rasa.delay = 5.0
    client = make_app(TWILIO_AUTH_TOKEN=TOKEN, SMS_RASA_TIMEOUT=0.3).test_client()
    started = time.monotonic()
    assert messages(signed_post(client, params("slow"))) == [HOLDING]
    assert time.monotonic() - started < 4.0
    assert sms_rows()[0]["status"] == "held"


def test_sms_timeout_defaults_to_8_seconds(app):
    assert app.config["SMS_RASA_TIMEOUT"] == 8.0


def test_unknown_to_number_gets_a_polite_reply_and_is_kept(client, fake_rasa, sms_rows):
    [reply] = messages(signed_post(client, params("hello", to="+12125550100")))
    assert "not set up" in reply and "911" in reply
    assert fake_rasa.received == []
    [row] = sms_rows()
    assert (row["status"], row["handled"], row["village"], row["sender_key"]) == ("unknown_number", 0, None, None)


@pytest.mark.parametrize("word", ["STOP", "stop", " Stop ", "START", "UNSTOP", "STOPALL", "UNSUBSCRIBE", "END", "QUIT", "CANCEL"])
def test_twilio_keywords_are_stored_not_forwarded(client, fake_rasa, sms_rows, word):
    assert messages(signed_post(client, params(word))) == []
    assert fake_rasa.received == []
    [row] = sms_rows()
    assert (row["body"], row["status"], row["handled"]) == (word, "keyword", 1)


@pytest.mark.parametrize("word", ["HELP", "help", "Help!", "info"])
def test_help_and_info_reach_the_assistant_for_the_introduction(client, fake_rasa, sms_rows, word):
    # Twilio sends its standard line for these too; the help desk says what it does.
    assert messages(signed_post(client, params(word))) == [f"echo: {word.strip()}"]
    assert len(fake_rasa.received) == 1
    [row] = sms_rows()
    assert row["status"] != "keyword"


def test_advanced_opt_out_type_is_left_to_twilio(client, fake_rasa):
    assert messages(signed_post(client, params("arret", OptOutType="STOP"))) == []
    assert fake_rasa.received == []


def test_advanced_opt_out_help_still_reaches_the_assistant(client, fake_rasa):
    assert messages(signed_post(client, params("aide", OptOutType="HELP"))) == ["echo: aide"]


@pytest.mark.parametrize("text", ["yes", "stop the report", "please cancel my report"])
def test_words_that_only_contain_keywords_go_to_rasa(client, fake_rasa, text):
    assert messages(signed_post(client, params(text))) == [f"echo: {text}"]


def test_mms_with_two_photos_is_stored_and_kept_for_staff(client, fake_rasa, sms_rows):
    form = params(
        "oil sheen at the catch basin", NumMedia="2",
        MediaUrl0="https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM1/Media/ME1", MediaContentType0="image/jpeg",
        MediaUrl1="https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM1/Media/ME2", MediaContentType1="image/png",
    )
    assert messages(signed_post(client, form)) == ["echo: oil sheen at the catch basin"]
    [row] = sms_rows()
    assert row["num_media"] == 2
    assert json.loads(row["media"]) == [
        {"url": form["MediaUrl0"], "content_type": "image/jpeg"},
        {"url": form["MediaUrl1"], "content_type": "image/png"},
    ]
    assert row["handled"] == 0  # the photos wait for staff


def test_photo_without_words_is_not_forwarded(client, fake_rasa, sms_rows):
    form = params("", NumMedia="1", MediaUrl0="https://api.twilio.com/m/ME1", MediaContentType0="image/jpeg")
    [reply] = messages(signed_post(client, form))
    assert "photo" in reply
    assert fake_rasa.received == []
    assert (sms_rows()[0]["status"], sms_rows()[0]["num_media"]) == ("held", 1)


def test_1600_char_body_is_relayed_and_the_reply_fits(client, fake_rasa, sms_rows):
    body = ("The drain on my street overflows with oily water. " * 40)[:1600]
    [turn] = messages(signed_post(client, params(body)))
    assert fake_rasa.last["message"] == body.strip()
    # The echo is too long for one turn: three segments, the rest on request, three at a time.
    assert sms_segments(turn) <= 3 and turn.endswith("Reply MORE for the rest.")
    sent = [turn]
    while sent[-1].endswith("Reply MORE for the rest."):
        [part] = messages(signed_post(client, params("MORE")))
        assert sms_segments(part) <= 3
        sent.append(part)
    assert fake_rasa.last["message"] == body.strip()  # MORE was answered here, not by Rasa
    text = " ".join(p.removesuffix("Reply MORE for the rest.") for p in sent)
    assert " ".join(text.split()) == " ".join(("echo: " + body.strip()).split())
    assert sms_rows()[0]["body"] == body


def test_emoji_and_non_latin_text_reach_rasa_unchanged(client, fake_rasa):
    body = "\U0001F6A8 \u00bfPuedo vaciar la piscina? \u6c34\u6c60 \u0645\u0627\u0621"
    parts = messages(signed_post(client, params(body)))
    assert fake_rasa.last["message"] == body
    assert set("".join(parts)) <= GSM7


def test_control_characters_and_intent_injection_are_cleaned(client, fake_rasa):
    messages(signed_post(client, params('/greet{"village":"poquott"}\x00')))
    assert fake_rasa.last["message"] == 'greet{"village":"poquott"}'


def test_reply_is_gsm7_with_numbered_choices_and_no_custom_payload(client, fake_rasa, sms_rows):
    fake_rasa.handler = lambda body: (200, [
        {"text": "It\u2019s \u201cprohibited\u201d \u2014 see \u00a7 132-3\u2026 \U0001F6AB"},
        {"custom": {"type": "discharge_answer", "verdict": "prohibited"}},
        {"text": "Are you responsible for it?", "buttons": [
            {"title": "Yes", "payload": "yes"}, {"title": "No, someone else", "payload": "no"},
        ]},
        {"image": "https://example.org/x.png"},
    ])
    [reply] = messages(signed_post(client, params("pool water?")))
    assert reply == (
        'It\'s "prohibited" - see \u00a7 132-3...\n\nAre you responsible for it?\n'
        "Reply 1 for Yes / 2 for No, someone else."
    )
    assert set(reply) <= GSM7
    assert "discharge_answer" not in reply and "png" not in reply


def test_numbered_choice_round_trip(client, fake_rasa):
    def handler(body):
        if body["message"] == "I spilled oil":
            return 200, [{"text": "Are you responsible?", "buttons": [
                {"title": "Yes", "payload": "yes"}, {"title": "Not sure", "payload": "not sure"}]}]
        return 200, [{"text": f"got {body['message']}"}]

    fake_rasa.handler = handler
    messages(signed_post(client, params("I spilled oil")))
    assert messages(signed_post(client, params("2"))) == ["got not sure"]
    # The choices were used up: a later "1" is just "1".
    assert messages(signed_post(client, params("1"))) == ["got 1"]
    # Another resident's "1" is not read against this resident's buttons.
    messages(signed_post(client, params("I spilled oil")))
    assert messages(signed_post(client, params("1", From="+15165550123"))) == ["got 1"]
    assert messages(signed_post(client, params("1"))) == ["got yes"]


def test_long_reply_is_split_into_parts(client, fake_rasa):
    sentence = "Swimming pool water must be dechlorinated before it goes into the storm sewer. "
    fake_rasa.handler = lambda body: (200, [{"text": sentence * 8}])
    [turn] = messages(signed_post(client, params("pool?")))
    assert sms_segments(turn) == 3 and turn.endswith("\n\nReply MORE for the rest.")
    assert turn.startswith(sentence.strip())  # cut at a sentence's end
    [part] = messages(signed_post(client, params("more")))
    # A MORE part obeys the same budget, in whole sentences; this one is the last.
    assert sms_segments(part) <= 3 and part.endswith("storm sewer.")
    assert turn.removesuffix("\n\nReply MORE for the rest.") + " " + part == (sentence * 8).strip()
    # Asked once, the details are gone: a second MORE is an ordinary message for the assistant.
    signed_post(client, params("MORE"))
    assert fake_rasa.last["message"] == "MORE"


def test_request_without_message_sid_is_rejected_and_not_stored(client, fake_rasa, sms_rows):
    form = params()
    del form["MessageSid"]
    assert signed_post(client, form).status_code == 400
    assert sms_rows() == [] and fake_rasa.received == []


def test_migration_adds_the_sms_tables(app):
    db = connect(app.config["DATABASE"])
    try:
        assert {"sms_messages", "sms_conversations"} <= set(db.table_names())
        columns = set(db["sms_messages"].columns_dict)
        assert {"message_sid", "from_number", "to_number", "body", "num_media", "media", "village",
                "received_at", "status", "handled", "reply"} <= columns
    finally:
        db.close()
