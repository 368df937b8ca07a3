"""Rate limits on /api/chat and /sms: refused messages are kept and answered with 911 guidance,
and a spill report in progress is never refused."""
import pytest

from stormwater.intake.rate_limits import looks_like_report, open_report
from stormwater.store.database import connect
from web.network import parse_proxy_addresses

from .conftest import echo_reply

from .test_sms import BAYVILLE, TOKEN, messages, params, signed_post

TIGHT = dict(
    RATE_LIMIT_PER_SENDER=3, RATE_LIMIT_PER_IP=6, RATE_LIMIT_WINDOW=3600,
    RATE_LIMIT_FREE_MESSAGES=0, RATE_LIMIT_REPORT_MINUTES=60,
)
REPORT = ["I spilled motor oil and it went into the storm drain", "yes", "12 Main St", "11/27/2026",
          "yes", "no", "about 2 gallons", "Pat Lee", "516-555-0199"]


@pytest.fixture
def app(make_app):
    return make_app(TWILIO_AUTH_TOKEN=TOKEN, PUBLIC_BASE_URL="http://localhost", **TIGHT)


def say(client, text, sender="browser_0000001", address="203.0.113.7", **headers):
    return client.post(
        "/api/chat", json={"sender": sender, "message": text, "village": "bayville"},
        environ_base={"REMOTE_ADDR": address}, headers=headers,
    )


def table(app, name):
    db = connect(app.config["DATABASE"])
    try:
        return list(db[name].rows_where(order_by="id"))
    finally:
        db.close()


def test_a_sender_over_its_limit_gets_429_with_911_and_the_office_and_the_message_is_kept(client, app, fake_rasa):
    assert [say(client, f"question {i}").status_code for i in range(3)] == [200, 200, 200]
    refused = say(client, "question 4")
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) == 1200  # 3 an hour: one back every 20 minutes
    body = refused.get_json()
    assert body["error"]["code"] == "rate_limited"
    [notice] = body["messages"]
    assert "call 911" in notice["text"] and "(516) 555-0104" in notice["text"]
    assert "1-800-457-7362" in notice["text"]
    assert [r["message"] for r in (x["json"] for x in fake_rasa.received)] == [f"question {i}" for i in range(3)]
    inbound = [r for r in table(app, "chat_messages") if r["direction"] == "in"]
    assert [(r["text"], r["delivered"]) for r in inbound][-1] == ("question 4", 0)
    assert len(inbound) == 4


def report_form(app, fake_rasa):
    """Make the stand-in Rasa open the report form on a report-like message, as the real
    action server does (action_start_report calls stormwater.intake.rate_limits.open_report)."""

    def handler(body):
        if looks_like_report(body["message"]):
            db = connect(app.config["DATABASE"])
            try:
                open_report(db, body["sender"])
            finally:
                db.close()
        return echo_reply(body)

    fake_rasa.handler = handler


def test_a_spill_report_in_progress_is_never_refused(client, app, fake_rasa):
    report_form(app, fake_rasa)
    for i in range(6):  # another resident behind the same address uses it up
        say(client, f"pool question {i}", sender=f"neighbour_{i:04d}")
    assert say(client, "one more", sender="neighbour_9999").status_code == 429
    statuses = [say(client, text, sender="resident_0001").status_code for text in REPORT]
    assert statuses == [200] * len(REPORT)
    assert [x["json"]["message"] for x in fake_rasa.received][-len(REPORT):] == REPORT


def test_an_address_inventing_sender_ids_is_limited_and_other_addresses_are_not(client):
    statuses = [say(client, "hello", sender=f"random_{i:08d}").status_code for i in range(8)]
    assert statuses == [200] * 6 + [429] * 2
    assert say(client, "hello", sender="random_elsewhere", address="198.51.100.9").status_code == 200


def test_x_forwarded_for_is_ignored_unless_a_proxy_is_trusted(make_app):
    plain = make_app(**TIGHT).test_client()
    spoofed = [say(plain, "hi", sender=f"spoof_{i:06d}", **{"X-Forwarded-For": f"10.0.0.{i}"}) for i in range(7)]
    assert spoofed[-1].status_code == 429  # all from 203.0.113.7, whatever the header says

    proxied = make_app(**TIGHT, TRUSTED_PROXIES=1, PROXY_ADDRESSES=parse_proxy_addresses("203.0.113.0/28")).test_client()
    behind = [say(proxied, "hi", sender=f"proxied_{i:05d}", **{"X-Forwarded-For": f"10.0.1.{i}"}) for i in range(7)]
    assert {r.status_code for r in behind} == {200}  # seven different residents behind one proxy


def test_x_forwarded_for_is_ignored_from_an_address_that_is_not_a_proxy(make_app):
    # Issue 16 item 7: with a proxy trusted and the app's port reachable directly,
    # "X-Forwarded-For: 127.0.0.1" made a client loopback and cancelled every address limit.
    direct = make_app(**TIGHT, TRUSTED_PROXIES=1).test_client()  # proxies: loopback by default
    statuses = [say(direct, "hi", sender=f"direct_{i:06d}", **{"X-Forwarded-For": "127.0.0.1"}).status_code
                for i in range(8)]
    assert statuses == [200] * 6 + [429] * 2
    # Through the proxy on this host the header names the client, and a made-up first entry
    # is not the one believed.
    via_proxy = [say(direct, "hi", sender=f"via_{i:06d}", address="127.0.0.1",
                     **{"X-Forwarded-For": "127.0.0.1, 198.51.100.20"}).status_code for i in range(8)]
    assert via_proxy == [200] * 6 + [429] * 2


