"""The place a resident names, as one span of their words.

"coming out of a pipe behind the deli on Bayville Ave" is "a pipe behind the deli on Bayville
Ave", not "Bayville Ave"; "on West Harbor Dr by the marina" keeps the marina; "in front of 9
Washington St, I noticed it yesterday around 3" leaves the time out; "it wasn't Main St, it's
the drain in front of 32 Birchwood Rd" gives the drain on Birchwood Rd. The street itself is
found by :mod:`stormwater.understanding.street_address` (a street address or a road name); this
module widens it to the landmark, drain or cross street said with it.
"""
from __future__ import annotations

import re
from typing import Optional, Tuple

from stormwater.understanding.street_address import street_spans

# "it wasn't Main St, it's ...", "not Main St but ...": only what follows counts.
_CORRECTED = re.compile(
    r"\b(?:wasn'?t|was not|isn'?t|is not|not)\b[^,;.]{1,60}?(?:[,;.]\s*|\s+)(?:but\s+)?(?:it'?s|it is|it was|its|rather|actually)\s+",
    re.I,
)
# A place corrected as it is typed ("on Birchwood Rd, no sorry, Van Brunt Manor Rd"): what follows.
_SELF_CORRECTED = re.compile(
    r"(?:^\s*|[,;.]\s*|\s+)(?<![A-Za-z'])(?:no(?=\s*,)|no,?\s+sorry|sorry,?\s+no|(?:sorry,?\s+)?i\s+meant?|no,?\s+wait|wait,?\s+no|make\s+that|scratch\s+that|or\s+rather)"
    r"\s*[,:]?\s+",
    re.I,
)
_POSITION = (
    r"in front of|behind|next to|across (?:the street )?from|near|nearby|by|outside(?: of)?|beside|"
    r"at the (?:corner|end|bottom|top|edge) of|on the corner of|corner of|around the corner from|down the (?:street|road|block) from|"
    r"at the intersection of|opposite"
)
_STRUCTURE = (
    r"storm ?drains?|drains?|catch ?basins?|sewer grates?|grates?|pipes?|gutters?|ditch|outfall|inlets?|curb|culvert|manhole"
)
# Businesses and landmarks a resident points from or at ("the restaurant behind 12 Main St").
LANDMARK_NOUNS = (
    r"restaurant|deli|diner|pizzeria|pizza place|bakery|cafe|bar|pub|bagel (?:place|shop|store)|auto body|body shop|"
    r"repair shop|garage|gas station|station|car wash|laundromat|(?:dry )?cleaners?|salon|store|shop|market|supermarket|"
    r"bank|pharmacy|church|school|library|park|beach|marina|boatyard|firehouse|post office|village hall|plaza|mall|"
    r"building|office|clinic|hotel|motel|club|lot|parking lot|construction site|site|dealership|nursery|business|"
    r"company|7[ -]?eleven|seven[ -]eleven"
)
_FROM = rf"{LANDMARK_NOUNS}|house|property|yard"
# What may stand before the street in the same phrase, read backwards from the street:
# "the drain in front of", "a pipe behind the deli on", "the corner of".
_BEFORE = re.compile(
    rf"(?:(?<![A-Za-z'])(?:the|a|an|that)\s+(?:[a-z]+\s+)?(?:{_STRUCTURE}|{_FROM})\s+(?:right\s+)?)?"
    rf"(?:(?:right\s+|just\s+)?(?:{_POSITION})\s+)"
    rf"(?:(?:the|a|an)\s+(?:[A-Za-z'&-]+\s+){{0,2}}?[A-Za-z'&-]+\s+(?:on|off|at|along)\s+)?$"
    rf"|(?:(?<![A-Za-z'])(?:the|a|an|that)\s+(?:[a-z]+\s+)?(?:{_STRUCTURE})\s+(?:on|at|along|off)\s+)$",
    re.I,
)
# A word of a spot's own name: never an article nor a word pointing ("the guy at the deli").
_NAME_WORD = r"(?:(?!(?:the|a|an|that|at|on|in|of|by|to|near|behind|next|from|and|or)\s)[A-Za-z'&-]+\s+)"
# A business or landmark said with its street, with or without a position before it: "the
# restaurant at 200 Bayville Ave", "the auto body on Bayville Ave", "Stop & Shop on Main St".
_LANDMARK_BEFORE = re.compile(
    rf"(?:(?<![A-Za-z'])(?:the|a|an|that)\s+{_NAME_WORD}{{0,3}}?(?:{LANDMARK_NOUNS})\s+(?:on|off|at|along)\s+)$", re.I,
)
# A spot pointed from another in the same phrase, read backwards: "the storm drain in front of
# [the liquor store next to [Ralphs Pizza on Bayville Ave]]", "the catch basin in [the ... lot on ...]".
_CHAIN = re.compile(
    rf"(?<![A-Za-z'])(?:the|a|an|that)\s+{_NAME_WORD}{{0,3}}?(?:{_STRUCTURE}|{_FROM})\s+"
    rf"(?:right\s+|just\s+)?(?:{_POSITION}|at|in|on)\s+$",
    re.I,
)
# Texted without its article, after a position: "by village hall on Birchwood Rd".
_BARE_LANDMARK = re.compile(rf"(?<![A-Za-z'])(?:{_POSITION}|at)\s+(?:{LANDMARK_NOUNS})\s+(?:on|off|at|along)\s+$", re.I)
# A business named by its own capitalised name before its street ("Stop & Shop on Main St").
_NAMED_BEFORE = re.compile(r"(?<![A-Za-z'])((?:(?!I\s)[A-Z0-9][A-Za-z0-9'.-]*\s+(?:&\s+)?){1,3})(?:on|off|at|along)\s+$")
# Any noun phrase with its article said with a street, where a place is said: at the start of a
# clause ("the chinese takeout on Bayville Ave had a guy ...") or after a locative preposition
# ("i work at the Bridge Marina yard on Ludlam Ave"); never a person ("the guy on Main St") nor
# the way along a street ("down the block on Godfrey Ave"); a word ending like a doer's
# ("the landscapers on Arlington Ave", "the painter", "the water") is never taken for a spot.
_NOT_A_SPOT = (
    r"guys?|man|men|woman|women|lady|ladies|kids?|people|person|neighbou?rs?|crews?|masons?|tenants?|folks?|"
    r"someone|somebody|[a-z]+(?:ers?|ists?)|contractors?|vendors?|block|street|road|way|side|end|direction"
)
# A thing kept, parked or at work on the street, told by the word after it ("an RV parked on
# Shore Rd", "a truck sitting on Main St"): the thing is not the spot, the street is.
_KEPT_THERE = r"[a-z]{2,}(?:ked|ped|ted|led|ned|ved)|sitting|standing|idling|working|living|staying|stuck|left"
_DETERMINED_BEFORE = re.compile(
    rf"(?:^\s*|\b(?:at|behind|near|by|outside(?:\s+of)?|in\s+front\s+of|next\s+to|across\s+from)\s+)"
    rf"(?P<spot>(?:the|a|an)\s+(?:(?!(?:the|a|an|{_NOT_A_SPOT})\s)[A-Za-z'&-]+\s+){{0,2}}(?!(?:{_NOT_A_SPOT}|{_KEPT_THERE})\s)"
    rf"[A-Za-z'&-]+\s+(?:on|off|along)\s+)$",
    re.I,
)
# Any spot with its article pointed from the next by a position word, whatever its noun ("the
# Shipwreck Tavern next to [the Adventure Park on ...]", "the ice cream place next to ..."): never
# a person ("the guy next to ..."), and only before a position, not a bare "at", "in" or "on".
_CHAIN_ANY = re.compile(
    rf"(?<![A-Za-z'])(?:the|a|an)\s+(?:(?!(?:the|a|an|{_NOT_A_SPOT})\s){_NAME_WORD}){{0,3}}"
    rf"(?!(?:{_NOT_A_SPOT})\s)(?P<head>[A-Za-z'&-]+)\s+$",
    re.I,
)
# A spot's head word: a name of its own ("the Shipwreck Tavern") or a word for a spot, never a
# thing carried or poured ("the bag by the drain", "the oil near the drain").
_SPOT_HEAD = re.compile(
    rf"(?-i:[A-Z][a-z'&-]*)|(?:{LANDMARK_NOUNS}|{_STRUCTURE}|place|spot|stand|parlou?r|dock|pier|bench|ramp|field|"
    r"playground|trail|path|driveway|alley|dumpster|hydrant|fence|gate|entrance|sidewalk|stop|tavern|yard|house|"
    r"table|tree|pole|sign|wall|light|mailbox|shed|garage|area|field)",
    re.I,
)
# A spot pointed from the next one, with the position between them: "the bench next to [the
# community dock in [California Park at the end of [Washington St]]]".
_LINK = re.compile(
    rf"(?<![A-Za-z'])(?:(?:the|a|an)\s+(?:(?!(?:the|a|an|{_NOT_A_SPOT})\s){_NAME_WORD}){{0,3}}(?P<head>[A-Za-z'&-]+)"
    rf"|(?P<name>(?-i:(?!I\s)[A-Z][A-Za-z'&-]*(?:\s+[A-Z][A-Za-z'&-]*){{0,3}})))\s+(?:right\s+|just\s+)?(?:{_POSITION}|in|at)\s+$",
    re.I,
)
_STARTS_POINTING = re.compile(rf"(?:right\s+|just\s+)?(?:{_POSITION})\s", re.I)
# A house number said after its street ("on Mountain Ave, the yellow house at 48", "Main St, number 11").
_NUMBER_AFTER = re.compile(
    r"^\s*,?\s*(?:(?P<what>(?:the|a)\s+(?:[a-z]+\s+){0,2}(?:house|home|building|one))\s+(?:at|is)\s+"
    r"|(?:(?P<pos>in front of|across from|next to|outside(?: of)?|opposite|near|by|behind|beside)\s+)?(?:number|no\.|#)\s*)"
    r"(?:number\s+|#)?(?P<n>\d{1,5})\b(?!\s*(?::\d|am\b|pm\b|o'?clock|ish\b|gal|min|hour|hr|f(?:ee)?t\b|%))",
    re.I,
)
_POSITION_ONLY = re.compile(rf"(?:right\s+|just\s+)?(?:(?:{_POSITION})\s+)?", re.I)
# A landmark said after the street: "West Harbor Dr by the marina".
_AFTER = re.compile(
    rf"^\s*,?\s*(?:(?:right\s+|just\s+)?(?:{_POSITION}|at|across from)\s+)(?:(?:the|a|an)\s+"
    r"(?P<words>[A-Za-z0-9'&-]+(?:\s+[A-Za-z0-9'&-]+){0,3})"
    # or a landmark's own name ("by California Park"), its words capitalised
    r"|(?-i:(?P<name>(?!I\s)[A-Z][A-Za-z'-]*(?:\s+(?:&\s+)?[A-Z][A-Za-z'-]*){0,3})))",
    re.I,
)
# The spot on the street said after it: "9 Prospect St, the drain at the end of the driveway".
_SPOT_AFTER = re.compile(rf"^\s*,\s*(?:the|a|an)\s+(?:[a-z]+\s+)?(?:{_STRUCTURE})\b", re.I)
_AMBIGUOUS = re.compile(r"\b(?:place|park|beach|harbou?r|plaza|square|landing|path|trail|way|circle)\.?$", re.I)
# Words that end a landmark's name: the sentence goes on about something else.
_STOP = frozenset(
    "i we it it's its was is are and but or so then when this that there yesterday today tonight this morning "
    "last around about at on in into to i'm i've saw noticed seen since for with from by near next across".split()
)


