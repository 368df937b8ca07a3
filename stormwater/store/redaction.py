"""Keep residents' names, phone numbers and e-mail addresses out of Rasa's tracker store.

Tickets and the SMS log (which staff can see) hold contact details in clear; the
conversation history Rasa keeps must not. :class:`Redactor` replaces them with short keyed
hashes such as ``[phone:3f9a1c2b]``: the same number always gives the same tag (so a
conversation still reads coherently), but without the instance's secret the tag cannot be
traced back to the number.

Plain Python on event dicts (``Event.as_dict()``), used by ``ops.tracker_store``.
"""
from __future__ import annotations

import hashlib
import hmac
import re
from typing import Any, Dict, Iterable, List, Set, Union

CONTACT_SLOTS = frozenset({"reporter_name", "reporter_phone"})
# Answers the report form stores that identify nobody.
NOT_PERSONAL = frozenset({"anonymous", "none", ""})
MIN_VALUE_CHARS = 3  # shorter slot values would redact ordinary words

_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
# Ten-digit North American numbers (with or without the country code) and international
# numbers written with a leading "+". Dates (11/27/2026, 2026-11-27), references
# (BAY-7K3Q9P) and amounts ("100-2000 gallons") do not match; nor do seven-digit local
# numbers, which cannot be told from other figures.
_PHONE = re.compile(
    r"(?<![\w+])(?:"
    r"\+\d[\d\s().-]{6,18}\d"
    r"|(?:1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}"
    r")(?!\w)"
)
_TAG = re.compile(r"^\[(?:phone|email|name):[0-9a-f]+\]$")


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


class Redactor:
    """Replaces contact details with keyed hashes.

    :param secret: the instance's secret key (the one that also keys sender ids)
    """

    def __init__(self, secret: Union[bytes, str]):
        key = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret)
        if not key:
            raise ValueError("Redactor needs a non-empty secret")
        # A key of its own, so a tag can never equal a sender id made with the same secret.
        self._key = hmac.new(key, b"tracker-redaction", hashlib.sha256).digest()

    def tag(self, kind: str, value: str) -> str:
        """``[kind:<8 hex digits>]`` for ``value`` (phone numbers are hashed by their digits)."""
        normal = _digits(value)[-10:] if kind == "phone" else " ".join(value.split()).casefold()
        digest = hmac.new(self._key, f"{kind}:{normal}".encode("utf-8"), hashlib.sha256).hexdigest()
        return f"[{kind}:{digest[:8]}]"

    def scrub_text(self, text: str) -> str:
        """``text`` with every e-mail address and phone number replaced by its tag."""
        text = _EMAIL.sub(lambda m: self.tag("email", m.group(0)), text)
        return _PHONE.sub(lambda m: self.tag("phone", m.group(0)), text)

    def scrub(self, value: Any) -> Any:
        """``value`` with :meth:`scrub_text` applied to every string inside it (dicts, lists)."""
        if isinstance(value, str):
            return self.scrub_text(value)
        if isinstance(value, dict):
            return {k: self.scrub(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.scrub(v) for v in value]
        return value

    def scrub_event(self, event: Dict[str, Any]) -> Dict[str, Any]:
        """A new event as it may be stored while a report is still being filled in.

        The resident's words (user events) and slot values lose phone numbers and e-mail
        addresses. The contact slots themselves stay in clear until the report is filed or
        cancelled (see :meth:`forget_values`): the form needs them to file the ticket, even
        after a restart of Rasa. Bot messages are left alone: they quote the village
        office's public numbers, and any echo of a resident's number is removed by
        :meth:`forget_values`.
        """
        kind = event.get("event")
        if kind == "user":
            return self.scrub(event)
        if kind == "slot" and event.get("name") not in CONTACT_SLOTS:
            return self.scrub(event)
        return event

    def contact_values(self, events: Iterable[Dict[str, Any]]) -> Set[str]:
        """The names and phone numbers the contact slots were set to in ``events``."""
        found = set()
        for event in events:
            if event.get("event") != "slot" or event.get("name") not in CONTACT_SLOTS:
                continue
            value = event.get("value")
            if not isinstance(value, str):
                continue
            value = " ".join(value.split())
            if len(value) >= MIN_VALUE_CHARS and value.casefold() not in NOT_PERSONAL and not _TAG.match(value):
                found.add(value)
        return found

    def forget_values(self, event: Dict[str, Any], values: Iterable[str]) -> Dict[str, Any]:
        """``event`` with each of ``values`` (a name, a phone number) replaced by its tag everywhere."""
        patterns = [(pattern, self.tag(kind, raw)) for kind, raw, pattern in _value_patterns(values)]
        if not patterns:
            return event

        def replace(value: Any) -> Any:
            if isinstance(value, str):
                for pattern, tag in patterns:
                    value = pattern.sub(tag, value)
                return value
            if isinstance(value, dict):
                return {k: replace(v) for k, v in value.items()}
            if isinstance(value, list):
                return [replace(v) for v in value]
            return value

        return replace(event)


def _value_patterns(values: Iterable[str]) -> List[tuple]:
    """(kind, value, regex) for each value, longest first so a full name goes before a part of it."""
    patterns = []
    for value in sorted(set(values), key=len, reverse=True):
        kind = "phone" if len(_digits(value)) >= 7 and not re.search(r"[A-Za-z]", value) else "name"
        body = r"\s+".join(re.escape(word) for word in value.split())
        flags = re.IGNORECASE if kind == "name" else 0
        patterns.append((kind, value, re.compile(rf"(?<!\w){body}(?!\w)", flags)))
    return patterns
