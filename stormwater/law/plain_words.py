"""Resident-facing words for the ordinances' abbreviations (issue 32).

The village files summarise the law in the ordinances' own terms ("the Village's MS4", "the
SMO"). A resident reads "the storm drain system" instead of "MS4", and "the village's
Stormwater Management Officer" the first time instead of "SMO". Quotes of the ordinance stay
verbatim: a quote that says MS4 gets the term explained once beside it. The words live in
``data/messages.yml`` (``plain_words``).
"""
from __future__ import annotations

import re

from stormwater.store.wording import load_messages

_MS4 = re.compile(r"\b(?:the )?(?:Village's |village's )?(?:MS4s?)\b(?:,? the storm sewer system)?")
_SMO = re.compile(r"\b([Tt]he )?(?:village's )?SMO\b(?!\))('s)?")


def _words() -> dict:
    return load_messages()["plain_words"]


def plain(text: str) -> str:
    """``text`` (a summary, never a quote) with "MS4" as "the storm drain system" and its first
    "SMO" spelled out; "(SMO)" after the title already spelled out is left alone."""
    if not text:
        return text
    words = _words()
    text = _MS4.sub(lambda m: words["ms4"] if m.group(0).startswith(("the", "The")) or "Village" in m.group(0) else words["ms4_bare"], text)
    if words["smo"].split(" (")[0].split("village's ")[-1] in text:
        return text  # the title is already spelled out: "SMO" after it reads as its short form
    return _SMO.sub(lambda m: _spelled(words["smo_possessive"] if m.group(2) else words["smo"], m.group(1)), text, count=1)


def _spelled(words: str, article: str) -> str:
    """The title as the sentence needs it: "The village's ..." at a sentence's start."""
    return words[:1].upper() + words[1:] if article and article.startswith("T") else words


def explained(quote: str) -> str:
    """What a verbatim quote needs beside it: the explanation of MS4 when it says MS4, else ""."""
    return _words()["ms4_explained"] if re.search(r"\bMS4\b", quote or "") else ""
