"""What a resident's message goes through before it reaches Rasa.

Every channel (web chat, SMS) cleans the text with :func:`clean_message` and replaces the
resident's own identifier (browser id, phone number) with :func:`sender_key`, so Rasa's
tracker store and logs never hold one.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from typing import Union

from stormwater.store.stored_text import DROPPED_FORMAT_CHARS

_WHITESPACE_RUN = re.compile(r"\s+")
# Rasa reads a text starting with "/" (after str.strip()) as an intent plus entities.
_LEADING_SLASHES = re.compile(r"^[\s/]+")


class MessageTooLong(ValueError):
    """A cleaned message is longer than the channel allows."""

    def __init__(self, limit: int, length: int):
        super().__init__(f"message is {length} characters long; the limit is {limit}")
        self.limit = limit
        self.length = length


def _keep(char: str) -> str:
    if char.isspace():
        return " "
    category = unicodedata.category(char)
    # Cc: control characters; Cs: lone surrogates (from JSON "\ud800"), which SQLite and
    # UTF-8 cannot store.
    if category in ("Cc", "Cs") or char in DROPPED_FORMAT_CHARS:
        return ""
    return char


def clean_message(text: str, max_chars: int) -> str:
    """Normalise a resident's message so it is safe to store and to hand to Rasa.

    Control characters are dropped (newlines and tabs become spaces), the text is put in
    Unicode NFC, runs of white space become one space, and leading ``/`` characters (with
    any white space around them) are removed so Rasa never reads the text as an intent:
    ``/greet{"x":1}`` becomes ``greet{"x":1}``.

    :param text: the message as received
    :param max_chars: the longest cleaned message accepted, in characters
    :returns: the cleaned text; ``""`` when nothing is left
    :raises MessageTooLong: when the cleaned text is longer than ``max_chars``
    """
    if not isinstance(text, str):
        raise TypeError("text must be a str")
    kept = "".join(_keep(c) for c in text)
    # NFC after filtering: dropping a character can leave a base letter and a combining
    # mark next to each other that NFC must then compose.
    normal = unicodedata.normalize("NFC", kept)
    collapsed = _WHITESPACE_RUN.sub(" ", normal)
    cleaned = _LEADING_SLASHES.sub("", collapsed).rstrip()
    if len(cleaned) > max_chars:
        raise MessageTooLong(max_chars, len(cleaned))
    return cleaned


def sender_key(secret: Union[bytes, str], *parts: str) -> str:
    """The conversation id given to Rasa for a resident: a keyed hash of ``parts``.

    The same parts and secret always give the same key; without the secret the key cannot
    be traced back to a browser id or phone number.

    :param secret: the app's secret key (``str`` is encoded as UTF-8); must not be empty
    :param parts: what identifies the conversation, e.g. ``"web", village, browser_id``
    :returns: the first 32 hex digits of HMAC-SHA256
    """
    key = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret)
    if not key:
        raise ValueError("sender_key needs a non-empty secret")
    mac = hmac.new(key, digestmod=hashlib.sha256)
    for part in parts:
        if not isinstance(part, str):
            raise TypeError("sender_key parts must be str")
        data = part.encode("utf-8", "surrogatepass")
        # Length-prefixed so ("ab", "c") and ("a", "bc") give different keys.
        mac.update(len(data).to_bytes(8, "big") + data)
    return mac.hexdigest()[:32]
