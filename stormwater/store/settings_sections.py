"""The sections of a process's settings (:class:`stormwater.store.settings.Settings`): the web
app's, SMS, SMTP, the services ``make run`` starts and the background jobs, each parsed from
the copy of the environment the process read once at its start.

Every value here is checked where it is parsed; a value that cannot be used raises
:class:`SettingsError`, which names the variable. What a value means to an adapter (a list of
proxy networks, the websites that may frame the chat) is parsed by that adapter from the text
kept here (``web/network.py``, ``web/csp.py``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Mapping, Optional
from urllib.parse import urlsplit

LOOPBACK = "127.0.0.1"
SMTP_SECURITY_MODES = ("starttls", "tls", "none")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")


class SettingsError(ValueError, RuntimeError):
    """A variable of the environment holds a value the help desk cannot use (the message names
    it). A ``ValueError``, and a ``RuntimeError`` as the web app's own checks raised before."""


def text(env: Mapping[str, str], name: str, default: Optional[str] = None) -> Optional[str]:
    """The variable stripped, or ``default`` when it is unset or blank."""
    raw = (env.get(name) or "").strip()
    return raw or default


def number(env: Mapping[str, str], name: str, default, cast: Callable = int, *, zero: bool = False):
    """A positive number (``zero``: 0 or more, 0 switching something off), or ``default``.

    :raises SettingsError: naming the variable, for a value that is not one
    """
    raw = text(env, name)
    if raw is None:
        return default
    kind = "whole number" if cast is int else "number"
    try:
        value = cast(raw)
    except ValueError:
        raise SettingsError(f"environment variable {name}={raw!r} is not a valid {kind}") from None
    if value < 0 or (value == 0 and not zero):
        raise SettingsError(f"environment variable {name} must be {'0 or more' if zero else 'positive'}")
    return value


def switch(env: Mapping[str, str], name: str) -> Optional[bool]:
    """``1/true/yes/on`` or ``0/false/no/off``; ``None`` when unset.

    :raises SettingsError: for anything else
    """
    raw = (text(env, name) or "").lower()
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    if raw:
        raise SettingsError(f"environment variable {name}={raw!r} is not true or false")
    return None


@dataclass(frozen=True)
class WebSettings:
    """The Flask app's: Rasa, limits, proxies, framing and the staff cookie (README, Configuration)."""

    rasa_url: str = "http://127.0.0.1:5005"  # RASA_URL (several, comma-separated: replicas)
    rasa_token: Optional[str] = None  # RASA_TOKEN
    rasa_timeout: float = 10.0  # RASA_TIMEOUT, seconds
    secret_key: Optional[str] = None  # HELPDESK_SECRET_KEY (else generated into the instance folder)
    max_message_chars: int = 2000  # MAX_MESSAGE_CHARS
    max_content_length: int = 64 * 1024  # MAX_CONTENT_LENGTH, bytes
    rate_limit_per_sender: int = 30  # RATE_LIMIT_PER_SENDER (0: off)
    rate_limit_per_ip: int = 300  # RATE_LIMIT_PER_IP (0: off)
    rate_limit_window: int = 300  # RATE_LIMIT_WINDOW, seconds
    rate_limit_free_messages: int = 20  # RATE_LIMIT_FREE_MESSAGES
    rate_limit_report_minutes: int = 60  # RATE_LIMIT_REPORT_MINUTES
    trusted_proxies: int = 0  # HELPDESK_TRUSTED_PROXIES
    proxy_addresses: Optional[str] = None  # HELPDESK_PROXY_ADDRESSES (None: loopback)
    host: Optional[str] = None  # HELPDESK_HOST, as a Host header value answered
    trusted_hosts: Optional[str] = None  # HELPDESK_TRUSTED_HOSTS
    frame_ancestors: str = ""  # HELPDESK_FRAME_ANCESTORS
    cookie_secure: Optional[bool] = None  # HELPDESK_COOKIE_SECURE (None: whether the public URL is https)
    public_url: Optional[str] = None  # HELPDESK_PUBLIC_URL as set (Twilio's signatures, the Host answered)

    @classmethod
    def parse(cls, env: Mapping[str, str]) -> "WebSettings":
        return cls(
            rasa_url=text(env, "RASA_URL", cls.rasa_url), rasa_token=text(env, "RASA_TOKEN"),
            rasa_timeout=number(env, "RASA_TIMEOUT", cls.rasa_timeout, float),
            secret_key=text(env, "HELPDESK_SECRET_KEY"),
            max_message_chars=number(env, "MAX_MESSAGE_CHARS", cls.max_message_chars),
            max_content_length=number(env, "MAX_CONTENT_LENGTH", cls.max_content_length),
            rate_limit_per_sender=number(env, "RATE_LIMIT_PER_SENDER", cls.rate_limit_per_sender, zero=True),
            rate_limit_per_ip=number(env, "RATE_LIMIT_PER_IP", cls.rate_limit_per_ip, zero=True),
            rate_limit_window=number(env, "RATE_LIMIT_WINDOW", cls.rate_limit_window),
            rate_limit_free_messages=number(env, "RATE_LIMIT_FREE_MESSAGES", cls.rate_limit_free_messages, zero=True),
            rate_limit_report_minutes=number(env, "RATE_LIMIT_REPORT_MINUTES", cls.rate_limit_report_minutes),
            trusted_proxies=number(env, "HELPDESK_TRUSTED_PROXIES", cls.trusted_proxies, zero=True),
            proxy_addresses=env.get("HELPDESK_PROXY_ADDRESSES"), host=env.get("HELPDESK_HOST"),
            trusted_hosts=env.get("HELPDESK_TRUSTED_HOSTS"),
            frame_ancestors=env.get("HELPDESK_FRAME_ANCESTORS", ""),
            cookie_secure=switch(env, "HELPDESK_COOKIE_SECURE"), public_url=text(env, "HELPDESK_PUBLIC_URL"),
        )


