"""Keep residents' names, phone numbers and e-mail addresses out of Rasa's tracker store.

Tickets and the SMS log (which staff can see) hold contact details in clear; the
conversation history Rasa keeps must not. :class:`Redactor` replaces them with short keyed
hashes such as ``[phone:3f9a1c2b]``: the same number always gives the same tag, however it is
written (so a conversation still reads coherently), but without the instance's secret the tag
cannot be traced back to the number.

Numbers are found by Google's libphonenumber (``phonenumbers``) and by a pattern for the
North American forms it does not group (``516 555 01 42``), after look-alike characters
(Unicode dashes, the non-breaking hyphen, fullwidth digits, odd spaces, invisible
characters) are read as their ASCII forms.

Plain Python on event dicts (``Event.as_dict()``), used by ``ops.tracker_store``.
"""
from __future__ import annotations

import hashlib
import hmac
import re
from typing import Any, Dict, Iterable, List, Optional, Set, Tuple, Union

import phonenumbers

CONTACT_SLOTS = frozenset({"reporter_name", "reporter_phone"})
# Answers that may hold a number or address typed in them ("12 Main St, call 516-555-0199"):
# kept in clear while the form is open, as the contact slots are, so the ticket gets the
# number (for staff, beside the place) instead of a tag; forgotten when the form closes.
CLEAR_WHILE_OPEN = CONTACT_SLOTS | {"location"}
# Answers the report form stores that identify nobody.
NOT_PERSONAL = frozenset({"anonymous", "not given", "none", ""})  # "not given": dialogue.report_fields.NOT_GIVEN
MIN_VALUE_CHARS = 3  # shorter slot values would redact ordinary words
NANP_DIGITS = 10


def _lookalike_table() -> Dict[int, str]:
    """One ASCII character for each look-alike one (so positions in the text do not move)."""
    table = {0xFF10 + i: str(i) for i in range(10)}  # fullwidth digits
    table.update({0x0660 + i: str(i) for i in range(10)})  # Arabic-Indic digits
    for dash in (0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2043, 0x2212, 0xFE58, 0xFE63, 0xFF0D, 0x00AD):
        table[dash] = "-"
    for space in (0x00A0, 0x2007, 0x2008, 0x2009, 0x200A, 0x202F, 0x205F, 0x3000, 0x3164, 0x115F, 0x1160,
                  0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E):
        table[space] = " "
    table.update({0xFF0B: "+", 0xFF08: "(", 0xFF09: ")", 0xFF0E: ".", 0xFF0F: "/", 0x2024: ".", 0x2215: "/",
                  0x2044: "/", 0xFF20: "@", 0xFE6B: "@"})
    return table


_LOOKALIKES = _lookalike_table()


def ascii_lookalikes(text: str) -> str:
    """``text`` with look-alike digits, dashes, spaces and invisible characters as ASCII; same length."""
    return text.translate(_LOOKALIKES)


# Letters of any script may be in the name part of an address (josé.müller@example.org).
_EMAIL = re.compile(r"[\w.%+'-]+@[\w-]+(?:\.[\w-]+)*\.[^\W\d_]{2,}")
_SEP = r"[ ./-]?"
# North American numbers in the groupings libphonenumber's matcher leaves out, such as
# "516 555 01 42", "516/555-0142" and "1 516 555 0142"; and an international prefix.
_PHONE = re.compile(
    r"(?<![\w+])(?:"
    r"(?:\+|00|011)" + _SEP + r"[1-9][\d ().-]{6,18}\d"
    r"|(?:\+?1" + _SEP + r")?(?:\(\d{3}\) ?|\d{3}" + _SEP + r")\d{3}" + _SEP + r"\d{2}" + _SEP + r"\d{2}"
    r")(?!\w)"
)
_TAG = re.compile(r"^\[(?:phone|email|name):[0-9a-f]+\]$")
# An ISO 8601 time as the form stores it ("2026-12-03T09:34:17.123456-05:00"): its seconds,
# fraction and offset can look like a number, and a tag inside it breaks the stored time.
_ISO_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[+-]\d{2}:?\d{2}|Z)?")


def _digits(text: str) -> str:
    return re.sub(r"[^0-9]", "", ascii_lookalikes(text))


