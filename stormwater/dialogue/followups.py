"""Follow-ups to a discharge answer that name no discharge themselves.

"How am I supposed to get rid of it?" on its own would get the general rule; after a
prohibited answer it asks what to do instead: the answer is that discharge's alternatives.

"No, it's my neighbour's" on its own means nothing; after a discharge answer it says that
the discharge is somebody else's: the rule is the same, and the resident may report it.
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


# Short words that put the discharge just answered on somebody else.
_SOMEONE_ELSES = re.compile(
    r"\b(neighbou?rs?'?s?|someone else'?s?|somebody else'?s?|not (mine|ours|my own|our own|me|us)"
    r"|next door|across the street|the landlord'?s?|my landlord'?s?|the tenants?'?s?)(?!\w)",
    re.IGNORECASE,
)
# Longer messages are questions or reports of their own, for NLU to read.
SOMEONE_ELSES_MAX_WORDS = 10


def says_someone_elses(text: str) -> bool:
    """Whether ``text`` is a short "it's my neighbour's" / "not mine": the discharge is somebody else's."""
    words = (text or "").split()
    return 0 < len(words) <= SOMEONE_ELSES_MAX_WORDS and bool(_SOMEONE_ELSES.search(text))


def _latest_discharge_answer(events: Iterable[Mapping]) -> Mapping:
    """The payload of the conversation's latest discharge answer (``{}`` if none).

    :param events: the tracker's events, oldest first (bot events carry ``data.custom``)
    """
    for event in reversed(list(events)):
        custom = ((event.get("data") or {}).get("custom") or {}) if event.get("event") == "bot" else {}
        if custom.get("type") == "discharge_answer":
            return custom
    return {}


def question_of_latest_answer(events: Iterable[Mapping]) -> Optional[str]:
    """What the resident said right before the conversation's latest discharge answer (``None``
    if there was none): the question that answer answered."""
    answered = False
    for event in reversed(list(events)):
        custom = ((event.get("data") or {}).get("custom") or {}) if event.get("event") == "bot" else {}
        answered = answered or custom.get("type") == "discharge_answer"
        if answered and event.get("event") == "user" and (event.get("text") or "").strip():
            return str(event["text"])
    return None


def last_discharge_answered(events: Iterable[Mapping]) -> Optional[str]:
    """The discharge of the conversation's latest discharge answer, whatever its verdict."""
    discharge = _latest_discharge_answer(events).get("discharge")
    return str(discharge) if discharge else None


def last_prohibited_discharge(events: Iterable[Mapping]) -> Optional[str]:
    """The discharge of the conversation's latest discharge answer, if it was "Not allowed"
    under a rule of the ordinance (not the general rule for an unnamed discharge)."""
    answer = _latest_discharge_answer(events)
    if answer.get("verdict") == "prohibited" and answer.get("basis") == "rule" and answer.get("discharge"):
        return str(answer["discharge"])
    return None