def _landmark_after(rest: str) -> str:
    match = _AFTER.match(rest)
    if not match:
        return ""
    if match.group("name"):
        return rest[:match.end("name")].rstrip(" ,.")
    words = match.group("words").split()
    kept = []
    for word in words:
        if word.lower().strip(".,") in _STOP:
            break
        kept.append(word)
        if word.endswith((",", ".")):
            break
    if not kept:
        return ""
    end = match.start("words") + len(" ".join(kept))
    return rest[:end].rstrip(" ,.")


def corrected_part(text: str) -> str:
    """What follows a correction ("it wasn't Main St, it's the drain on Oak Ln" -> "the drain on Oak Ln")."""
    last = None
    for last in _CORRECTED.finditer(text or ""):
        pass
    return text[last.end():] if last else text


# Words that let staff find a spot on a street, or without one: a number, a name of its own
# (capitalised: "the Bridge Cafe", "California Park"), a business or landmark ("the deli") or
# the end or corner of the street.
_FINDABLE = re.compile(rf"\d|(?<![.!?]\s)(?<!^)(?-i:\b[A-Z])|\b(?:{LANDMARK_NOUNS}|end|corner|bottom|top|intersection|cul[- ]de[- ]sac)\b", re.I)


def is_vague_place(place: str) -> bool:
    """Whether staff could not find ``place`` from its words: one street with neither a house
    number, a cross street nor a landmark ("the storm drain grate on Thomas St", "the curb in
    front of the house we're painting on Sylvan Ave"), or a common noun without any street ("the
    community dock"): where it is is still to be asked."""
    place = (place or "").strip()
    if not place or re.search(r"\d", place):
        return False
    spans = street_spans(place)
    if len(spans) > 1:
        return False
    rest = place[:spans[0][0]] + " " + place[spans[0][1]:] if spans else place
    return not _FINDABLE.search(rest)