def phone_key(text: str) -> str:
    """The digits by which one number is known however it is written: the last ten (a North
    American number without its country code), or all of a shorter one."""
    return _digits(text)[-NANP_DIGITS:]


def _is_phone(found: "phonenumbers.PhoneNumberMatch") -> bool:
    number = found.number
    national = str(number.national_number)
    if number.country_code == 1:
        return len(national) == NANP_DIGITS
    # Another country only when written with an international prefix ("+44 ...", "0044 ...").
    return found.raw_string.lstrip("( ").startswith(("+", "00", "011")) and len(national) >= 6


def phone_spans(text: str) -> List[Tuple[int, int]]:
    """(start, end) of every phone number in ``text``, however written, without overlaps.

    Dates (11/27/2026, 2026-11-27), references (BAY-7K3Q9P), amounts ("100-2000 gallons") and
    seven-digit local numbers (they cannot be told from other figures) are not numbers here.
    """
    plain = ascii_lookalikes(text)
    spans = [(m.start, m.end) for m in phonenumbers.PhoneNumberMatcher(plain, "US", leniency=phonenumbers.Leniency.POSSIBLE)
             if _is_phone(m)]
    spans += [m.span() for m in _PHONE.finditer(plain)]
    times = [m.span() for m in _ISO_TIME.finditer(plain)]
    spans = [(s, e) for s, e in spans if not any(s < t_end and t_start < e for t_start, t_end in times)]
    merged: List[Tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def email_spans(text: str) -> List[Tuple[int, int]]:
    """(start, end) of every e-mail address in ``text`` (an ``@`` look-alike counts)."""
    return [m.span() for m in _EMAIL.finditer(ascii_lookalikes(text))]


def public_numbers(texts: Iterable[str]) -> Set[str]:
    """The :func:`phone_key` of every number in ``texts`` (the village files, the bot's wording):
    published office numbers, which bot messages may quote and need not be hidden."""
    return {phone_key(text[a:b]) for text in texts for a, b in phone_spans(text)}


class Redactor:
    """Replaces contact details with keyed hashes.

    :param secret: the instance's secret key (the one that also keys sender ids)
    :param public: :func:`phone_key` of numbers left as they are in bot messages (the
      villages' published office numbers)
    """

    def __init__(self, secret: Union[bytes, str], public: Iterable[str] = ()):
        key = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret)
        if not key:
            raise ValueError("Redactor needs a non-empty secret")
        # A key of its own, so a tag can never equal a sender id made with the same secret.
        self._key = hmac.new(key, b"tracker-redaction", hashlib.sha256).digest()
        self.public = frozenset(public)

    def tag(self, kind: str, value: str) -> str:
        """``[kind:<8 hex digits>]`` for ``value`` (phone numbers are hashed by :func:`phone_key`)."""
        normal = phone_key(value) if kind == "phone" else " ".join(ascii_lookalikes(value).split()).casefold()
        digest = hmac.new(self._key, f"{kind}:{normal}".encode("utf-8"), hashlib.sha256).hexdigest()
        return f"[{kind}:{digest[:8]}]"

    def scrub_text(self, text: str, keep_public: bool = False) -> str:
        """``text`` with every e-mail address and phone number replaced by its tag.

        :param keep_public: leave the published office numbers (for the bot's own messages)
        """
        text = _replace(text, email_spans(text), lambda raw: self.tag("email", raw))
        spans = phone_spans(text)
        if keep_public:
            spans = [(a, b) for a, b in spans if phone_key(text[a:b]) not in self.public]
        return _replace(text, spans, lambda raw: self.tag("phone", raw))

    def scrub(self, value: Any, keep_public: bool = False) -> Any:
        """``value`` with :meth:`scrub_text` applied to every string inside it (dicts, lists)."""
        if isinstance(value, str):
            return self.scrub_text(value, keep_public)
        if isinstance(value, dict):
            return {k: self.scrub(v, keep_public) for k, v in value.items()}
        if isinstance(value, list):
            return [self.scrub(v, keep_public) for v in value]
        return value

    def scrub_event(self, event: Dict[str, Any]) -> Dict[str, Any]:
        """A new event as it may be stored while a report is still being filled in.

        The resident's words (user events), the bot's messages ("OK: we will text +1...")
        and slot values lose phone numbers and e-mail addresses; bot messages keep the
        published office numbers. The contact slots themselves stay in clear until the
        report is filed or cancelled (see :meth:`forget_values`): the form needs them to file
        the ticket, even after a restart of Rasa.
        """
        kind = event.get("event")
        if kind == "user":
            return self.scrub(event)
        if kind == "bot":
            return self.scrub(event, keep_public=True)
        if kind == "slot" and event.get("name") not in CLEAR_WHILE_OPEN:
            return self.scrub(event)
        return event

    def contact_values(self, events: Iterable[Dict[str, Any]]) -> Set[str]:
        """The names and phone numbers the contact slots were set to in ``events``, and the
        numbers and addresses typed in a place (:data:`CLEAR_WHILE_OPEN`)."""
        found = set()
        for event in events:
            if event.get("event") != "slot" or event.get("name") not in CLEAR_WHILE_OPEN:
                continue
            value = event.get("value")
            if not isinstance(value, str):
                continue
            if event.get("name") not in CONTACT_SLOTS:
                found.update(value[a:b] for a, b in sorted(phone_spans(value) + email_spans(value)))
                continue
            value = " ".join(value.split())
            if len(value) >= MIN_VALUE_CHARS and value.casefold() not in NOT_PERSONAL and not _TAG.match(value):
                found.add(value)
        return found

    def forget_values(self, event: Dict[str, Any], values: Iterable[str]) -> Dict[str, Any]:
        """``event`` with each of ``values`` (a name, a phone number) replaced by its tag everywhere;
        a phone number in any other way of writing it too."""
        patterns = [(pattern, self.tag(kind, raw)) for kind, raw, pattern in _value_patterns(values)]
        phones = {phone_key(raw) for kind, raw, _ in _value_patterns(values) if kind == "phone"}
        if not patterns:
            return event

        def replace(value: Any) -> Any:
            if isinstance(value, str):
                if phones:
                    spans = [(a, b) for a, b in phone_spans(value) if phone_key(value[a:b]) in phones]
                    value = _replace(value, spans, lambda raw: self.tag("phone", raw))
                for pattern, tag in patterns:
                    value = pattern.sub(tag, value)
                return value
            if isinstance(value, dict):
                return {k: replace(v) for k, v in value.items()}
            if isinstance(value, list):
                return [replace(v) for v in value]
            return value

        return replace(event)