@dataclass(frozen=True)
class SmsSettings:
    """Twilio and SMS turns (``web/sms.py``, texts the desk sends itself)."""

    auth_token: Optional[str] = None  # TWILIO_AUTH_TOKEN (without it POST /sms answers 503)
    account_sid: Optional[str] = None  # TWILIO_ACCOUNT_SID
    api_base_url: Optional[str] = None  # TWILIO_API_BASE_URL (the tests' stand-in for Twilio)
    rasa_timeout: float = 8.0  # SMS_RASA_TIMEOUT, seconds (Twilio gives up after 15)
    part_chars: int = 320  # SMS_PART_CHARS

    @classmethod
    def parse(cls, env: Mapping[str, str]) -> "SmsSettings":
        return cls(
            auth_token=text(env, "TWILIO_AUTH_TOKEN"), account_sid=text(env, "TWILIO_ACCOUNT_SID"),
            api_base_url=env.get("TWILIO_API_BASE_URL") or None,
            rasa_timeout=number(env, "SMS_RASA_TIMEOUT", cls.rasa_timeout, float),
            part_chars=number(env, "SMS_PART_CHARS", cls.part_chars),
        )


@dataclass(frozen=True)
class SmtpSettings:
    """How alert e-mail is sent; from ``HELPDESK_SMTP_*`` (the password never from a file in the repository)."""

    host: str
    port: int
    security: str
    sender: str
    user: Optional[str] = None
    password: Optional[str] = None
    timeout: float = 10.0

    @classmethod
    def parse(cls, env: Mapping[str, str]) -> Optional["SmtpSettings"]:
        """The settings, or ``None`` when ``HELPDESK_SMTP_HOST`` is unset (e-mail is off).

        ``HELPDESK_SMTP_PORT`` (587), ``HELPDESK_SMTP_SECURITY`` (``starttls``, ``tls`` or
        ``none``; default ``starttls``), ``HELPDESK_SMTP_USER``, ``HELPDESK_SMTP_PASSWORD``,
        ``HELPDESK_SMTP_FROM`` (required with a host).

        :raises SettingsError: for a bad port, mode or sender
        """
        host = text(env, "HELPDESK_SMTP_HOST")
        if not host:
            return None
        security = (text(env, "HELPDESK_SMTP_SECURITY") or "starttls").lower()
        if security not in SMTP_SECURITY_MODES:
            raise SettingsError(f"HELPDESK_SMTP_SECURITY must be one of {SMTP_SECURITY_MODES}")
        try:
            port = int(env.get("HELPDESK_SMTP_PORT") or (465 if security == "tls" else 587))
        except ValueError:
            raise SettingsError("HELPDESK_SMTP_PORT must be a number") from None
        sender = text(env, "HELPDESK_SMTP_FROM") or ""
        if not _EMAIL.fullmatch(sender):
            raise SettingsError("HELPDESK_SMTP_FROM must be the e-mail address alerts come from")
        return cls(host, port, security, sender, text(env, "HELPDESK_SMTP_USER"), env.get("HELPDESK_SMTP_PASSWORD") or None)