def place_span(text: str, without: Tuple[str, ...] = ()) -> Optional[str]:
    """The whole place phrase in ``text`` around a street or address, or ``None``.

    :param text: the resident's message
    :param without: spans already read as something else (a time): never part of the place
    """
    text = corrected_part(text or "")
    fixes = list(_SELF_CORRECTED.finditer(text))
    if fixes and street_spans(text[fixes[-1].end():]):
        text = text[fixes[-1].end():]  # the place said last is the place meant
    elif fixes and (renumbered := _renumbered(text[:fixes[-1].start()], text[fixes[-1].end():])):
        return renumbered
    for words in without:
        if words:
            text = text.replace(words, " , ")
    spans = street_spans(text)
    if not spans:
        return None
    # "the pizza place on main st": a word that may name a street or a spot yields to a plain street.
    plain = [span for span in spans if not _AMBIGUOUS.search(text[span[0]:span[1]])]
    spans = spans[spans.index(plain[0]):] if plain else spans
    # "the bagel place", "the town beach": an ambiguous word after "the" and no number is a spot, not a street.
    spans = [s for s in spans if not (_AMBIGUOUS.search(text[s[0]:s[1]]) and re.search(r"\bthe\s+$", text[:s[0]], re.I)
                                      and not text[s[0]].isdigit())]
    if not spans:
        return None
    start, end = spans[0]
    # Two streets in one phrase ("Main St and Shore Rd", "Main St at Shore Rd"): the crossing.
    for other_start, other_end in spans[1:]:
        if re.fullmatch(r"\s*(?:and|&|at|near|by|off|/)\s*", text[end:other_start], re.I):
            end = other_end
    clause_start = max(text.rfind(sep, 0, start) for sep in (",", ";", ".", "!", "?", "\n")) + 1
    before = _BEFORE.search(text[clause_start:start])
    # "in front of 12 Main St" is 12 Main St; "the drain in front of" and "behind the deli on" say more.
    if before and not _POSITION_ONLY.fullmatch(before.group(0)):
        start = clause_start + before.start()
    else:
        clause = text[clause_start:start]
        named = _LANDMARK_BEFORE.search(clause) or _BARE_LANDMARK.search(clause) or _NAMED_BEFORE.search(clause)
        spot = None if named else _DETERMINED_BEFORE.search(clause)
        if named or spot:
            start = clause_start + (named.start() if named else spot.start("spot"))
    start = _chain_start(text, clause_start, start, end)
    end = _pointed_address_end(text, spans, end)
    number = None if re.search(r"\d", text[start:end]) else _NUMBER_AFTER.match(text[end:])
    after = "" if number else _landmark_after(text[end:])
    spot = None if number or after else _SPOT_AFTER.match(text[end:])
    if spot:
        after = spot.group(0) + _landmark_after(text[end + spot.end():])
    end += len(after)
    place = " ".join(text[start:end].split()).strip(" ,;.")
    if number:  # "on Mountain Ave, the yellow house at 48": 48 Mountain Ave, the yellow house
        street = " ".join(text[spans[0][0]:spans[0][1]].split())
        place = _numbered(place, street, number)
    place = re.sub(r"^(?:right|just|that(?=\s+(?:the|a|an)\b))\s+", "", place, flags=re.I)  # "is it ok that the laundromat on ..."
    drain = place_span(text[end:]) if len(spans) > 1 and not re.search(_STRUCTURE, place, re.I) else None
    if drain and re.search(rf"\b(?:{_STRUCTURE})\b", drain, re.I):
        place = f"{place}, {drain}"  # "all down Oak Rd and a puddle at the drain near Elm Ln": both
    return place or None