def test_a_limit_of_zero_switches_it_off(make_app):
    client = make_app(RATE_LIMIT_PER_SENDER=0, RATE_LIMIT_PER_IP=0).test_client()
    assert {say(client, f"q{i}").status_code for i in range(40)} == {200}


def test_limits_come_from_the_environment_and_0_is_allowed(monkeypatch, make_app):
    monkeypatch.setenv("RATE_LIMIT_PER_SENDER", "0")
    monkeypatch.setenv("RATE_LIMIT_PER_IP", "5000")
    monkeypatch.setenv("HELPDESK_TRUSTED_PROXIES", "2")
    config = make_app().config
    assert (config["RATE_LIMIT_PER_SENDER"], config["RATE_LIMIT_PER_IP"], config["TRUSTED_PROXIES"]) == (0, 5000, 2)
    monkeypatch.setenv("RATE_LIMIT_PER_IP", "-1")
    with pytest.raises(RuntimeError, match="RATE_LIMIT_PER_IP"):
        make_app()
    monkeypatch.setenv("RATE_LIMIT_PER_IP", "many")
    with pytest.raises(RuntimeError, match="RATE_LIMIT_PER_IP"):
        make_app()


def sms(client, body, sender="+15165550123"):
    return signed_post(client, params(body, From=sender))


def test_a_texter_over_the_limit_gets_one_notice_then_silence_and_every_text_is_kept(client, app, fake_rasa):
    for i in range(3):
        assert messages(sms(client, f"question {i}")) == [f"echo: question {i}"]
    first = messages(sms(client, "question 4"))  # still 200 with TwiML
    assert first == ["Too many texts at once: yours was saved for staff. Emergencies: call 911. Office: (516) 555-0104."]
    assert messages(sms(client, "question 5")) == []
    assert len(fake_rasa.received) == 3
    rows = table(app, "sms_messages")
    assert [(r["body"], r["status"], r["handled"]) for r in rows[3:]] == [
        ("question 4", "held", 0), ("question 5", "held", 0),
    ]


def test_a_spill_report_by_text_is_never_refused(client, app, fake_rasa):
    report_form(app, fake_rasa)
    for text in REPORT:
        assert messages(sms(client, text, sender="+15165550177")) == [f"echo: {text}"]


def test_texts_are_not_limited_by_address_since_all_come_from_twilio(client, fake_rasa):
    for i in range(8):  # eight residents, one Twilio address, over RATE_LIMIT_PER_IP=6
        assert messages(sms(client, "hello", sender=f"+1516555{i:04d}")) == ["echo: hello"]


def test_forged_sms_from_one_address_are_refused_with_403_then_429(client, fake_rasa):
    statuses = [client.post("/sms", data=params(), headers={"X-Twilio-Signature": "forged"},
                            environ_base={"REMOTE_ADDR": "192.0.2.66"}).status_code for _ in range(8)]
    assert statuses == [403] * 6 + [429] * 2
    assert messages(signed_post(client, params("real text", To=BAYVILLE))) == ["echo: real text"]


def test_loopback_is_not_limited_by_address_but_its_senders_are(client):
    """A proxy on this host that was not declared must not lump every resident together."""
    statuses = [say(client, "hi", sender=f"local_{i:07d}", address="127.0.0.1").status_code for i in range(8)]
    assert statuses == [200] * 8
    assert [say(client, f"q{i}", sender="local_same", address="::1").status_code for i in range(4)][-1] == 429


def locked(*args, **kwargs):
    import sqlite3

    raise sqlite3.OperationalError("database is locked")


def test_a_locked_database_at_the_limit_check_holds_the_text_for_staff(client, app, fake_rasa, monkeypatch):
    from stormwater.intake import pipeline

    monkeypatch.setattr(pipeline, "check", locked)
    assert messages(sms(client, "oil in the drain")) == [
        "We received your message and staff will follow up. Emergencies: call 911."
    ]
    [row] = table(app, "sms_messages")
    assert (row["body"], row["handled"]) == ("oil in the drain", 0) and fake_rasa.received == []


def test_a_locked_database_does_not_turn_a_forged_request_into_a_500(client, monkeypatch):
    from stormwater.intake import pipeline

    monkeypatch.setattr(pipeline, "check", locked)
    res = client.post("/sms", data=params(), headers={"X-Twilio-Signature": "forged"},
                      environ_base={"REMOTE_ADDR": "192.0.2.67"})
    assert res.status_code == 403


def test_one_report_like_word_does_not_lift_the_limit_for_the_messages_after_it(client, fake_rasa):
    # Issue 16 item 5: with no report form opened, only the report-like message itself passes.
    assert say(client, "what is the rule for gas stations?", sender="asker_000001").status_code == 200
    statuses = [say(client, f"question {i}", sender="asker_000001").status_code for i in range(5)]
    assert statuses == [200, 200, 200, 429, 429]
