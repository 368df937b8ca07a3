"""Texts the help desk starts itself (not replies to a resident's text, which go back as TwiML).

:class:`TwilioSender` wraps ``twilio.rest.Client``, created on first use so that importing
this module or building the app never needs credentials or the network. Tests use
:class:`FakeSender`, which only records.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Protocol

from stormwater.intake.sms_text import split_for_sms, to_gsm7


class SmsSender(Protocol):
    """Something that sends one SMS body and returns the provider's message id."""

    def send(self, to: str, from_: str, body: str) -> str:
        ...


class TwilioSender:
    """Send through Twilio's REST API.

    :param account_sid: the Twilio account SID (``TWILIO_ACCOUNT_SID``)
    :param auth_token: its auth token (``TWILIO_AUTH_TOKEN``)
    :param api_base_url: another address for Twilio's REST API (tests point it at a local
      stand-in; ``None``: Twilio's own)
    """

    def __init__(self, account_sid: str, auth_token: str, api_base_url: Optional[str] = None):
        if not account_sid or not auth_token:
            raise ValueError("TwilioSender needs an account SID and an auth token")
        self._account_sid = account_sid
        self._auth_token = auth_token
        self._api_base_url = api_base_url
        self._client = None

    def _rest(self):
        if self._client is None:
            from twilio.rest import Client  # imported late: heavy, and only needed to send

            self._client = Client(self._account_sid, self._auth_token)
            if self._api_base_url:
                self._client.api.base_url = self._api_base_url.rstrip("/")
        return self._client

    def send(self, to: str, from_: str, body: str) -> str:
        """Send ``body`` (at most 1,600 characters) from ``from_`` to ``to``; the MessageSid."""
        if len(body) > 1600:
            raise ValueError("an SMS body is at most 1,600 characters")
        message = self._rest().messages.create(to=to, from_=from_, body=body)
        return str(message.sid)


@dataclass
class FakeSender:
    """A sender for tests: keeps what it was asked to send, sends nothing."""

    sent: List[dict] = field(default_factory=list)

    def send(self, to: str, from_: str, body: str) -> str:
        self.sent.append({"to": to, "from": from_, "body": body})
        return f"SMFAKE{len(self.sent):026d}"


def send_text(sender: SmsSender, to: str, from_: str, text: str, limit: int = 320, overflow: str = "...") -> List[str]:
    """Send ``text`` as GSM-7 SMS parts of at most ``limit`` characters; the message ids.

    :param overflow: what ends a text cut short to fit 1,600 characters
    """
    return [sender.send(to, from_, part) for part in split_for_sms(to_gsm7(text), limit, overflow=overflow)]


def sender_from_config(
    account_sid: Optional[str], auth_token: Optional[str], api_base_url: Optional[str] = None
) -> Optional[TwilioSender]:
    """A :class:`TwilioSender` when both credentials are set, else ``None``."""
    if account_sid and auth_token:
        return TwilioSender(account_sid, auth_token, api_base_url)
    return None
