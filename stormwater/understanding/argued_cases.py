"""A case the resident argues from is not the thing discharged (issue 27).

"Lawn watering runoff is allowed so whats the difference?", "it's street washing, which I heard
is allowed?", "isn't that basically residential car washing, which is exempt?": the resident
names an exempt case and states its verdict, to argue that their own discharge is the same. The
claim is what is asked, not evidence of what the water is: its words are blanked (same length,
so offsets hold), as a belief said to be wrong is (:mod:`stormwater.understanding.refuted_beliefs`),
and the rest of the message says what goes to the drain. Where nothing else does, the answer is
"not named", with the exemption among the closest, never the claimed exemption's badge.

Read here: a legal verdict ("allowed", "exempt", "legal", "permitted") stated with a copula,
either after "which" or "that" ("which I heard is allowed") or followed by a word turning to
the resident's case ("is allowed so ...", "is exempt, but ..."); the claim is the sentence up
to it (at most :data:`CLAIM_REACH` characters back). "Car washing is allowed right?" asks about
car washing, and is left alone. Plain Python.
"""
from __future__ import annotations

import re
from typing import List, Tuple

CLAIM_REACH = 90  # characters: how far back a claim may start, within its sentence

_HEARD = r"(?:(?:i|we)\s+(?:heard|read|think|thought|was told|were told|believe|figured)\s+(?:that\s+|it\s+)?|(?:they|everyone|people)\s+says?\s+)?"
_VERDICT = r"(?:is|are|was|were|'s)\s+(?:totally\s+|perfectly\s+|completely\s+|already\s+|apparently\s+|supposedly\s+)?(?:allowed|exempt|exempted|legal|permitted)\b"
_ARGUED = re.compile(
    rf"(?P<claim>[^.;!?]{{0,{CLAIM_REACH}}}?)"
    rf"(?:,?\s*\b(?:which|that)\s+{_HEARD}{_VERDICT}"  # "..., which I heard is allowed"
    rf"|\s+{_VERDICT}(?=\s*,?\s*(?:so|but|then|yet)\b))",  # "... is allowed so what's the difference"
    re.I,
)


# "... the guys hose the powder and the pan water toward the drain. firefighting water is exempt
# right?", "isnt car washing allowed?" after a story: a verdict asked back of a case, after the
# resident's own story, in a sentence of its own
_ASKED_BACK = re.compile(
    rf"(?:^|(?<=[.;!?]))\s*(?:but\s+|and\s+|so\s+)?(?:(?:isn'?t|isnt|aint|ain't)\s+[^.;!?]{{0,{CLAIM_REACH}}}?\b(?:allowed|exempt|exempted|legal|permitted)\b"
    rf"|[^.;!?]{{0,{CLAIM_REACH}}}?\b(?:is|are|'s)\s+(?:allowed|exempt|exempted|legal|permitted)\s*,?\s*(?:right|correct|yes|no)\b)",
    re.I,
)


def asked_back_spans(text: str) -> List[Tuple[int, int]]:
    """Where a verdict is asked back of a case after the resident's own story (never the
    message's first words: a claim alone asks about its case)."""
    return [(m.start(), m.end()) for m in _ASKED_BACK.finditer(text or "") if m.start() > 0]


def blanked(text: str, pattern: "re.Pattern") -> str:
    """``text`` with every match of ``pattern`` blanked, letter for letter (same length, so offsets hold)."""
    out = list(text or "")
    for match in pattern.finditer(text or ""):
        for i in range(match.start(), match.end()):
            if not out[i].isspace():
                out[i] = "-"
    return "".join(out)


def argued_masked(text: str) -> str:
    """``text`` with each case argued from blanked: "lawn watering is allowed so what's the
    difference" names no lawn watering discharged."""
    return blanked(text, _ARGUED)


def argued_words(text: str) -> frozenset:
    """The words :func:`argued_masked` blanks in ``text`` (lower case): an entity the NLU extracted
    from them names nothing discharged either ("street washing" in "it's street washing, which I
    heard is allowed")."""
    masked = argued_masked(text)
    return frozenset(w for m in re.finditer(r"-+", masked) for w in re.findall(r"[a-z]+", text[m.start() : m.end()].lower()))
