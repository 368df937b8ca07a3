"""Rate limits for the web layer: the settings in force and the keys of this request.

The limits themselves are :mod:`stormwater.intake.rate_limits`; this module only turns the app's
configuration (``RATE_LIMIT_*``) and the request into its arguments. The client address is
``request.remote_addr``, which honours ``X-Forwarded-For`` only when
``HELPDESK_TRUSTED_PROXIES`` says how many proxies to trust (see ``web/__init__.py``), and
it is stored only as a keyed hash.

Loopback addresses are not limited for residents' messages: a request from this host is a
reverse proxy that was not declared in ``HELPDESK_TRUSTED_PROXIES`` (then every resident
would share one allowance, and a flood by one would silence all), a health check, a test
or a benchmark. Senders are still limited one by one. The staff sign-in is limited from
loopback too. ``X-Forwarded-For`` counts only from ``HELPDESK_PROXY_ADDRESSES``
(``web/network.py``), so no client can claim to be loopback.
"""
from __future__ import annotations

from typing import Optional

from flask import current_app, request
from sqlite_utils import Database

from stormwater.intake.inbound import sender_key
from stormwater.intake import pipeline
from stormwater.intake.rate_limits import Decision, Limits

from .network import is_loopback


def current_limits() -> Limits:
    """The limits from the app's configuration (0 disables one)."""
    config = current_app.config
    return Limits(
        per_sender=config["RATE_LIMIT_PER_SENDER"],
        per_ip=config["RATE_LIMIT_PER_IP"],
        window=float(config["RATE_LIMIT_WINDOW"]),
        free_messages=config["RATE_LIMIT_FREE_MESSAGES"],
        report_seconds=float(config["RATE_LIMIT_REPORT_MINUTES"]) * 60,
    )


def address_key(channel: str, exempt_loopback: bool = True) -> Optional[str]:
    """A keyed hash of this request's client address, per channel (``None``: not limited).

    :param exempt_loopback: leave loopback unlimited (residents' messages, see the module
        docstring); the staff sign-in passes ``False``: guessing passwords is never exempt
    """
    address = request.remote_addr
    if not address or (exempt_loopback and is_loopback(address)):
        return None
    return sender_key(current_app.config["SECRET_KEY"], "address", channel, address)


def check_address(db: Database, channel: str) -> Decision:
    """Count one request against its client address only (refused SMS signatures, history
    reads); a locked database lets it through uncounted."""
    return pipeline.check_address(db, current_limits(), address_key(channel))


def retry_after(decision: Decision) -> dict:
    """The ``Retry-After`` header for a refusal."""
    return {"Retry-After": str(max(1, decision.retry_after))}
