"""What a report message says about the resident and the moment, in everyday words: whose
discharge it is ("the guy next door is dumping leaves", "I was washing my truck"), that it was
found just now ("just found them"), and a wish to stay anonymous ("make it anonymous").

Part of the report form's reader (:mod:`stormwater.understanding.form_reader`); the values it fills
are read in :mod:`stormwater.understanding.field_values`.
"""
from __future__ import annotations

import re
from typing import Optional

from stormwater.understanding.answer_words import _APOS, _SOMEONE_ELSES, _WHOSE_NO, _tidy
from stormwater.understanding.place_spans import LANDMARK_NOUNS


_WANTS_ANONYMITY = re.compile(
    r"\b(?:make (?:it|me|this|the report)|keep (?:it|me)|stay|i'?ll stay|i want to (?:be|stay)|i'?d (?:like|rather) to (?:be|stay)|"
    r"(?:file|report|send) (?:it|this)|can (?:it|i) be|rather be|prefer to be|go)\s+anonymous(?:ly)?\b"
    r"|\b(?:leave|take|keep) my name (?:out|off)\b|\b(?:remove|delete|drop) my name\b|\bwithout my name\b"
    r"|\bdon'?t (?:use|put|include|record|keep|give out) my name\b|^\s*anonymous(?:ly)?(?: please| pls)?[.!]?\s*$",
    re.I,
)


def wants_anonymity(text: str) -> bool:
    """Whether a message, typed at any question, asks to file the report without the
    resident's name ("make it anonymous", "leave my name out")."""
    return bool(_WANTS_ANONYMITY.search((text or "").translate(_APOS)))


# Someone else doing the discharging ("the guy next door is dumping leaves", "the restaurant
# keeps pouring grease"), or a discharge found already done ("I found drums dumped by the road"),
# unless the resident left it there themselves ("i found the old car battery i left ...").
_OTHERS_DOING = re.compile(
    r"\b(?:someone|somebody|some1|sum1|ppl|a guy|the guy|some guy|guys|a man|a woman|people|workers?|landscapers?|"
    r"contractors?|neighbou?rs?|landlord|tenants?|builders?|plumbers?|painters?|roofers?|(?:he|she|they)|"
    r"(?:a|an|the|some) (?:[a-z'-]+ ){0,2}(?:truck|van|rv|camper|motorhome|trailer|bus|crew|company|guy|house|home|"
    + LANDMARK_NOUNS + r"))"
    r"(?: [a-z0-9'-]+){0,5}? (?:is|are|was|were|keeps?|kept|has been|have been|always|just)?\s*"
    r"(?<!\bthe )(?<!\bstorm )(?<!\bstreet )(?<!\bcatch )(?<!\bfloor )(?<!\ba )"  # "the storm drain" is no one's doing
    r"(?:dump|pour|drain|wash|hos|spill|leak|throw|threw|toss|empt|blow|blew|sweep|swept|discharg|pump|rins|let(?!'?s\b)|dispos)\w*"
    r"|\b(?:found|noticed|saw|see|seen|spotted|there'?s|there are|there is)\b.{0,40}(?<!\bi )(?<!\bwe )\b(?:dumped|abandoned|left)\b"
    # flowing from someone else's place: "soapy water running into the drain from a car wash fundraiser"
    r"|\b(?:running|coming|flowing|draining|pouring|leaking|dripping)\b.{0,40}?\bfrom (?:a|the) (?:[a-z'-]+ ){0,3}"
    r"(?:fundraiser|truck|van|" + LANDMARK_NOUNS + r")\b"
)
# The resident's own doing ("I was washing my truck", "we knocked over a can").
_OWN_DOING = re.compile(
    r"\b(?:i|we)(?:'m|'re| am| are| was| were| have been| had been| just| accidentally)*\s+"
    r"(?:spill|dump|pour|knock|empt|drain|tip|leak|wash|hos|rins|pump|clean|pressure wash|power wash|overfill|drop|paint|chang)\w*"
    r"|\bmy (?:[a-z'-]+ ){0,2}(?:hose|washing machine|washer|pool|tank|car|truck|sump pump|pipe|water heater|dishwasher|"
    r"boat|mower|bucket|buckets|cans?|drum) (?:[a-z'-]+ )?(?:came off|broke|burst|leaked|leaks|leaking|overflowed|spilled|"
    r"tipped|cracked|failed|split|popped)\b"  # "my washing machine hose came off": the resident's own thing gave way
    r"|\b(?:leak|spill|drip|pour|com|gush|ooz|seep)\w* (?:out )?(?:of|from) my (?:[a-z'-]+ ){0,2}(?:car|truck|van|boat|tank|"
    r"pool|hose|washer|washing machine|mower|generator|heater|pipe|drum|bucket|cans?)\b"  # "leaking from my car"
    r"|\b(?:spill|leak|discharge|release|runoff)\w* (?:from|at) (?:my|our) (?:house|home|property|yard|business|shop|driveway)\b"
    r"|\bmy (?:[a-z'-]+ ){1,4}(?:went|ran|got|spilled|leaked|overflowed|drained) (?:into|in|down|onto|out)\b"
    # texted without "I": "hosed off my driveway and ...", "spilled some oil ..."
    r"|^(?:just |accidentally )?(?:hosed|washed|spilled|dumped|poured|rinsed|drained|knocked|tipped|emptied|overfilled|"
    r"power washed|pressure washed)\b"
    r"|\bmy (?:fault|own)\b|\b(?:i|we) did (?:it|that|this)\b|\bit was (?:me|us)\b|\b(?:i'?m|i am|we'?re|we are) responsible\b"
    # "one of our guys hosed the mats off", "my son rinsed the cooler": the resident's own people
    r"|\b(?:one of )?(?:our|my) (?:[a-z'-]+ )?(?:guys?|employees?|workers?|staff|crew|cooks?|kids?|sons?|daughters?|husband|"
    r"wife|team|helpers?|porters?|dishwashers?) (?:[a-z'-]+ ){0,2}?"
    r"(?:spill|dump|pour|knock|empt|drain|tip|leak|wash|hos|rins|pump|clean|overfill|drop|threw|toss)\w*"
)


