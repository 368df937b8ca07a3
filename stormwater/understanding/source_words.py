"""The suspected source: the resident's own words about who or what is discharging.

"I think it's the contractor painting the hardware store", said to the commercial-site
question, files "commercial: yes" and also keeps those words whole for staff; "my neighbor is
pumping his pool into the street" keeps "my neighbor". A bare "someone" or "yes" says nothing
about the source and keeps nothing.
"""
from __future__ import annotations

import re
from typing import Optional

MAX_CHARS = 200

# Who, when a message opens with the discharger doing it now ("my neighbor is pumping ...").
_OPENING_WHO = re.compile(
    r"^\s*(?:i think |i see )?(?P<who>(?!there\b).{2,80}?)\s+(?:is|are|r|was|were|'s|just|keeps?)?\s*"
    r"(?:dump|pump|pour|drain|discharg|wash|hos|spill|leak|throw|toss|empt|rins|spray|dispos|sweep|blow|runn)\w*\b",
    re.I,
)
# Words naming nobody in particular.
_NOBODY = re.compile(
    r"^(?:some(?:one|body| guy| man| woman| person| people)|a (?:guy|man|woman|person)|people|they|he|she|"
    r"it|someone else|somebody else|i|we|there)$",
    re.I,
)
# A yes/no answer with nothing more ("no", "yes it is", "not sure"), and the words that open one.
_BARE = re.compile(r"^(?:yes|yeah|yep|ya|no|nope|nah|not sure|unsure|i don'?t know|dunno|idk)(?:\W+(?:it is|it isn'?t|it's not))?\W*$", re.I)
_YES_NO_OPENING = re.compile(r"^(?:yes|yeah|yep|ya|no|nope|nah)\b[\s,.;:!-]*", re.I)
# Only the kind of site, which the commercial answer already holds.
_SITE_KIND = re.compile(
    r"^(?:it'?s |it is |its )?(?:just )?(?:a |an )?(?:private |residential |commercial |industrial )?"
    r"(?:home|house|residence|business|site|property)\W*$",
    re.I,
)
_SOURCE_HINT = re.compile(
    r"\b(?:i think|probably|looks like|it'?s|it is|from|the|a|an|my|his|her|their|company|contractor|"
    r"store|shop|restaurant|station|site|crew|truck|landscap\w*|neighbou?r\w*|business|house|home)\b",
    re.I,
)

# Said of the source at any question: "I think it's the contractor ...", "probably the deli".
_SAYS_WHO = re.compile(
    r"^\s*(?:i think|i believe|i bet|pretty sure|probably|looks like|must be|it'?s (?:coming )?from)\b", re.I
)


def says_who(text: str) -> Optional[str]:
    """The words, when a message that answers no question tells who or what the resident thinks
    is discharging ("I think it's the contractor painting the hardware store"), else ``None``."""
    words = _clean(text)
    return words if _SAYS_WHO.match(words.replace("\u2019", "'")) and len(words.split()) >= 3 else None


def _clean(words: str) -> str:
    return " ".join((words or "").split())[:MAX_CHARS].strip(" ,.;:")


def source_from_opening(text: str) -> Optional[str]:
    """Who is discharging, as the opening message names them, or ``None`` ("someone")."""
    match = _OPENING_WHO.match(_clean(text).replace("\u2019", "'"))
    if not match:
        return None
    who = _clean(match.group("who"))
    return None if not who or _NOBODY.match(who) else who


def source_from_answer(text: str) -> Optional[str]:
    """The resident's words about the source, given with an answer about the site ("I think
    it's the contractor painting the hardware store"), or ``None`` for a bare yes or no, or
    one that only names the kind of site ("no, it's a private home")."""
    words = _clean(text)
    rest = _YES_NO_OPENING.sub("", words)
    if not words or _BARE.match(words) or _SITE_KIND.match(rest) or len(words.split()) < 3 or not _SOURCE_HINT.search(words):
        return None
    return words


# A correction's opening words ("oh wait", "actually, sorry"): what follows says whose it is.
_OPENING_CORRECTION = re.compile(
    r"^(?:(?:oh|oops|wait|no|nope|actually|sorry|hold on|hang on|i mean|i meant|my bad|correction)\b[\s,.;:!-]*)+", re.I,
)
# "it's my neighbour's", "its the deli's", "that's the landscaper's": whose it is, said whole.
_POSSESSIVE = re.compile(
    r"^(?:it'?s|its|it is|it was|that'?s|thats|that is|they'?re|theyre|those are)\s+(?:all\s+)?"
    r"(?P<who>(?:my|the|our|that|this)\s+(?:[a-z-]+\s+){0,3}?[a-z-]+?)(?:'s|s'|s)\W*$", re.I,
)
# "the oil is coming from the deli, not my neighbor": the source, up to a clause's end or "not".
_COMES_FROM = re.compile(
    r"\b(?:coming|comes|came|is|it'?s|its|was)\s+(?:all\s+)?from\s+(?P<who>(?:the|my|a|an|that|this|our)\s+[a-z0-9' -]{2,50}?)"
    r"(?=\s*(?:[,.;!]|\bnot\b|\band\b|\bbut\b|$))", re.I,
)
# Someone, or a business: a source that is a person's or a business's, not a pipe or a drain.
_SOMEONES = re.compile(
    r"\b(?:neighbou?rs?|landlord|tenants?|contractors?|landscapers?|company|business|store|shop|deli|restaurant|"
    r"station|garage|plumbers?|painters?|builders?|crew|owner|guy|house|home|building|bakery|diner|cleaners|laundromat|"
    r"marina|salon|body shop|car wash|school|church|factory|plant|site)\b", re.I,
)
_DISOWNED = re.compile(r"\bnot (?:my|me|mine|ours|us|from (?:me|us|my|our))\b|^(?:no|nope|nah)\b", re.I)
# "not mine, it's the guy across the street": who, named after a denial that it is the resident's.
_ITS_WHO = re.compile(
    r"\b(?:it'?s|its|it is|it was)\s+(?P<who>(?:the|that|this|a|some)\s+[a-z0-9' -]{2,50}?)(?=\s*(?:[,.;!]|\bnot\b|\bbut\b|$))",
    re.I,
)


def whose_said(text: str) -> Optional[str]:
    """Whose discharge a message says it is, when it says so outright at another question:
    "it's my neighbour's" -> "my neighbour"; "oh wait the oil is coming from the deli not my
    neighbor" -> "the deli". ``None`` for a pipe or a drain ("it's coming from a pipe"), or
    when the message says no one's."""
    words = _OPENING_CORRECTION.sub("", _clean(text).replace("\u2019", "'")).strip()
    match = _POSSESSIVE.match(words)
    if match and _SOMEONES.search(match.group("who")):
        return _clean(match.group("who"))
    match = _COMES_FROM.search(words)
    if match and (_SOMEONES.search(match.group("who")) or _DISOWNED.search(words)):
        return _clean(match.group("who"))
    match = _ITS_WHO.search(words)
    if match and _SOMEONES.search(match.group("who")) and _DISOWNED.search(_clean(text)):
        return _clean(match.group("who"))
    return None
