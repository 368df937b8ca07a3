"""One settings object per process: the web app's, SMS, SMTP and the services' sections, parsed
from the copy of the environment read once at start, with every variable's default, and an
error naming the variable for a value that cannot be used."""
import dataclasses

import pytest

from stormwater.store.settings import Settings, SettingsError, current, start_process
from stormwater.store.settings_sections import JobSettings, ServiceSettings, SmsSettings, SmtpSettings, WebSettings


def test_defaults_when_nothing_is_set():
    settings = Settings.from_env({})
    assert settings.web == WebSettings(
        rasa_url="http://127.0.0.1:5005", rasa_token=None, rasa_timeout=10.0, secret_key=None,
        max_message_chars=2000, max_content_length=65536, rate_limit_per_sender=30, rate_limit_per_ip=300,
        rate_limit_window=300, rate_limit_free_messages=20, rate_limit_report_minutes=60, trusted_proxies=0,
        proxy_addresses=None, host=None, trusted_hosts=None, frame_ancestors="", cookie_secure=None, public_url=None,
    )
    assert settings.sms == SmsSettings(auth_token=None, account_sid=None, api_base_url=None, rasa_timeout=8.0, part_chars=320)
    assert settings.smtp is None  # alert e-mail off
    assert settings.services == ServiceSettings(
        web_host="127.0.0.1", web_port=8000, rasa_port=5005, action_port=5055, rasa_api=False, rasa_replicas=1,
        lock_store_url=None, tracker_store_url=None,
    )
    assert settings.jobs == JobSettings(retention_days=730, alerts_poll_seconds=1.0)


def test_each_section_reads_its_variables():
    settings = Settings.from_env({
        "RASA_URL": " http://127.0.0.1:6005,http://127.0.0.1:6006 ", "RASA_TIMEOUT": "2.5", "RATE_LIMIT_PER_IP": "0",
        "HELPDESK_COOKIE_SECURE": "off", "TWILIO_AUTH_TOKEN": "tok", "SMS_PART_CHARS": "160",
        "HELPDESK_SMTP_HOST": "mail.example.org", "HELPDESK_SMTP_SECURITY": "tls", "HELPDESK_SMTP_FROM": "desk@example.org",
        "HELPDESK_PORT": "8080", "RASA_ENABLE_API": "yes", "HELPDESK_RETENTION_DAYS": "0",
    })
    assert settings.web.rasa_url == "http://127.0.0.1:6005,http://127.0.0.1:6006"
    assert (settings.web.rasa_timeout, settings.web.rate_limit_per_ip, settings.web.cookie_secure) == (2.5, 0, False)
    assert (settings.sms.auth_token, settings.sms.part_chars) == ("tok", 160)
    assert (settings.smtp.host, settings.smtp.port, settings.smtp.sender) == ("mail.example.org", 465, "desk@example.org")
    assert (settings.services.web_port, settings.services.rasa_api) == (8080, True)
    assert settings.jobs.retention_days == 0  # keep everything


@pytest.mark.parametrize("section, name, value", [
    ("web", "RASA_TIMEOUT", "soon"),
    ("web", "MAX_MESSAGE_CHARS", "0"),
    ("web", "RATE_LIMIT_PER_SENDER", "-1"),
    ("web", "RATE_LIMIT_WINDOW", "1.5"),
    ("web", "HELPDESK_COOKIE_SECURE", "sometimes"),
    ("sms", "SMS_PART_CHARS", "many"),
    ("sms", "SMS_RASA_TIMEOUT", "-3"),
    ("smtp", "HELPDESK_SMTP_SECURITY", "ssl3"),
    ("smtp", "HELPDESK_SMTP_PORT", "smtp"),
    ("smtp", "HELPDESK_SMTP_FROM", "not an address"),
    ("services", "HELPDESK_PORT", "eighty"),
    ("services", "RASA_PORT", "0"),
    ("services", "RASA_REPLICAS", "3"),  # without the stores the replicas share
    ("jobs", "HELPDESK_RETENTION_DAYS", "two years"),
    ("jobs", "HELPDESK_ALERTS_POLL_SECONDS", "0"),
])
def test_a_bad_value_is_refused_naming_its_variable(section, name, value):
    env = {"HELPDESK_SMTP_HOST": "mail.example.org", "HELPDESK_SMTP_FROM": "desk@example.org", name: value}
    settings = Settings.from_env(env)
    with pytest.raises(SettingsError, match=name):
        getattr(settings, section)


def test_a_bad_value_stops_only_the_process_that_reads_its_section():
    settings = Settings.from_env({"HELPDESK_SMTP_HOST": "mail.example.org"})  # no sender
    assert settings.web.rasa_timeout == 10.0 and settings.services.web_port == 8000
    with pytest.raises(SettingsError, match="HELPDESK_SMTP_FROM"):
        settings.smtp


def test_the_settings_and_their_sections_are_frozen():
    settings = Settings.from_env({})
    for target, field in ((settings, "public_url"), (settings.web, "rasa_url"), (settings.sms, "part_chars"),
                          (settings.services, "web_port")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(target, field, "changed")


def test_one_object_per_process_read_once_at_start(monkeypatch):
    monkeypatch.setenv("RASA_TIMEOUT", "3")
    settings = start_process()
    assert current() is settings and settings.web.rasa_timeout == 3.0
    monkeypatch.setenv("RASA_TIMEOUT", "7")  # the environment changing later is not read again
    assert current().web.rasa_timeout == 3.0 and current().web is settings.web