def split_contacts(text: Optional[str]) -> Tuple[Optional[str], List[str]]:
    """``text`` without the phone numbers and e-mail addresses in it, and those, in order:
    ``"12 Main St, call 516-555-0199"`` gives ``("12 Main St", ["516-555-0199"])``."""
    if not text:
        return text, []
    spans = sorted(phone_spans(text) + email_spans(text))
    found = [text[a:b] for a, b in spans]
    rest = _replace(text, spans, lambda raw: "\0")
    # The words that introduced the number ("call", "my number is") go with it.
    rest = re.sub(r"(?i)[\s,;:.(-]*(?:\b(?:call|phone|tel|cell|text|my (?:number|cell|phone)(?: is)?|"
                  r"e-?mail|at|or)\b[\s,;:.-]*)*\0[\s)]*", " ", rest)
    return " ".join(rest.replace("\0", " ").split()).strip(" ,;:-") or None, found


def _replace(text: str, spans: List[Tuple[int, int]], tag) -> str:
    """``text`` with each span replaced by ``tag(the span's text)``."""
    for start, end in reversed(spans):
        text = text[:start] + tag(text[start:end]) + text[end:]
    return text


def _value_patterns(values: Iterable[str]) -> List[tuple]:
    """(kind, value, regex) for each value, longest first so a full name goes before a part of it."""
    patterns = []
    for value in sorted(set(values), key=len, reverse=True):
        kind = "phone" if len(_digits(value)) >= 7 and not re.search(r"[^\W\d_]", value) else "name"
        body = r"\s+".join(re.escape(word) for word in value.split())
        flags = re.IGNORECASE if kind == "name" else 0
        patterns.append((kind, value, re.compile(rf"(?<!\w){body}(?!\w)", flags)))
    return patterns

