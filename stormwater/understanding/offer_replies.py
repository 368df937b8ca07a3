"""Replies to an offer ("Want village staff to look into it?", "Can we text you ...?"): a wish
to report decides, whatever "no" opens the message, since that "no" answers the law."""
from __future__ import annotations

import re
from typing import Optional

from stormwater.understanding.answer_words import _plain, yes_no

# "ya i want to report them", "no it's not ok then, I want to report it": the wish decides.
_WANTS_REPORT = re.compile(
    r"\b(?:(?:i|we)(?:'d| would)? (?:really )?(?:want|wanna|like|need|have|going|gonna|will|shall)(?: to)? (?:to )?report|"
    r"(?:please |let'?s |go ahead and |yes |ya |yeah )?report (?:it|them|this|that|him|her|those|these)\b|"
    r"(?:file|make|send|open) (?:a|the) report)"
)


def reply_to_offer(text: str) -> Optional[str]:
    """The answer to "Want village staff to look into it?" (or any offer): ``"report"`` when
    the message asks to report, whatever "no" it opens with (that "no" answers the law);
    else ``"yes"``, ``"no"`` or ``None`` as :func:`yes_no` reads it ("ya", "sure, text me")."""
    plain = _plain(text)
    if _WANTS_REPORT.search(plain) and not re.search(r"\b(?:don'?t|do not|not) (?:want|wanna|need|going)(?: to)? report\b", plain):
        return "report"
    answer = yes_no(text)
    return answer if answer in ("yes", "no") else None