@dataclass(frozen=True)
class ServiceSettings:
    """Where ``make run``'s services listen, and Rasa's replicas and stores (``ops.launcher``)."""

    web_host: str = LOOPBACK  # HELPDESK_HOST
    web_port: int = 8000  # HELPDESK_PORT
    rasa_port: int = 5005  # RASA_PORT
    action_port: int = 5055  # ACTION_PORT
    rasa_api: bool = False  # RASA_ENABLE_API
    rasa_replicas: int = 1  # RASA_REPLICAS
    lock_store_url: Optional[str] = None  # RASA_LOCK_STORE_URL: redis://...
    tracker_store_url: Optional[str] = None  # RASA_TRACKER_STORE_URL: postgresql://...

    @classmethod
    def parse(cls, env: Mapping[str, str]) -> "ServiceSettings":
        """:raises SettingsError: for a port that is not a number, or replicas that would lose
        or mix up turns (:meth:`check`)"""
        section = cls(
            web_host=env.get("HELPDESK_HOST", LOOPBACK), web_port=number(env, "HELPDESK_PORT", cls.web_port),
            rasa_port=number(env, "RASA_PORT", cls.rasa_port), action_port=number(env, "ACTION_PORT", cls.action_port),
            rasa_api=(text(env, "RASA_ENABLE_API") or "").lower() in ("1", "true", "yes"),
            rasa_replicas=number(env, "RASA_REPLICAS", cls.rasa_replicas),
            lock_store_url=text(env, "RASA_LOCK_STORE_URL"), tracker_store_url=text(env, "RASA_TRACKER_STORE_URL"),
        )
        check_replicas(section.rasa_replicas, section.lock_store_url, section.tracker_store_url)
        return section


@dataclass(frozen=True)
class JobSettings:
    """The help desk's background jobs: the retention job's period, how often the alert worker looks."""

    retention_days: int = 730  # HELPDESK_RETENTION_DAYS (0: keep everything)
    alerts_poll_seconds: float = 1.0  # HELPDESK_ALERTS_POLL_SECONDS

    @classmethod
    def parse(cls, env: Mapping[str, str]) -> "JobSettings":
        return cls(
            retention_days=number(env, "HELPDESK_RETENTION_DAYS", cls.retention_days, zero=True),
            alerts_poll_seconds=number(env, "HELPDESK_ALERTS_POLL_SECONDS", cls.alerts_poll_seconds, float),
        )


def check_replicas(replicas: int, lock_store_url: Optional[str], tracker_store_url: Optional[str]) -> None:
    """Refuse a replica set-up that would lose or mix up turns.

    :raises SettingsError: with what to set
    """
    if replicas < 1:
        raise SettingsError("RASA_REPLICAS must be 1 or more")
    if replicas > 1 and not (lock_store_url and tracker_store_url):
        # Each replica would keep its own conversations and its own locks.
        raise SettingsError(
            "RASA_REPLICAS > 1 needs RASA_LOCK_STORE_URL (redis://...) and "
            "RASA_TRACKER_STORE_URL (postgresql://...) shared by every replica"
        )
    if lock_store_url and urlsplit(lock_store_url).scheme not in ("redis", "rediss"):
        raise SettingsError("RASA_LOCK_STORE_URL must be a redis:// or rediss:// URL")
    if tracker_store_url and not urlsplit(tracker_store_url).scheme.startswith("postgresql"):
        raise SettingsError("RASA_TRACKER_STORE_URL must be a postgresql:// URL")
