"""What a signed Twilio webhook request must also look like before it is believed.

Twilio's ``X-Twilio-Signature`` is an HMAC of the URL followed by every form field's name
and value, sorted by name and joined with *nothing* between them. So a captured signed
request can be re-split at a field boundary and keep its signature: drop ``NumMedia=0``
and send ``MessageSid=<sid>NumMedia0``, and the same signature covers a "new" text that
the ``MessageSid`` deduplication does not recognise. :func:`form_problem` closes that:

* ``MessageSid`` must be Twilio's format (``SM`` or ``MM`` and 32 hex digits), so no
  boundary can move into or out of it, and a replay always carries the stored sid;
  ``SmsSid`` and ``SmsMessageSid``, when sent, must equal it;
* ``AccountSid`` must be Twilio's format, and equal the configured account when there is one;
* every field name must be one Twilio sends to a messaging webhook
  (:data:`TWILIO_FIELDS` and the numbered media fields), so no field can be made up.

Twilio documents that it may add parameters without notice: an unknown name is refused
with a message naming it (the web layer logs it as an error), and belongs in
:data:`TWILIO_FIELDS` once it is confirmed to be Twilio's.
"""
from __future__ import annotations

import re
from typing import Mapping, Optional, Sequence, Union

SID_PATTERN = re.compile(r"(SM|MM)[0-9a-f]{32}")
ACCOUNT_SID_PATTERN = re.compile(r"AC[0-9a-f]{32}")

# Twilio's incoming-message webhook parameters (SMS, MMS, and those its other messaging
# channels add), by name.
TWILIO_FIELDS = frozenset({
    "MessageSid", "SmsSid", "SmsMessageSid", "AccountSid", "MessagingServiceSid", "From", "To", "Body",
    "NumMedia", "NumSegments", "SmsStatus", "ApiVersion", "OptOutType", "AddOns",
    "FromCity", "FromState", "FromZip", "FromCountry", "ToCity", "ToState", "ToZip", "ToCountry",
    "ProfileName", "WaId", "Forwarded", "FrequentlyForwarded", "ButtonText", "ButtonPayload",
    "Latitude", "Longitude", "Address", "Label", "MessageType", "ChannelMetadata",
    "OriginalRepliedMessageSender", "OriginalRepliedMessageSid",
})
_NUMBERED_OR_FAMILY = re.compile(r"MediaUrl\d{1,2}|MediaContentType\d{1,2}|Referral[A-Za-z]{1,40}")


def is_twilio_field(name: str) -> bool:
    """Whether Twilio sends a form field of this name to a messaging webhook."""
    return name in TWILIO_FIELDS or _NUMBERED_OR_FAMILY.fullmatch(name) is not None


def form_problem(
    fields: Mapping[str, Union[str, Sequence[str]]], account_sid: Optional[str] = None
) -> Optional[str]:
    """Why a signed form is not a genuine Twilio message webhook, or ``None`` when it is.

    :param fields: the request's form fields, each a value or the list of its values (a
        name sent twice is refused: its values are joined into the signature too)
    :param account_sid: ``TWILIO_ACCOUNT_SID`` when configured; then ``AccountSid`` must equal it
    :returns: ``"field:<names>"`` (unknown or repeated), ``"message_sid"`` or ``"account_sid"``
    """
    odd = sorted(
        name for name, value in fields.items()
        if not is_twilio_field(name) or (not isinstance(value, str) and len(value) != 1)
    )
    if odd:
        return "field:" + ",".join(odd)
    form = {name: value if isinstance(value, str) else value[0] for name, value in fields.items()}
    sid = form.get("MessageSid") or ""
    if not SID_PATTERN.fullmatch(sid):
        return "message_sid"
    for alias in ("SmsSid", "SmsMessageSid"):
        if alias in form and form[alias] != sid:
            return "message_sid"
    account = form.get("AccountSid")
    if account is not None and not ACCOUNT_SID_PATTERN.fullmatch(account):
        return "account_sid"
    if account_sid and account != account_sid:
        return "account_sid"
    return None
