"""A belief said to be wrong is not what the water holds (issue 27).

"The deacon thought it was something nasty but the driver showed him it's the AC drain lines",
"I was worried it was sewage, turns out it's just the dehumidifier": what someone thought the
water was, before a word that the thought was wrong ("but", "turns out", "until"), names
nothing in the water. Its words are blanked (same length, so offsets hold), as a solid taken
out of the water is (:mod:`stormwater.understanding.removed_things`). Plain Python.
"""
from __future__ import annotations

import re

# Who thought what, then the word that says the thought was wrong, in one sentence
_REFUTED = re.compile(
    r"\b(?:thought|assumed|figured|was worried|were worried|was afraid|were afraid|suspected)\s+"
    r"(?:that\s+)?(?:it|this|that|the water|the stuff)\s*(?:was|is|were|'s|might be|could be)\s+"
    r"(?P<belief>[^.;!?]{1,60}?)"
    r"(?=,?\s+(?:but|turns out|turned out|until|then (?:we|i|he|she|they) (?:saw|found|learned)))",
    re.I,
)


def refuted_masked(text: str) -> str:
    """``text`` with each belief said to be wrong blanked: "thought it was something nasty but
    ..." names nothing nasty in the water."""
    out = list(text or "")
    for match in _REFUTED.finditer(text or ""):
        for i in range(match.start("belief"), match.end("belief")):
            if not out[i].isspace():
                out[i] = "-"
    return "".join(out)
