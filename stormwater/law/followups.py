"""Follow-up questions after a "Not allowed": "how am I supposed to get rid of it?".

Such a question names no discharge, so on its own it would get the general rule. After a
prohibited answer it asks what to do instead: the answer is that discharge's alternatives.
"""
from __future__ import annotations

import re
from typing import Iterable, Mapping, Optional

_WHAT_INSTEAD = re.compile(
    r"\b(get rid of|dispose|disposal|throw (it|them|this|that) (out|away)|instead|alternatives?"
    r"|what (else )?(can|should|do|may) (i|we)( do)?|where (can|should|do|may) (i|we|it|they)"
    r"|how (am|are|do|can|should) (i|we) (supposed to )?(drain|empty|get rid|dispose|handle|deal))\b",
    re.IGNORECASE,
)


def asks_what_instead(text: str) -> bool:
    """Whether ``text`` asks what to do instead (dispose of it, where it can go...)."""
    return bool(_WHAT_INSTEAD.search(text or ""))


def last_prohibited_discharge(events: Iterable[Mapping]) -> Optional[str]:
    """The discharge of the conversation's latest discharge answer, if it was "Not allowed".

    :param events: the tracker's events, oldest first (bot events carry ``data.custom``)
    """
    for event in reversed(list(events)):
        if event.get("event") != "bot":
            continue
        custom = (event.get("data") or {}).get("custom") or {}
        if custom.get("type") == "discharge_answer":
            if custom.get("verdict") == "prohibited" and custom.get("basis") == "rule" and custom.get("discharge"):
                return str(custom["discharge"])
            return None
    return None
