"""Text for SMS: plain GSM-7 characters, numbered choices instead of buttons, segments.

One character outside the GSM-7 alphabet (a curly quote, an emoji) makes a carrier send the
whole text as UCS-2, 70 characters a segment instead of 160, so replies go through
:func:`to_gsm7` first. Each segment is billed to the village: :mod:`stormwater.intake.sms_turns`
fits a bot turn into :data:`TURN_SEGMENTS` segments in whole sentences. Twilio refuses a body
over 1,600 characters: :func:`split_for_sms` keeps any other text under that.
"""
from __future__ import annotations

import re
import unicodedata
from typing import List, Mapping, Optional, Sequence

# The GSM 03.38 default alphabet (ESC 0x1B left out: it only introduces the extension table).
GSM7_BASIC = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
# The extension table: each of these costs two septets (ESC + character).
GSM7_EXTENSION = frozenset("^{}\\[~]|€")
GSM7 = GSM7_BASIC | GSM7_EXTENSION

# Characters with a usual ASCII spelling that NFKD decomposition does not give.
_REPLACEMENTS = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u2039": "'", "\u203a": "'",
    "\u00b4": "'", "\u0060": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
    "\u00ad": "",
    "\u2026": "...",
    "\u2022": "*", "\u00b7": "*", "\u2023": "*", "\u25cf": "*",
    "\u2044": "/", "\u00f7": "/", "\u00d7": "x",
    "\u00a9": "(c)", "\u00ae": "(R)", "\u2122": "(TM)",
    "\u00b0": " degrees",
    "\t": " ",
}
_SPACES = re.compile(r"[ ]{2,}")
_SPACE_AT_LINE_EDGE = re.compile(r"[ \r]*\n[ ]*")  # also folds CRs before a newline (CRLF, "\r\x0c")
_CHOICE = re.compile(r"#?\s*(\d{1,2})\s*[.)]?")


def _gsm7_char(char: str) -> str:
    if char in GSM7:
        return char
    if char in _REPLACEMENTS:
        return _REPLACEMENTS[char]
    if char.isspace():  # no-break and other Unicode spaces, line/paragraph separators
        return "\n" if char in "\u2028\u2029\x0b\x0c\x85" else " "
    # Accented letters and compatibility forms ("ê" -> "e", "ﬁ" -> "fi", "①" -> "1"):
    # keep what of the decomposition is GSM-7, drop the rest (combining marks, emoji, ZWJ).
    decomposed = unicodedata.normalize("NFKD", char)
    if decomposed == char:
        return ""
    return "".join(_REPLACEMENTS.get(c, c if c in GSM7 else "") for c in decomposed)


def to_gsm7(text: str) -> str:
    """``text`` in GSM-7 characters only, so an SMS goes out as 160-character segments.

    Curly quotes, dashes, the ellipsis and no-break spaces become their ASCII forms, accented
    letters outside GSM-7 lose their accents, and what has no GSM-7 spelling (emoji, most
    non-Latin scripts) is dropped; the spaces a dropped character leaves are folded.

    :param text: any text
    :returns: text whose every character is in :data:`GSM7`
    """
    out = "".join(_gsm7_char(c) for c in text.replace("\r\n", "\n"))
    out = _SPACE_AT_LINE_EDGE.sub("\n", _SPACES.sub(" ", out))
    return out.strip(" ")


def gsm7_septets(text: str) -> int:
    """How many 7-bit septets ``text`` needs in GSM-7 (extension characters count twice).

    :raises ValueError: if ``text`` has a character outside GSM-7
    """
    bad = [c for c in text if c not in GSM7]
    if bad:
        raise ValueError(f"not GSM-7: {bad[0]!r}")
    return sum(2 if c in GSM7_EXTENSION else 1 for c in text)


