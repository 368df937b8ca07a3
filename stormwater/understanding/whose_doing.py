"""Whose doing a discharge question tells of: the resident's own, or someone else's.

A word of another person ("the plumber", "they", "my neighbor") makes a question about somebody
else's discharge, which the desk offers to report. That holds unless the resident has a stake of
their own in it: they hired the one doing it ("the plumber we hired", "our contractor", a crew at
work on their home), the words say they did it (:func:`said_words.whose_from_words`), or they ask
leave to let it out themselves ("can we drain it", "is it ok if i", "we're planning to pipe it").
"Can I report them" or "do I need to do anything" asks no such leave.
"""
from __future__ import annotations

import re

from stormwater.understanding.said_words import whose_from_words

# A verb of letting a thing out, or of putting in a line for it: what leave for oneself is asked for.
_LETTING = (r"(?:drain|pump|dump|pour|hose|rinse|wash|empty|run|let|put|tip|toss|send|discharge|flush|tie|connect|pipe|"
            r"throw|blow|sweep|spray|use|keep|leave)")
_OWN_STAKE = re.compile(
    # leave asked for oneself to let it out: "can we drain it", "should i just hose it", "is it ok if i", "am i allowed"
    rf"\b(?:can|could|may|should|do|can't|cant|cannot)\s+(?:i|we)\s+(?:just\s+|still\s+|also\s+)?{_LETTING}"
    r"|\bis it (?:ok|okay|alright|all right|fine|legal|allowed|illegal)\s+(?:for (?:me|us)|if (?:i|we))\b"
    r"|\b(?:am i|are we)\s+(?:allowed|ok|okay|fine|breaking|in trouble)\b"
    # a plan of one's own to let it out: "we're planning to drain", "i want to pipe"
    rf"|\b(?:i|we)(?:'?m|'?re| am| are)?\s+(?:planning(?: on| to)?|going to|about to|thinking (?:of|about)|trying to|want to|"
    rf"plan to|need to|would like to|wanna)\s+(?:just\s+)?{_LETTING}"
)
# A trade the resident hired: "we hired", "had a guy come", "our plumber".
_TRADES = (r"(?:guy|guys|company|crew|contractor|plumber|landscaper|painter|installer|cleaner|roofer|builder|electrician|"
           r"technician|tech|exterminator|mechanic|pool guy|pool company)s?")
_HIRED = re.compile(
    r"\b(?:i|we)\s+(?:just\s+)?hired\b|^hired\b|\bthe [a-z' -]{1,30}? (?:i|we) hired\b"
    rf"|\b(?:i|we)\s+(?:had|got|paid)\s+(?:a|an|the|our|my|some)\s+(?:[a-z'-]+\s+)?{_TRADES}\b"
    rf"|\b(?:my|our)\s+(?:[a-z'-]+\s+){{0,2}}{_TRADES}\b"
)
# A trade at work on the resident's own home ("the floor guys refinishing our living room"), unless
# another's place is named ("the builder next door ... in front of my house": the trade works for them).
_TRADE_AT_HOME = re.compile(
    r"\b(?:guys|crew|contractor|company|mason|painters?|roofers?|installer|plumber|landscaper|caterer|workers)\b"
    r"(?:\s+[a-z'-]+){0,5}\s+(?:our|my)\s+(?:[a-z'-]+\s+)?(?:house|home|roof|chimney|yard|lawn|living room|kitchen|"
    r"basement|deck|patio|pool|seawall|siding|windows|gutters|property|driveway|walls?)\b"
)
_ANOTHERS_PLACE = re.compile(r"\b(?:next door|neighbou?rs?|across the (?:street|road)|down the (?:street|road|block)|behind us|next to us)\b")


def someone_elses(plain: str, names_another: bool) -> bool:
    """Whether a question (lower-case words, ``plain``) is about somebody else's discharge.

    :param names_another: the words name another person or business (``meaning_vocabulary.OTHER_PEOPLE``)
    """
    if not names_another:
        return False  # the discharge reader's own whose-words come after (law_questions.discharge_question)
    if hired_by_resident(plain):
        return False
    whose = whose_from_words(plain)
    if whose is not None:
        return whose == "no"
    return not _OWN_STAKE.search(plain)


def hired_by_resident(plain: str) -> bool:
    """Whether the one doing it works for the resident ("the plumber we hired", "our landscaper",
    "the floor guys refinishing our living room"): the resident's own discharge, however the
    words tell of the trade doing it."""
    return bool(_HIRED.search(plain) or (_TRADE_AT_HOME.search(plain) and not _ANOTHERS_PLACE.search(plain)))
