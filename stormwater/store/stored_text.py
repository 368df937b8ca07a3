"""Stored text as staff read it: kept exactly as sent, shown without the invisible characters
that reorder or hide it. The intake drops the same characters from what reaches Rasa
(:func:`stormwater.intake.inbound.clean_message`); the web pages and the CSV export show
stored text through :func:`without_reordering`.
"""
from __future__ import annotations

# Invisible format characters that reorder or hide text (bidi overrides and isolates, the
# byte-order mark). They can make a message read differently in the staff desk than what
# was sent. ZWJ/ZWNJ stay: emoji sequences and several scripts need them.
DROPPED_FORMAT_CHARS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff"
    # Characters staff cannot see (issue 29): zero-width space, word joiner and the invisible
    # operators, the soft hyphen, the combining grapheme joiner, the Mongolian vowel
    # separator, Khmer's inherent vowels, the deprecated format characters and the Hangul
    # fillers, which show as nothing or a blank and can hide or split a word or a number.
    "\u200b\u2060\u2061\u2062\u2063\u2064\u00ad\u034f\u180e\u17b4\u17b5"
    "\u206a\u206b\u206c\u206d\u206e\u206f\u3164\u115f\u1160\uffa0"
)

_REORDERING = {ord(char): None for char in DROPPED_FORMAT_CHARS}


def without_reordering(text: str) -> str:
    """``text`` without the bidi overrides, isolates, marks, BOM and invisible characters
    :func:`stormwater.intake.inbound.clean_message` drops.

    For showing stored text that was kept exactly as sent (an SMS body, a reporter's name)
    to staff: U+202E before "9910-555-615" would otherwise show "516-555-0199".
    """
    return text.translate(_REORDERING)
