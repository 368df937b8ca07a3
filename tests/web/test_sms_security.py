"""POST /sms hardening (issue 16 items 2 and 6): a captured signed request cannot be
re-split into a new text, and the URL the signature covers never comes from the Host header."""
import pytest
from twilio.request_validator import RequestValidator
from werkzeug.datastructures import MultiDict

from stormwater.store.database import connect

from .test_sms import TOKEN, messages, params, signed_post


@pytest.fixture(autouse=True)
def no_sms_env(monkeypatch):
    for name in ("TWILIO_AUTH_TOKEN", "TWILIO_ACCOUNT_SID", "HELPDESK_PUBLIC_URL", "HELPDESK_TRUSTED_HOSTS"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def app(make_app):
    return make_app(TWILIO_AUTH_TOKEN=TOKEN)


def stored(app):
    db = connect(app.config["DATABASE"])
    try:
        return list(db["sms_messages"].rows_where(order_by="id"))
    finally:
        db.close()


def test_a_signed_text_re_split_across_a_field_boundary_is_not_a_new_text(client, app, fake_rasa):
    original = params("Can I drain my pool?")
    signature = RequestValidator(TOKEN).compute_signature("http://localhost/sms", original)
    first = client.post("/sms", data=original, headers={"X-Twilio-Signature": signature})
    assert messages(first)
    # Twilio's signature joins names and values with nothing between them, so moving
    # "NumMedia0" into MessageSid keeps the signature valid.
    replay = dict(original)
    del replay["NumMedia"]
    replay["MessageSid"] = original["MessageSid"] + "NumMedia0"
    assert RequestValidator(TOKEN).validate("http://localhost/sms", replay, signature)
    again = client.post("/sms", data=replay, headers={"X-Twilio-Signature": signature})
    assert again.status_code == 400
    assert len(stored(app)) == 1 and len(fake_rasa.received) == 1


@pytest.mark.parametrize("sid", ["SMshort", "SM" + "g" * 32, "XX" + "0" * 32, "SM" + "0" * 33, ""])
def test_a_message_sid_not_in_twilio_format_is_refused(client, app, fake_rasa, sid):
    res = signed_post(client, params(sid="placeholder", MessageSid=sid))
    assert res.status_code == 400
    assert stored(app) == [] and fake_rasa.received == []


def test_mms_sids_are_accepted(client, app, fake_rasa):
    assert messages(signed_post(client, params(sid="MM" + "ab" * 16)))
    assert stored(app)[0]["message_sid"] == "MM" + "ab" * 16


def test_a_field_twilio_does_not_send_is_refused(client, app, fake_rasa, caplog):
    res = signed_post(client, params(Evil="x"))
    assert res.status_code == 400
    assert stored(app) == [] and fake_rasa.received == []
    assert "Evil" in caplog.text


def test_twilio_s_optional_fields_are_accepted(client, fake_rasa):
    form = params(FromCity="BAYVILLE", FromState="NY", FromZip="11709", FromCountry="US", ToCity="BAYVILLE",
                  ToState="NY", ToZip="11709", ToCountry="US", SmsStatus="received", ApiVersion="2010-04-01",
                  NumSegments="1", MessagingServiceSid="MG" + "1" * 32, NumMedia="1",
                  MediaUrl0="https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1",
                  MediaContentType0="image/jpeg")
    form["SmsSid"] = form["SmsMessageSid"] = form["MessageSid"]
    assert messages(signed_post(client, form))


def test_the_account_sid_must_be_ours_when_it_is_configured(make_app, fake_rasa):
    ours = "AC" + "1" * 32
    app = make_app(TWILIO_AUTH_TOKEN=TOKEN, TWILIO_ACCOUNT_SID=ours)
    client = app.test_client()
    assert signed_post(client, params(AccountSid="AC" + "2" * 32)).status_code == 403
    assert stored(app) == [] and fake_rasa.received == []
    assert messages(signed_post(client, params(AccountSid=ours)))


def test_a_field_sent_twice_is_refused(client, app, fake_rasa):
    form = list(params().items()) + [("NumMedia", "1")]
    signature = RequestValidator(TOKEN).compute_signature("http://localhost/sms", MultiDict(form))
    res = client.post("/sms", data=MultiDict(form), headers={"X-Twilio-Signature": signature})
    assert res.status_code == 400 and stored(app) == []