# Only a house number corrected ("12 Birchwood Rd, wait no its 21 Birchwood", "sorry i meant 21").
_NUMBER_ONLY = re.compile(r"^\s*(?:(?:it'?s|it is|its|make it|number|no\.|#)\s*)*(?P<n>\d{1,5}[a-z]?)\b(?P<rest>[^,;.]*)", re.I)


def _renumbered(before: str, after: str) -> Optional[str]:
    """The place said before a correction with the house number said after it, when what follows
    the correction is that number (and at most words of the same street), else ``None``."""
    number, first = _NUMBER_ONLY.match(after), place_span(before)
    if not number or not first or not re.match(r"\d", first):
        return None
    if any(word.lower() not in first.lower() for word in re.findall(r"[A-Za-z]+", number.group("rest"))):
        return None  # "21 Oak" after "12 Birchwood Rd" names another street, half said
    return re.sub(r"^\d+[a-z]?", number.group("n"), first)


def _pointed_address_end(text: str, spans, end: int) -> int:
    """Where the place ends when a house address is pointed at right after its street: "the
    storm drain on Ludlam Ave in front of 40 Ludlam Ave" keeps 40 Ludlam Ave, the number staff
    find it by."""
    for other_start, other_end in spans:
        if other_start >= end and text[other_start].isdigit():
            between = text[end:other_start]
            if re.fullmatch(rf"\s*,?\s*(?:right\s+|just\s+)?(?:{_POSITION}|at)\s+", between, re.I):
                return other_end
            return end
    return end