# The resident's own release, already done: "i spilled diesel", "i kinda already did yesterday".
_RELEASED = (r"(?:spilled|spilt|dumped|poured|knocked|emptied|drained|tipped|leaked|washed|hosed|"
             r"rinsed|pumped|cleaned|overfilled|dropped|threw|tossed|did)\b")
# "we had a party sat night and dumped 2 pots", "i had a sprayer full of my homemade weed killer
# left over friday and dumped it": the same subject's second verb, with nobody else named between them.
_OWN_DONE = re.compile(
    r"\b(?:i|we)\s+(?:[a-z]+\s+){0,2}?" + _RELEASED
    + r"|\b(?:i|we)\s+(?:(?!he\b|she\b|they\b|someone\b|somebody\b|it\b)[a-z']+\s+){1,12}?(?:and|then)\s+(?:then\s+)?"
    + _RELEASED
)


# The resident's own second verb after their subject ("we had a party and dumped ..."), and
# someone else named as the one who did it, which outweighs it.
# Texted without "I" ("made soap in the garage sat and rinsed the pitcher ..."): a message that
# opens with a verb done has the resident as its subject, and so has its second verb.
_OWN_DONE_AND = re.compile(
    r"(?:\b(?:i|we)|^(?:just\s+)?(?:[a-z]{3,}ed|made|did|had|got|took|spent|ran|went|threw))"
    r"\s+(?:(?!he\b|she\b|they\b|someone\b|somebody\b|it\b)[a-z']+\s+){1,8}?(?:and|then)\s+(?:then\s+)?"
    + _RELEASED
)
_WHOSE_NO_DOER = re.compile(
    r"\b(?:someone|somebody|neighbou?rs?|contractors?|(?:he|she|they))(?: [a-z'-]+){0,3}? "
    r"(?:dump|pour|drain|wash|hos|spill|leak|throw|threw|toss|empt|rins|pump)\w*"
)


def own_release_done(plain: str) -> bool:
    """Whether the (plain) words tell of the resident's own release, already done: a question
    about it ("is that something i have to report?") still leaves a report to offer."""
    return bool(_OWN_DONE.search(plain)) and whose_from_words(plain) != "no"


# The resident's workplace ("i work at Ralphs Pizza") and a release by someone who works there
# ("the new guy hosed the flour out the back door"): the workplace's own release, so the
# resident's, as "did it come from your own home, business or work?" asks.
_AT_WORK = re.compile(r"\b(?:i|we) (?:work|worked|am working|'m working|'re working)\s+(?:at|for|in)\b|\bwhere (?:i|we) work\b")
_COLLEAGUE_DID = re.compile(
    r"\b(?:the|a|one of the|our|my) (?:new |other |night |morning |head |line |prep )?(?:guy|guys|kid|girl|employees?|workers?|"
    r"cooks?|dishwashers?|porters?|co-?workers?|manager|boss|owner|staff|crew|chef|busboy|busser|cleaners?)"
    r"(?: [a-z'-]+){0,2}? (?:spill|dump|pour|knock|empt|drain|tip|leak|wash|hos|rins|pump|clean|overfill|drop|threw|toss)\w*"
)


