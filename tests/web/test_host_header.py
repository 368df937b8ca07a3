"""Issue 16 item 6: the Host header no longer decides what /sms checks, nor what redirects say."""
import logging

import pytest
from twilio.request_validator import RequestValidator

from .test_sms import TOKEN, messages, params


@pytest.fixture(autouse=True)
def no_host_env(monkeypatch):
    for name in ("TWILIO_AUTH_TOKEN", "TWILIO_ACCOUNT_SID", "HELPDESK_PUBLIC_URL", "HELPDESK_TRUSTED_HOSTS",
                 "HELPDESK_HOST", "HELPDESK_TRUSTED_PROXIES", "HELPDESK_PROXY_ADDRESSES"):
        monkeypatch.delenv(name, raising=False)


def post_signed_for(client, url, host, address):
    form = params()
    signature = RequestValidator(TOKEN).compute_signature(url, form)
    return client.post("/sms", data=form, headers={"X-Twilio-Signature": signature, "Host": host},
                       environ_base={"REMOTE_ADDR": address})


def test_without_a_public_url_a_request_signed_for_the_host_it_names_is_refused(make_app, fake_rasa):
    client = make_app(TWILIO_AUTH_TOKEN=TOKEN).test_client()
    res = post_signed_for(client, "http://evil.example/sms", "evil.example", "203.0.113.5")
    assert res.status_code in (400, 503)
    assert fake_rasa.received == []


def test_without_a_public_url_sms_answers_only_loopback(make_app, fake_rasa, monkeypatch):
    monkeypatch.setenv("HELPDESK_TRUSTED_HOSTS", "evil.example")  # even with the host trusted
    client = make_app(TWILIO_AUTH_TOKEN=TOKEN).test_client()
    res = post_signed_for(client, "http://evil.example/sms", "evil.example", "203.0.113.5")
    assert res.status_code == 503 and "HELPDESK_PUBLIC_URL" in res.get_data(as_text=True)
    assert fake_rasa.received == []
    # Development on this computer still works without it.
    assert messages(post_signed_for(client, "http://localhost/sms", "localhost", "127.0.0.1"))


def test_with_a_public_url_any_address_may_post_and_the_host_header_is_ignored(make_app, fake_rasa):
    client = make_app(TWILIO_AUTH_TOKEN=TOKEN, PUBLIC_BASE_URL="https://help.example.org").test_client()
    assert messages(post_signed_for(client, "https://help.example.org/sms", "help.example.org", "203.0.113.5"))


def test_the_app_says_at_start_that_sms_needs_the_public_url(make_app, caplog):
    with caplog.at_level(logging.WARNING):
        make_app(TWILIO_AUTH_TOKEN=TOKEN)
    assert "HELPDESK_PUBLIC_URL" in caplog.text and "/sms" in caplog.text


def test_an_unknown_host_header_is_refused_and_never_echoed_in_a_redirect(client):
    res = client.get("/bayville", headers={"Host": "evil.example"})
    assert res.status_code == 400
    assert "evil.example" not in res.headers.get("Location", "")
    assert client.get("/bayville", headers={"Host": "localhost"}).status_code in (301, 308)


def test_trusted_hosts_default_to_loopback_the_public_url_and_the_setting(make_app, monkeypatch):
    monkeypatch.setenv("HELPDESK_TRUSTED_HOSTS", "intranet.example, .village.example")
    app = make_app(PUBLIC_BASE_URL="https://help.example.org:8443/")
    client = app.test_client()
    for host in ("localhost", "127.0.0.1:8000", "help.example.org", "intranet.example", "www.village.example"):
        assert client.get("/api/villages", headers={"Host": host}).status_code == 200, host
    for host in ("evil.example", "help.example.org.evil.example"):
        assert client.get("/api/villages", headers={"Host": host}).status_code == 400, host