def _chain_start(text: str, clause_start: int, start: int, end: int) -> int:
    """Where a chain of spots ends that leads to the place at ``start``, each pointed from the
    next: "the drain in front of [the liquor store next to [...]]", "the Shipwreck Tavern [next
    to the Adventure Park on ...]", "the bench next to the community dock in California Park [at
    the end of Washington St]"."""
    while True:
        before = text[clause_start:start]
        link = _CHAIN.search(before)
        if not link and _STARTS_POINTING.match(text[start:end]):
            link = _CHAIN_ANY.search(before)
            link = link if link and _SPOT_HEAD.fullmatch(link.group("head")) else None
        if not link:
            link = _LINK.search(before)
            link = link if link and (link.group("name") or _SPOT_HEAD.fullmatch(link.group("head") or "")) else None
        if not link:
            return start
        start = clause_start + link.start()


def _numbered(place: str, street: str, number: "re.Match[str]") -> str:
    """The place with the house number said after its street: "on Mountain Ave, the yellow house
    at 48" is 48 Mountain Ave, the yellow house; "the grate on Locust Ave in front of number 64"
    is the grate in front of 64 Locust Ave."""
    address = f"{number.group('n')} {street}"
    if number.group("pos"):
        pointed = f"{number.group('pos').lower()} {address}"
        on_street = re.search(rf"\b(?:on|at|along|off)\s+{re.escape(street)}", place)
        if place == street:
            return pointed
        return place.replace(on_street.group(0), pointed, 1) if on_street else f"{place}, {pointed}"
    return place.replace(street, address, 1) + (f", {number.group('what')}" if number.group("what") else "")


def renumbered(before: str, after: str) -> str:
    """The place ``before`` with the house number ``after`` gives on the same street ("the drain
    in front of 21 Oak Ln" corrected to "12 Oak Ln" stays the drain in front of 12 Oak Ln);
    ``after`` itself when it says more, or another street."""
    new = re.fullmatch(r"\s*(\d{1,6}[a-z]?)\s+(.+?)\s*", after or "", re.I)
    old = re.search(rf"\b\d{{1,6}}[a-z]?\s+{re.escape(new.group(2))}\b" if new else r"(?!)", before or "", re.I)
    if not old:
        return after
    number_end = old.start() + len(old.group(0).split()[0])
    return before[:old.start()] + new.group(1) + before[number_end:]