# The resident's own home said ("i rent the apartment upstairs", "we live above the shop"): a
# leak from that building is not plainly someone else's, so whose it is is asked.
_HOME_THERE = re.compile(
    r"\b(?:i|we) (?:rent|lease|live (?:in|at|upstairs|downstairs|above|over|behind))\b"
    r"|\bmy (?:apartment|unit|building)\b|\bour (?:apartment|unit|building)\b"
)


def lives_there(plain: str) -> bool:
    """Whether the (plain) words place the resident at home where it comes from, with nobody
    named as doing it ("i rent upstairs and oil is leaking from the tank behind the building")."""
    return bool(_HOME_THERE.search(plain)) and not _WHOSE_NO_DOER.search(plain) and not _SOMEONE.search(plain)


_SOMEONE = re.compile(r"\b(?:guys?|man|woman|people|ppl|landlord|owner|super|crew|company|workers?|tenants?|kids?|neighbou?rs?)\b")


def whose_from_words(plain: str) -> Optional[str]:
    """Whose discharge a message says it is: ``"no"`` (someone else's), ``"yes"`` (the
    resident's own) or ``None`` when it does not say."""
    if _SOMEONE_ELSES.search(plain):
        return "no"
    if lives_there(plain) and not _OWN_DOING.search(plain):
        return None  # the resident's own building: asked, never assumed someone else's
    if _AT_WORK.search(plain) and (_COLLEAGUE_DID.search(plain) or _OWN_DOING.search(plain)):
        # "i work at the pizzeria, the new guy hosed the dough out the back"; "i work for a
        # roofing contractor and my helper rinsed our tar buckets": the employer named is the
        # resident's own, not someone else doing it
        return "yes"
    if _OWN_DONE_AND.search(plain) and not _WHOSE_NO_DOER.search(plain):
        return "yes"  # "we pressed apples and hosed the mash ... my neighbor said i should report it"
    if _WHOSE_NO.search(plain) and re.search(
            r"\b(?:neighbou?r|someone|somebody|contractor|keeps? dumping|dumps|(?:he|she|they) (?:dump|pour|drain))", plain):
        return "no"
    if _OWN_DOING.search(plain):
        return "yes"
    if _OTHERS_DOING.search(plain):
        return "no"
    return None


_JUST_NOW = re.compile(
    r"\b(?:(?:i|we) )?just (?:found|saw|seen|noticed|spotted|discovered|came across|walked by|now)\b"
    r"|\b(?:right now|rite now|rn|as we speak|as i type|happening now|still happening|going on now|it'?s happening)\b",
    re.I,
)
# "a van just dumped its tank", "i just spilled": it happened a moment ago, so it was found now.
_JUST_DONE = re.compile(
    r"\bjust (?:dumped|poured|spilled|spilt|leaked|hosed|drained|dropped|knocked|tipped|emptied|burst|had|rinsed|"
    r"washed|pumped|broke|overflowed|overfilled|threw|tossed|sprayed|blew|opened|released|flushed|unloaded)\b",
    re.I,
)


def just_now(text: str) -> Optional[str]:
    """The words that say the discharge was found just now ("just found them"), or ``None``;
    "just now" for a thing done a moment ago ("a van just dumped its tank")."""
    match = _JUST_NOW.search((text or "").translate(_APOS))
    if match:
        return _tidy(match.group(0))
    return "just now" if _JUST_DONE.search(text or "") else None


# Times as they are texted, in the words the time reader knows: "this a.m." is "this am",
# "like 5ish" is "around 5", "2nite" is "tonight".
_TEXTED_TIMES = (
    (re.compile(r"\b([ap])\.\s?m\.?", re.I), r"\1m"),
    (re.compile(r"\b(?:like|bout|abt|approx\.?)\s+(\d{1,2}(?::\d\d)?)(?:\s*ish)?\b", re.I), r"around \1"),
    (re.compile(r"\b(\d{1,2}(?::\d\d)?)\s*ish\b", re.I), r"around \1"),
    (re.compile(r"\b2nite\b|\btonite\b", re.I), "tonight"),
)


def texted_time(text: str) -> str:
    """``text`` with texted time words in the forms :mod:`stormwater.understanding.when` reads."""
    for pattern, words in _TEXTED_TIMES:
        text = pattern.sub(words, text or "")
    return text
