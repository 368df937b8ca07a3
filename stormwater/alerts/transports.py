"""How outbox rows leave: e-mail over SMTP, texts through Twilio's REST API.

Each transport raises :class:`Permanent` for an error that sending again cannot fix (an
address the server refuses, Twilio's opt-out error 21610), and lets anything else (a server
that is down, a timeout, a 5xx from Twilio) through as an error worth retrying.
"""
from __future__ import annotations

import hashlib
import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate
from typing import Optional

from stormwater.store.settings_sections import SmtpSettings
from stormwater.intake.sms_outbound import SmsSender, send_text

TWILIO_OPTED_OUT = 21610  # "Attempt to send to unsubscribed recipient": the number sent STOP


class Permanent(Exception):
    """Sending this row again would fail the same way."""

    def __init__(self, message: str, opted_out: bool = False):
        super().__init__(message)
        self.opted_out = opted_out


def message_id(row_id: int, dedupe_key: str, sender: str) -> str:
    """A Message-ID fixed per outbox row, so a mail client folds a resent copy into one."""
    digest = hashlib.sha256(dedupe_key.encode("utf-8")).hexdigest()[:16]
    return f"<alert-{row_id}.{digest}@{sender.rsplit('@', 1)[-1]}>"


class Mailer:
    """Sends one e-mail per outbox row with :mod:`smtplib` (a new connection each time: rare mail)."""

    def __init__(self, settings: SmtpSettings):
        self.settings = settings

    def _connect(self) -> smtplib.SMTP:
        s = self.settings
        if s.security == "tls":
            return smtplib.SMTP_SSL(s.host, s.port, timeout=s.timeout, context=ssl.create_default_context())
        smtp = smtplib.SMTP(s.host, s.port, timeout=s.timeout)
        if s.security == "starttls":
            smtp.starttls(context=ssl.create_default_context())
        return smtp

    def send(self, row_id: int, dedupe_key: str, to: str, subject: str, body: str) -> str:
        """Send one alert; its Message-ID.

        :raises Permanent: when the server refuses the recipient or the message for good (5xx)
        """
        msg = EmailMessage()
        msg["From"] = self.settings.sender
        msg["To"] = to
        msg["Subject"] = subject
        msg["Date"] = formatdate(localtime=False)
        msg["Message-ID"] = message_id(row_id, dedupe_key, self.settings.sender)
        msg["Auto-Submitted"] = "auto-generated"  # RFC 3834: no out-of-office replies back
        msg.set_content(body)
        try:
            with self._connect() as smtp:
                if self.settings.user:
                    smtp.login(self.settings.user, self.settings.password or "")
                smtp.send_message(msg)
        except smtplib.SMTPRecipientsRefused as error:
            codes = [code for code, _ in error.recipients.values()]
            if codes and all(code >= 500 for code in codes):
                raise Permanent(f"recipient refused: {codes}") from None
            raise
        except smtplib.SMTPAuthenticationError:
            raise  # the settings are wrong: retried once someone fixes them
        except smtplib.SMTPResponseException as error:
            if error.smtp_code >= 500:
                raise Permanent(f"refused by the mail server: {error.smtp_code}") from None
            raise
        return msg["Message-ID"]


class TextSender:
    """Sends one SMS per outbox row through the outbound wrapper (:mod:`stormwater.intake.sms_outbound`)."""

    def __init__(self, sender: SmsSender):
        self.sender = sender

    def send(self, to: str, from_: str, body: str) -> str:
        """Send one text (one Twilio message, up to 1,600 characters); its MessageSid.

        :raises Permanent: for Twilio's opt-out error 21610 (``opted_out``) and other 4xx errors
        """
        try:
            from twilio.base.exceptions import TwilioRestException
        except ImportError:  # pragma: no cover - twilio is a dependency
            TwilioRestException = ()  # type: ignore[assignment]
        try:
            sids = send_text(self.sender, to, from_, body, limit=1600)
        except TwilioRestException as error:  # type: ignore[misc]
            code: Optional[int] = getattr(error, "code", None)
            status = int(getattr(error, "status", 0) or 0)
            if code == TWILIO_OPTED_OUT:
                raise Permanent(f"Twilio {code}: the recipient has opted out (STOP)", opted_out=True) from None
            if 400 <= status < 500 and status != 429:
                raise Permanent(f"Twilio {code or status}: {getattr(error, 'msg', '')}".strip()) from None
            raise
        return ",".join(sids)
