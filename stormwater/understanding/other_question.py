"""A message typed at one question that answers another: "no its not mine" at "did it reach
a storm drain?" says whose it is, "yes it went in the drain" at "is it a business?" says where
it went, and "no name pls" at "is it a business?" declines the name.

The yes or no that opens such a message belongs to the words after it, not to the question
asked; read on its own, the question asked comes back."""
from __future__ import annotations

import re
from typing import Any, Mapping, Optional, Tuple

from stormwater.understanding.answer_words import _DRAIN, _plain, yes_no
from stormwater.understanding.bystander_hazard import unknown_to_a_bystander
from stormwater.understanding.field_shapes import _PLAIN_YES_NO
from stormwater.understanding.field_values import is_anonymous
from stormwater.understanding.form_reading import Reading

# The questions whose bare yes or no could be taken from words meant for another field.
YES_NO_ELSEWHERE = ("reached_drain", "commercial", "hazard")

# Only possession, in plain words: "it's (not) mine", "not ours", "someone else's", "my own".
# Anything more ("no, they dumped it in the grass") may answer the question asked too, and is
# read as before.
_WHOSE_ONLY = re.compile(
    r"^(?:(?:it'?s|its|it is|it was|it wasn'?t|it isn'?t|that'?s|thats|that is|this is|was|is) )?(?:not )?"
    r"(?:mine|ours|me|us|my own|my fault|from me|from us|someone else'?s|somebody else'?s)"
    r"(?: (?:lol|sorry|tho|though|btw))?$"
)
_NAME_WORD = re.compile(r"\bnames?\b", re.I)


def whose_instead(text: str, asked: Optional[str]) -> Optional[str]:
    """The words about whose it is in "no its not mine" (``"its not mine"``), typed at a yes/no
    question of :data:`YES_NO_ELSEWHERE`; ``None`` when the message may answer that question."""
    if asked not in YES_NO_ELSEWHERE:
        return None
    plain = _plain(text)
    opening = _PLAIN_YES_NO.match(plain)
    rest = plain[opening.end():].strip() if opening else plain  # "not mine", texted alone
    return rest if rest and _WHOSE_ONLY.match(rest) else None


# Only where it went, in plain words: "(it) went in the drain", "it stayed on the driveway"; not a
# business or a home ("yes the restaurant, it went in the drain" answers the question asked too)
_DRAIN_SAID = re.compile(r"\b(?:went|goes|go|got|ran|runs|run|flowed|flows|drained|made it|going|stayed|stays)\b")
_ASKED_WORDS = re.compile(r"\b(?:business|shop|store|restaurant|company|contractor|home|house|residence|mine|ours|my|our|neighbou?rs?"
                          r"|i|me|we|us|was me|it was|did it)\b")
# Only a few words: where it went, nothing more ("yes it was me, i was cleaning brushes ... and it went in the drain" answers whose)
_FEW_WORDS = 7


def drain_instead(text: str, asked: Optional[str]) -> Optional[str]:
    """"yes" or "no" for whether it reached a drain, when a message typed at another yes/no
    question ("is it a business?", "is it yours?") says only where it went ("yes it went in the
    drain", "no it stayed on the driveway"); ``None`` otherwise."""
    if asked not in ("commercial", "responsible"):
        return None
    plain = _plain(text)
    opening = _PLAIN_YES_NO.match(plain)
    rest = plain[opening.end():].strip() if opening else plain
    if not rest or len(rest.split()) > _FEW_WORDS or not _DRAIN_SAID.search(rest) or _ASKED_WORDS.search(rest):
        return None
    said = yes_no(rest, "reached_drain")
    return said if said in ("yes", "no") and (_DRAIN.search(rest) or said == "no") else None


def name_declined(text: str, asked: Optional[str]) -> bool:
    """"no name pls", "dont need my name", typed before the name question: the name is declined,
    and nothing else is said (the phone question still comes, as after "anonymous")."""
    return asked not in (None, "confirm", "reporter_name") and bool(_NAME_WORD.search(text or "")) and is_anonymous(text)


def answer_for_another_field(text: str, asked: Optional[str], filled: Mapping[str, Any],
                             slots: Tuple[str, ...]) -> Optional[Reading]:
    """The reading of a message that answers another field than the one asked, with the
    question asked left open (so it comes again); ``None`` for any other message."""
    if "reporter_name" in slots and name_declined(text, asked):
        return Reading(updates={"reporter_name": "anonymous", asked: None}, corrected=[("reporter_name", "anonymous")])
    drained = drain_instead(text, asked)
    if drained is not None:  # "yes it went in the drain" at "is it a business?"
        return Reading(updates={"reached_drain": drained, asked: None}, corrected=[("reached_drain", drained)])
    whose = yes_no(whose_instead(text, asked) or "", "responsible")
    if whose not in ("yes", "no"):
        return None
    reading = Reading(updates={"responsible": whose, asked: None}, corrected=[("responsible", whose)])
    return unknown_to_a_bystander(reading, text, filled, False)  # "not mine": a hazard by name is asked

