"""What is asked now, after a story of what happened before (issue 27).

"We had a kitchen fire last month. The fire department's water ran down the driveway into the
drain. Now the restoration guys want to power wash the soot off the house into the same drain":
the fire's water is over and done; the question is the washing meant now. Read from the words
the whole message names the fire's water first, and its exemption was the answer.

Read here: a sentence (or clause) opening with "now" (after "but", "and", "so"), whose first
few words carry a word of meaning to ("want to", "going to", "plan to") or a letting out going on
("is hosing", "are pumping"). Its words, to the end,
are what is asked, where they name a discharge of their own (the caller decides that); "my
pool is green. now i want to drain it" names nothing of its own, and keeps the whole message.
Plain Python.
"""
from __future__ import annotations

import re
from typing import Optional

_NOW_MEANT = re.compile(
    r"(?:^|[.!?;]\s+|,\s+)(?P<now>(?:(?:but|and|so)\s+)?now\s+(?:[a-z']+\s+){0,5}?"
    r"(?:(?:want|wants|wanted|going|gonna|plan|plans|planning|need|needs|would like|about|thinking of|thinking about)\s+(?:to|of|about)\b"
    # or doing it now ("but now the restoration company is hosing the soot off the siding")
    r"|(?:is|are)\s+(?:(?:hos|wash|rins|spray|pump|dump|drain|pour|flush|sweep|blow|scrap|scrub|blast|empty)\w*ing|power washing|pressure washing)\b))",
    re.I,
)


def asked_now(text: str) -> Optional[str]:
    """The words from the last clause that opens with "now" and a word of meaning to, to the end
    ("now the restoration guys want to power wash the soot ..."), or ``None``."""
    found = list(_NOW_MEANT.finditer(text or ""))
    return text[found[-1].start("now") :] if found else None