def with_numbered_choices(
    text: str,
    buttons: Sequence[Mapping[str, str]],
    lead: str = "Reply",
    item: str = "{number} for {title}",
    separator: str = " / ",
) -> str:
    """``text`` followed by the buttons as numbered choices on a line of their own:
    ``"... Reply 1 for Yes / 2 for No, someone else / 3 for Not sure."``.

    The separator is not a comma, so a choice with a comma in it ("No, someone else") stays
    one choice when read.

    :param buttons: the bot's buttons, each with a ``title``
    :param lead: the words before the first choice (from ``data/messages.yml``)
    :param item: how one choice reads, with ``{number}`` and ``{title}``
    :param separator: what stands between two choices
    """
    titles = [str(b.get("title", "")).strip() for b in buttons]
    if not titles:
        return text
    choices = separator.join(item.format(number=i, title=t.rstrip(".")) for i, t in enumerate(titles, 1))
    line = f"{lead} {choices}" + ("" if choices.endswith(("?", "!")) else ".")
    return f"{text}\n{line}" if text else line


def choice_payload(text: str, buttons: Sequence[Mapping[str, str]]) -> Optional[str]:
    """The payload of the button a reply such as ``"1"`` (or ``"#2"``, ``"3."``) picks, else ``None``.

    :param text: the resident's (cleaned) reply
    :param buttons: the buttons offered in the last reply, in order
    """
    match = _CHOICE.fullmatch(text.strip())
    if not match:
        return None
    number = int(match.group(1))
    if 1 <= number <= len(buttons):
        payload = buttons[number - 1].get("payload")
        return str(payload) if payload is not None else None
    return None


def _cut_point(text: str, limit: int) -> int:
    """Where to end a part of at most ``limit`` characters: a paragraph, line, sentence or word end."""
    if len(text) <= limit:
        return len(text)
    window = text[: limit + 1]
    for pattern in ("\n\n", "\n", ". ", "? ", "! ", "; ", ", ", " "):
        at = window.rfind(pattern, 0, limit + 1)
        # Do not make a silly little first part just to break at a nicer place.
        if at > 0 and (pattern == " " or at >= limit // 3):
            return min(at + len(pattern.rstrip()), limit) if pattern.strip() else at
    return limit


def split_for_sms(text: str, limit: int = 320, total: int = 1600, overflow: str = "...") -> List[str]:
    """Cut a reply into SMS bodies of at most ``limit`` characters, ``total`` in all.

    Parts end at a paragraph, line, sentence or word where one is near. A text longer than
    ``total`` is cut at a word and ends with ``overflow`` (e.g. "... More: call <office>.").

    :param text: the reply (already :func:`to_gsm7` if it is to stay GSM-7)
    :param limit: the longest part, in characters
    :param total: the most characters of all parts together (Twilio's hard limit is 1,600)
    :param overflow: what ends a text that had to be cut short
    :returns: the bodies in order; ``[]`` for an empty text
    """
    if limit < 1 or total < 1:
        raise ValueError("limit and total must be positive")
    overflow = overflow[: min(total, limit)]
    text = text.strip()
    if len(text) > total:
        room = total - len(overflow)
        head = text[: room + 1]
        cut = head.rfind(" ", 0, room + 1)
        head = (head[:cut] if cut > room // 2 else head[:room]).rstrip()
        text = head + overflow
    parts: List[str] = []
    rest = text
    while rest:
        at = _cut_point(rest, limit)
        part = rest[:at].strip()
        if part:
            parts.append(part)
        rest = rest[at:].strip()
    return parts


# A multi-part SMS carries 153 septets a segment (the rest is the header that joins them).
SINGLE_SEPTETS, PART_SEPTETS = 160, 153
# Every SMS turn, and every part sent on "MORE" or "LAW", is at most this many segments.
TURN_SEGMENTS = 3  # a turn's budget: 3 segments, 459 septets


def sms_segments(text: str) -> int:
    """How many billed segments ``text`` (GSM-7) takes as one SMS: 1 up to 160 septets,
    else 153 septets a segment."""
    septets = gsm7_septets(text)
    if septets <= SINGLE_SEPTETS:
        return 1 if septets else 0
    return -(-septets // PART_SEPTETS)


def septet_budget(segments: int = TURN_SEGMENTS) -> int:
    """The most septets a text of ``segments`` segments can hold (459 for 3)."""
    return segments * PART_SEPTETS if segments > 1 else SINGLE_SEPTETS
