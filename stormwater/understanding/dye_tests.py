"""A dye test told as done or planned (issue 27): "the plumber wants to run dye through the
downspouts to see where they go". The texts' dye-test rule is its verdict. Words only: no
Flask, no Rasa."""
from __future__ import annotations

import re

from stormwater.understanding.answer_words import _plain

# A dye test told ("pour tracing dye into the gutter", "a plumber wants to run dye through my
# pipes", "test the gutter with dye"): dye put in or run through, not "dye testing" as a name
_DYE_PUT = re.compile(
    r"\b(?:pour|put|run|ran|add|flush|drop|send|sent|inject|squirt|dump|use|using)\w*\s+(?:[\w'-]+\s+){0,5}?(?:dyes?|tracer)\b"
    r"|\b(?:dyes?|tracer)\s+(?:[\w'-]+\s+){0,3}?(?:through|into|down)\b"
    r"|\btest\w*\s+(?:[\w'-]+\s+){0,4}?with\s+(?:[\w'-]+\s+){0,2}?dyes?\b"
    # the dye named first, then put in ("bought fluorescein dye ... going to pour it in")
    r"|\b(?:dyes?|tracer)\s+(?:[\w'-]+\s+){0,24}?(?:pour|put|run|flush|squirt|dump|drop)\w*\s+(?:it|some|them)\b"
    # "the buyer's bank wants a septic dye test", "we scheduled the dye test": one wanted or planned
    # "the inspector wants to do a dye test", "they ran a dye test on the septic"
    r"|\b(?:wants?|wanted|needs?|needed|requires?|required|ordered|scheduled|booked|asked for|getting|having|doing|do|does|did"
    r"|run|runs|ran|perform\w*|conduct\w*)\s+(?:a|an|the|our|their|my|his|her)\s+(?:[\w'-]+\s+){0,2}?dye\s+test"
)
# ... for a test: to trace where the water goes (leftover dye dumped is a dye, not a dye test)
_DYE_PURPOSE = re.compile(
    r"\b(?:test\w*|trac(?:e|es|ed|er|ing)|see where|see if|see whether|find (?:out )?(?:where|if|whether)|check (?:where|if|whether)|locate"
    r"|know (?:where|if|whether)|watch(?:es|ed|ing)? (?:the|for)|look(?:s|ed|ing)? for"
    r"|comes? out|ends? up|shows? up)\b"
)
# "it came out in the catch basin", "the dye showed up in the storm drain": a result told, so the
# question is the connection the test found (a toilet joined to the storm sewer), not the test
_RESULT = re.compile(
    r"\b(?:showed|came|turned|popped|ended|wound|shown) (?:up|out)\b|\b(?:appeared|was found|were found|found (?:that|out|it))\b"
    # "it shows up in the storm drain" told as what happens, not "to see if it shows up in ..."
    r"|(?<!if )(?<!whether )(?<!where )\b(?:it|the dye) (?:shows|comes|turns|pops) (?:up|out) in\b"
)
# "what is a dye test?", "would that be considered dye testing?": what it is, not a test told
_DEFINITION = re.compile(r"\b(?:what(?:'s| is| are| does)|whats|how does|how do they|explain|mean(?:s|ing)?|considered|count(?:s)? as|called)\b")


def dye_test_told(text: str) -> bool:
    """Whether a question heard as the dye-test topic tells of a dye test done or planned, by the
    resident or anyone ("I want to pour tracing dye into the gutter, do I need permission?"):
    the texts' dye-test rule is its verdict (an allowable discharge, with a verbal notice to the
    SMO before the test), whatever other water the message names on the way ("the sump"). Not
    when the test's result is told ("it came out in the catch basin"): what it found is asked."""
    plain = _plain(text)
    return bool(_DYE_PUT.search(plain) and _DYE_PURPOSE.search(plain)) and not _DEFINITION.search(plain) and not _RESULT.search(plain)
