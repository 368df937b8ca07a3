"""Read one message of a report conversation in the context of the form.

The form asked a question (``asked``); the resident may answer it, answer it with more
("yes, it went into the catch basin on Shore Road this morning"), correct an earlier answer
("no wait, it was actually yesterday around 4pm"), or ask something else. :func:`read_message`
returns every slot the message fills and which earlier answers it changed, so the Rasa
validation action (``actions/report_form.py``) only applies the result.

Plain functions over the words, tested without Rasa (``tests/domain/test_form_reader.py``) and
measured on typed answers nobody trained on (``tests/form_answers/``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Dict, List, Mapping, Optional, Tuple

from stormwater.law.catalogue import find_discharges, find_mentions, load_catalogue
from stormwater.law.when import find_when, parse_when

YES_NO_SLOTS = ("responsible", "reached_drain", "commercial")
# The hazard question's choices, in button order: SMS residents answer with their number.
HAZARD_CHOICES = (("fuel or oil", "yes"), ("chemicals", "yes"), ("sewage", "yes"), ("none of these", "no"), ("not sure", "unsure"))

_APOS = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9' ]+", " ", (text or "").lower().translate(_APOS)).split())


def _tidy(text: str) -> str:
    return " ".join((text or "").split()).strip(" ,;:-")


# --- corrections -------------------------------------------------------------------------
_CORRECTION = re.compile(
    r"^\s*(?:(?:no|nope|sorry|oops|wait|actually|correction|i meant|i mean|my (?:bad|mistake)|scratch that|"
    r"hold on|hang on|let me correct that|make that|change that to|err?|um+|oh)\b[\s,.:;!-]*)+",
    re.I,
)
_CORRECTION_INSIDE = re.compile(r"\b(actually|i meant|i mean|correction|not .{1,30}, (?:it was|it's))\b", re.I)


def correction_prefix(text: str) -> Tuple[bool, str]:
    """Whether ``text`` opens like a correction ("no wait, ...", "actually ...") and the rest."""
    match = _CORRECTION.match(text or "")
    if not match:
        return bool(_CORRECTION_INSIDE.search(text or "")), _tidy(text)
    rest = _tidy(text[match.end():])
    # "actually" / "sorry" alone is an answer, not a correction.
    return bool(rest), rest or _tidy(text)


# --- yes / no -----------------------------------------------------------------------------
_UNSURE = re.compile(
    r"^(?:3|not sure|unsure|i'?m not sure|not certain|i don'?t know|don'?t know|dont know|dunno|idk|no idea|"
    r"no clue|maybe|possibly|perhaps|can'?t tell|cannot tell|i can'?t tell|i cannot tell|i couldn'?t (?:tell|see)|hard to (?:say|tell)|not that i know|i'?m unsure|"
    r"could be|might (?:have|be)|i (?:can'?t|cannot) say|i have no idea|who knows|unclear|i guess)\b"
)
_YES = re.compile(
    r"^(?:1|y|yes|yeah|yea|yep|yup|ya|yah|sure|correct|right|affirmative|definitely|absolutely|of course|"
    r"indeed|it did|it is|i am|i was|we are|we did|i did|that'?s right|that'?s correct|true|ok|okay|uh huh|"
    r"mhm|certainly|totally|for sure|i think so|i believe so|pretty sure it did|i'?m pretty sure)\b"
)
_NO = re.compile(
    r"^(?:2|n|no|nope|nah|naw|negative|not really|not at all|it didn'?t|it did not|it hasn'?t|i'?m not|i am not|"
    r"we'?re not|never|none|not me|not mine|not ours|not us|no way|wrong|false|not that i|i don'?t think so|don'?t think so|"
    r"i doubt it|probably not|i don'?t believe so|doubt it)\b"
)
_WHOSE_NO = re.compile(
    r"\b(someone else|somebody else|not me|not mine|not ours|not us|wasn'?t me|wasn'?t us|neighbou?r'?s?|"
    r"next door|a contractor|contractors?|landscapers?|the (?:town|village|county|city)|a (?:truck|car|driver|company|business)|"
    r"other people|some guy|a stranger|unknown|him|her|they|them|he|she|a resident|the owner|tenants?|the store|"
    r"(?:he|she|they) (?:did|do|dump|dumps|dumped|does)|don'?t know who|no idea who)\b"
)
_WHOSE_YES = re.compile(
    r"\b(it was me|it'?s mine|it is mine|mine|ours|my own|my fault|i did it|i spilled|i dumped|i poured|i emptied|"
    r"i drained|i knocked|i'?m responsible|i am responsible|we spilled|we did|our (?:house|home|property|business|company|shop|yard|driveway|pool|tank)|"
    r"from my (?:house|home|property|car|yard|driveway|business|shop|garage|basement|pool)|my (?:house|home|property|car|yard|driveway|pool|tank|basement|sump))\b"
)
_HOME = re.compile(
    r"\b(private (?:home|house|residence)|a (?:house|home|residence)|residential|residence|my (?:home|house)|"
    r"our (?:home|house)|a family home|an? apartment|just a home|homeowner|single family|someone'?s (?:house|home|yard|driveway))\b"
)
_BUSINESS = re.compile(
    r"\b(business|company|commercial|industrial|restaurant|diner|store|shop|gas station|garage|auto body|factory|"
    r"plant|warehouse|contractor'?s yard|marina|boatyard|dealership|car wash|laundromat|dry cleaner|construction site|"
    r"landscaping company|office building|strip mall|deli|bakery|hotel|motel)\b"
)
_DRAIN = re.compile(r"\b(storm ?drains?|drains?|catch ?basins?|sewer grates?|grates?|gutters? drain|inlets?|sewers?)\b")
_REACHED_NEG = re.compile(
    r"\b(didn'?t|did not|never|hasn'?t|has not|not|no)\b(?:\s+\w+){0,3}\s+(?:reach|get|go|went|make it|run|flow|drain|enter)"
    r"|\b(stayed|still) (?:on|in)\b|\bnot (?:near|close to) (?:a|the|any) (?:storm )?drain"
)
_REACHED_POS = re.compile(
    r"\b(into|in|down|reached|entering|entered|toward|towards|to)\s+(?:the\s+|a\s+)?(?:nearby\s+|street\s+|storm\s+)?"
    r"(?:storm ?drains?|drains?|catch ?basins?|sewer grates?|grates?|inlets?)\b"
)


def _first(plain: str, *patterns: "re.Pattern[str]") -> Optional[int]:
    for i, pattern in enumerate(patterns):
        if pattern.search(plain):
            return i
    return None


def yes_no(text: str, slot: Optional[str] = None) -> Optional[str]:
    """``"yes"``, ``"no"`` or ``"unsure"`` for an answer to a yes/no question, ``None`` if unclear.

    Reads elaborated answers and typed button labels ("No, someone else", "it was my
    neighbor", "no, it's a private home"); ``slot`` adds the question's own cues (a
    neighbour's spill is "no" to "is it yours?", a restaurant "yes" to "is it a business?").
    """
    plain = _plain(text)
    if not plain:
        return None
    if _UNSURE.match(plain) or re.search(r"\b(not sure|no idea|don'?t know|dunno|unsure|can'?t tell)\b", plain) and not re.search(
        r"\b(not sure what|don'?t know what|not sure how much)\b", plain
    ):
        if not (slot == "responsible" and re.search(r"\bdon'?t know who\b|\bno idea who\b", plain)):
            return "unsure"
    if slot == "responsible":
        if re.match(r"^(?:yes|yeah|yep|yup|no|nope|nah)\b", plain):
            return "yes" if re.match(r"^(?:yes|yeah|yep|yup)\b", plain) else "no"
        if _WHOSE_NO.search(plain) and not re.search(r"\b(it was me|my fault|i did it)\b", plain):
            return "no"
        if _WHOSE_YES.search(plain):
            return "yes"
    if slot == "commercial":
        if re.match(r"^(?:no|nope|nah)\b", plain) or _HOME.search(plain) and not re.match(r"^(?:yes|yeah|yep)\b", plain):
            return "no"
        if re.match(r"^(?:yes|yeah|yep|yup)\b", plain) or _BUSINESS.search(plain) and not re.search(r"\bnot (?:a|from a) ", plain):
            return "yes"
    if slot == "reached_drain":
        if _REACHED_NEG.search(plain) and not re.match(r"^(?:yes|yeah|yep)\b", plain):
            return "no"
        if re.match(r"^(?:no|nope|nah)\b", plain):
            return "no"
        if _REACHED_POS.search(plain) or re.match(r"^(?:yes|yeah|yep|yup)\b", plain):
            return "yes"
    if _NO.match(plain):
        return "no"
    if _YES.match(plain):
        return "yes"
    return None


# --- hazard ---------------------------------------------------------------------------------
_HAZARD_WORDS = (
    r"fuel|oil|oily|gas|gasoline|petrol|diesel|kerosene|heating oil|motor oil|petroleum|chemicals?|chemical|solvents?|"
    r"paint thinner|thinner|bleach|chlorine|acid|pesticides?|herbicides?|weed killer|antifreeze|coolant|"
    r"sewage|septic|raw sewage|toilet|poop|feces|hazardous|toxic|poison(?:ous)?|dangerous|corrosive|flammable|"
    r"hydraulic fluid|brake fluid|transmission fluid|grease trap"
)
_HAZARD = re.compile(rf"\b({_HAZARD_WORDS})\b")
_NEGATED_HAZARD = re.compile(
    rf"\b(?:no|not|never|without|nothing|isn'?t|wasn'?t|aren'?t|none of (?:these|those|that|them)|free of|zero)\b"
    rf"(?:\s+(?:any|an?|the|like|really|at all|of|some|real|obvious|kind of|sign of|signs of|smell of|trace of|traces of|way|it'?s|it is|it was|that|was|is|likely))*"
    rf"\s+({_HAZARD_WORDS})(?:\s*(?:,|or|and|/|nor)\s*(?:any\s+)?(?:{_HAZARD_WORDS}))*\b"
    rf"|\b(?:i )?don'?t think (?:it'?s|it is|it was|there'?s|there is|there was|that'?s)(?: any| anything)? ({_HAZARD_WORDS})\b"
    rf"|\bnothing (?:hazardous|toxic|dangerous)\b|\bnon ?-?(?:hazardous|toxic)\b|\bharmless\b|\bjust (?:plain )?(?:water|rain ?water|mud|dirt|leaves|soap)\b"
)
# Only an explicit "I don't know what it is": "dumping something" says nothing either way.
_NOT_SURE_WHAT = re.compile(
    r"\b(not sure what|don'?t know what|no idea what|can'?t tell what|unknown (?:liquid|substance|material|stuff)|"
    r"mystery (?:liquid|substance|stuff)|not sure if it'?s|i'?m not sure|not sure)\b"
)
_NONE_OF_THESE = re.compile(r"^(?:none(?: of (?:these|those|them|that|the above))?|nothing like that|neither|no|nope|nah|4)\b")


# "no fertilizer", "without any bleach", "not oil": a denied material, up to the next comma or "but".
_DENIED_PHRASE = re.compile(
    r"\b(?:no|not|without|never|nothing like|zero|none of the)\s+(?:any\s+|some\s+|the\s+|a\s+|an\s+)?"
    r"((?:(?!\b(?:but|and it|it'?s|just|only)\b)[a-z' ])+?)(?=\s*(?:,|;|\.|\bbut\b|\bjust\b|\bonly\b|$))"
)


def _without_negations(plain: str) -> str:
    return _DENIED_PHRASE.sub(" ", _NEGATED_HAZARD.sub(" ", plain))


def affirmed_keys(text: str) -> List[str]:
    """Discharges ``text`` names word for word outside its denials ("no soap, just water" names
    none); no guess from similar words, unlike :func:`material_keys`."""
    return list(dict.fromkeys(m.key for m in find_mentions(_without_negations(_plain(text)))))


def material_keys(text: str) -> List[str]:
    """Canonical discharge keys named in ``text``, leaving out what it denies ("no chemicals")."""
    return find_discharges(_without_negations(_plain(text)))


def hazard_from_words(text: str) -> Optional[str]:
    """What the words alone say about hazard: ``"yes"``, ``"no"``, ``"unsure"`` or ``None``.

    A named hazardous material ("gasoline", "sewage") is ``"yes"``; a denial ("no chemicals",
    "not oil", "I don't think it's hazardous") with nothing hazardous affirmed is ``"no"``;
    only known harmless materials ("soapy water") are ``"no"``; "not sure what it is" is
    ``"unsure"``. A material the vocabulary does not know says nothing (``None``): the form
    asks.
    """
    plain = _plain(text)
    if not plain:
        return None
    denied = bool(_NEGATED_HAZARD.search(plain))
    rest = _without_negations(plain)
    affirmed = bool(_HAZARD.search(rest))
    catalogue = load_catalogue()
    keys = find_discharges(rest)
    if affirmed or any(catalogue[k].hazardous for k in keys if k in catalogue):
        return "yes"
    if denied:
        return "no"
    if _NOT_SURE_WHAT.search(plain) or _UNSURE.match(plain):
        return "unsure"
    if keys and all(k in catalogue and not catalogue[k].hazardous for k in keys):
        return "no"
    return None


def hazard_answer(text: str) -> Optional[str]:
    """The answer to "Could it be fuel, oil, chemicals, sewage, or are you not sure?"."""
    plain = _plain(text)
    if not plain:
        return None
    if re.fullmatch(r"[1-5]", plain):
        return HAZARD_CHOICES[int(plain) - 1][1]
    for title, value in HAZARD_CHOICES:
        if plain == title:
            return value
    if re.match(r"^(?:no|nope|nah|naw|none|not at all|i don'?t think so)\b(?!\s+(?:idea|clue))", plain) and not re.match(
        r"^no,? (?:wait|actually)\b", plain
    ):
        return "no"  # the resident's answer decides, even for a material the vocabulary lists
    words = hazard_from_words(plain)
    if words in ("yes", "unsure"):
        return words
    if _UNSURE.match(plain) or re.search(r"\b(not sure|no idea|don'?t know|dunno)\b", plain):
        return "unsure"
    if words == "no" or _NONE_OF_THESE.match(plain) or _NO.match(plain):
        return "no"
    if _YES.match(plain):
        return "yes"
    return None


# --- amounts, places, names, phones -------------------------------------------------------
_QTY = (
    r"(?:about|around|roughly|approximately|approx\.?|maybe|probably|like|at least|at most|less than|more than|over|under|"
    r"nearly|almost|just|only|~)?\s*"
    r"(?:\d+(?:[.,]\d+)?(?:\s*(?:-|to|or)\s*\d+(?:[.,]\d+)?)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|a hundred|a couple(?: of)?|a few|several|half(?: a)?|a half|"
    r"a quarter|a dozen|dozens of|hundreds of|some)"
)
_UNIT = (
    r"(?:gallons?|gal|liters?|litres?|quarts?|qts?|pints?|cups?|buckets?(?:ful)?|bucketfuls?|pails?|drums?|barrels?|"
    r"bottles?|jugs?|cans?|containers?|ounces?|oz|ml|tablespoons?|spoonfuls?|bags?|shovelfuls?|wheelbarrows?|truckloads?|"
    r"loads?|pounds?|lbs?|cubic (?:feet|yards)|square feet|sq ?ft|feet|foot)"
)
_AMOUNT = re.compile(rf"\b{_QTY}\s*(?:-\s*)?{_UNIT}\b", re.I)
_AMOUNT_WORDS = re.compile(
    r"\b(a (?:little|lot|bit|trickle|puddle|small amount|large amount|big puddle|small puddle|drip|few drops|splash)|"
    r"a tiny amount|very little|not much|lots|tons|a steady stream|a stream|drops?|a dribble|small amount|large amount|"
    r"the whole (?:pool|tank|bucket|drum)|whole (?:pool|tank))\b",
    re.I,
)
# An answer to "about how much?" that is not a number with a unit still has to be about size.
_AMOUNT_LIKE = re.compile(
    r"\d|\b(not sure|no idea|don'?t know|dunno|unsure|idk|little|lot|lots|small|large|big|huge|tiny|much|many|few|"
    r"couple|some|drops?|drip|puddle|trickle|stream|splash|bucket|cup|gallon|liter|litre|quart|pint|half|quarter|"
    r"dozen|hundred|thousand|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|full|whole|entire|"
    r"enough|gushing|steady|constant|bit|spoon|bottle|can|jug|drum|barrel|tank|pool|bag|pile|load|ton|pounds?|"
    r"foot|feet|yard|inch|sq)\b",
    re.I,
)
_STREET = (
    r"(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|court|ct|place|pl|way|highway|hwy|terrace|ter|"
    r"parkway|pkwy|circle|cir|turnpike|tpke|path|trail|beach|harbor|harbour|park|plaza|square|sq|landing)"
)
_PLACE = re.compile(
    rf"(?:\b\d{{1,6}}\s+)?\b(?:(?:north|south|east|west|n|s|e|w|old|new|upper|lower)\s+)?[A-Za-z][A-Za-z'.-]*(?:\s+[A-Za-z][A-Za-z'.-]*){{0,2}}\s+{_STREET}\b\.?"
    rf"(?:\s+(?:and|&|at|near|by)\s+[A-Za-z][A-Za-z'.-]*(?:\s+[A-Za-z][A-Za-z'.-]*){{0,2}}\s+{_STREET}\b\.?)?",
    re.I,
)
_PLACE_LEAD = re.compile(
    r"^(?:(?:it'?s|it is|it was|that'?s|this is|the spill is|the address is|address is|the location is|location is|"
    r"the place is|we'?re|i'?m|located)\s+)?(?:(?:on|at|near|by|in front of|outside|behind|next to|across from|off|along)\s+)?",
    re.I,
)
_NOT_PLACE_WORDS = re.compile(r"^(?:the|a|an|my|our|his|her|their|this|that|it|to|in|into|on|at|down|of|and|way)\s+", re.I)
_PHONE = re.compile(r"(?<!\d)(?:\+?1[\s.-]?)?\(?(\d{3})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})(?!\d)")
_NAME = re.compile(
    r"^(?:(?:my name is|my name'?s|name'?s|name is|this is|i'?m|i am|it'?s|it is|call me|you can call me)\s+)?"
    r"([A-Za-z][A-Za-z'.-]*(?:\s+[A-Za-z][A-Za-z'.-]*){0,3})[\s.!]*$",
    re.I,
)
_NAME_INSIDE = re.compile(r"\bmy name is\s+([A-Z][A-Za-z'.-]*(?:\s+[A-Z][A-Za-z'.-]*){0,2})")
_ANONYMOUS = re.compile(
    r"\b(anonymous|anon|anonymously|rather not|prefer not|no name|skip|don'?t want to (?:say|give)|leave my name out|"
    r"without my name|i'?d rather not)\b",
    re.I,
)
_NO_PHONE = re.compile(
    r"^\s*(?:anonymous|anon|no|none|nope|nah|skip|no phone|no number|n/?a|rather not|prefer not|i'?d rather not|don'?t have one|"
    r"no thanks|no thank you|not giving|i don'?t want to)\b",
    re.I,
)


def find_amount(text: str) -> Optional[str]:
    """An amount named in ``text`` ("about 10 gallons", "a bucket", "a little"), or ``None``."""
    match = _AMOUNT.search(text or "") or _AMOUNT_WORDS.search(text or "")
    return _tidy(match.group(0)) if match else None


_NOT_PLACE = frozenset(
    "it's its it is was on at the a an near by in to of and down into go goes went my our his her their this that "
    "outside behind front corner off along across from right just over there here change fix correct update edit "
    "wrong actually sorry wait no yes".split()
)


_NOT_A_NAME = frozenset("same other whole entire back side local public main's".split())


def find_place(text: str) -> Optional[str]:
    """A street address or road named in ``text`` ("12 Main St", "Shore Road"), or ``None``."""
    for match in _PLACE.finditer(text or ""):
        words = _tidy(match.group(0)).rstrip(".").split()
        while words and words[0].lower().translate(_APOS) in _NOT_PLACE:
            words = words[1:]
        place = " ".join(words)
        # "drain on Shore Road": the place is what follows the last preposition;
        # "overflowed into the road" names no place at all.
        place = re.split(r"\b(?:on|at|near|by|off|onto|along|into|in|to|down|across|from|toward|towards)\s+", place, flags=re.I)[-1]
        words = place.split()
        while words and words[0].lower().translate(_APOS) in _NOT_PLACE | _NOT_A_NAME:
            words = words[1:]
        place = " ".join(words)
        if len(words) >= 2 and not re.fullmatch(_STREET, words[0], re.I):
            return place
    return None


def phone_answer(text: str) -> Optional[str]:
    """A callback number as ``(516) 555-0199``, ``"none"`` if declined, ``None`` if unreadable."""
    match = _PHONE.search(text or "")
    if match:
        return "({}) {}-{}".format(*match.groups())
    if _NO_PHONE.search((text or "").translate(_APOS)):
        return "none"
    return None


def is_anonymous(text: str) -> bool:
    """Whether the resident declines to give a name."""
    return bool(_ANONYMOUS.search((text or "").translate(_APOS)))


def name_answer(text: str) -> Optional[str]:
    """The name in "Dana Cruz", "my name is Dana", "it's Pat Lee, 516 555 0199", or ``None``."""
    without_phone = _tidy(_PHONE.sub(" ", text or "")).rstrip(",.;")
    without_phone = re.sub(r"[,;]\s*(?:my )?(?:phone|number|cell|tel)\b.*$", "", without_phone, flags=re.I)
    without_phone = re.sub(r"\s+(?:from|at|of|over at|on|in|here|,).*$", "", without_phone, flags=re.I)
    match = _NAME.match(without_phone)
    if not match:
        return None
    name = _tidy(match.group(1))
    if not name or _plain(name) in ("ok", "sure", "none") or yes_no(name) is not None:
        return None  # "no idea", "not sure", "yes" are no one's name
    return name


# --- picking a field at the read-back -----------------------------------------------------
_FIELD_WORDS: Tuple[Tuple[str, str], ...] = (
    ("reporter_phone", r"phone|number|cell|callback|call back"),
    ("reporter_name", r"name"),
    ("amount", r"amount|how much|quantity|gallons?|volume"),
    ("discovered", r"time|when|date|day|discover(?:ed|y)?|hour"),
    ("location", r"place|location|address|where|street|road"),
    ("hazard", r"hazard(?:ous)?|dangerous|fuel|chemicals?"),
    ("material", r"material|substance|what it (?:is|was)|what was (?:released|spilled)|stuff|what"),
    ("reached_drain", r"drain|catch basin"),
    ("commercial", r"business|commercial|industrial|home"),
    ("responsible", r"whose|responsible|who|mine|my own|someone else"),
    ("test_when", r"test"),
    ("handoff_question", r"message|question"),
)


def field_named(text: str, slots: Tuple[str, ...]) -> Optional[str]:
    """The report field a resident points at ("change the amount", "the address is wrong")."""
    plain = _plain(text)
    for slot, words in _FIELD_WORDS:
        if slot in slots and re.search(rf"\b(?:{words})\b", plain):
            return slot
    plain_slot = plain.replace(" ", "_").removeprefix("change_")
    return plain_slot if plain_slot in slots else None


# --- the reader -------------------------------------------------------------------------------
@dataclass
class Reading:
    """What one message means for the form.

    :ivar updates: slot values to set (``None`` clears a slot so the form asks it again)
    :ivar corrected: ``(slot, value)`` for earlier answers the message changed, to say so
    :ivar unclear: the question asked got no answer the reader could use
    :ivar confirm: at the read-back, ``"yes"``, ``"no"`` or ``"change:<slot>"``
    """

    updates: Dict[str, Any] = field(default_factory=dict)
    corrected: List[Tuple[str, str]] = field(default_factory=list)
    unclear: bool = False
    confirm: Optional[str] = None
    question: bool = False


_QUESTION = re.compile(
    r"^(?:(?:can|could|may|might|is|are|am|do|does|did|should|would|will|must|have|has)\s+"
    r"(?:i|my|we|our|you|it|the|a|an|this|that|they|he|she|someone|people|anyone|there|residents?|homeowners?)\b"
    r"|(?:what|what's|whats|how|who|whom|why|where|which|when)\s+(?:is|are|do|does|did|should|can|could|will|would|much|many|long|happens|if|about|to)\b"
    r"|tell me\b|i want to know\b|i'd like to know\b|i was wondering\b)",
    re.I,
)


def is_question(text: str) -> bool:
    """Whether a message asks something rather than answers ("Can my sump pump go to the street?").

    A question mark alone is not enough: "I think so? it was raining" answers.
    """
    tidy = _tidy(text or "").translate(_APOS)
    sentences = [part.strip() for part in re.split(r"(?<=[.!?])\s+", tidy) if part.strip()]
    return any(_QUESTION.match(sentence) for sentence in sentences) or (
        tidy.endswith("?") and len(sentences) == 1 and not re.match(r"^(?:i think|maybe|probably|yes|no|yeah|nope)\b", tidy, re.I)
        and len(tidy.split()) >= 4
    )


_MATERIAL_HEAD = re.compile(
    r"\b((?:[a-z'-]+ ){0,3}(?:water|waste|liquid|sludge|mud|foam|residue|runoff|algae|debris|dirt|silt))\b"
)
_LEADING_FILLER = {
    "i", "we", "my", "our", "the", "a", "an", "some", "to", "want", "report", "of", "and", "into", "there", "is", "was",
    "it", "its", "that", "this", "with", "just", "only", "mostly", "lots", "lot", "bit", "little", "from", "in", "on",
}
_DENIAL = re.compile(r"\b(no|not any|without) (chemicals?|oil|fuel|gas|gasoline|sewage|solvents?|paint|pesticides?)\b")


def described_material(text: str) -> Optional[str]:
    """What the resident says was released, in their words, when the vocabulary names nothing:
    phrases ending in a word such as water, waste or sludge, and the denials that go with them
    ("muddy pond water, fish waste, no chemicals"); ``None`` when there is none."""
    found: List[str] = []
    for clause in re.split(r"[,.;:!?]|\band\b|\bbut\b", (text or "").lower()):
        for match in _MATERIAL_HEAD.finditer(_plain(clause)):
            words = match.group(1).split()
            while words and words[0] in _LEADING_FILLER:
                words.pop(0)
            phrase = " ".join(words)
            if phrase and phrase not in found:
                found.append(phrase)
    if not found:
        return None
    denials = [m.group(0) for m in _DENIAL.finditer(_plain(text))]
    return ", ".join(found + list(dict.fromkeys(denials)))


def _facts(text: str, kind: str, now: datetime) -> Dict[str, Any]:
    """Every field a message states plainly enough to fill without being asked."""
    facts: Dict[str, Any] = {}
    plain = _plain(text)
    when = find_when(text, now)
    if when:
        facts["discovered"], facts["discovered_at"] = when[0], when[1].isoformat()
    amount = find_amount(text)
    if amount:
        facts["amount"] = amount
    place = find_place(text)
    if place:
        facts["location"] = place
    if kind == "spill":
        if _REACHED_NEG.search(plain) and _DRAIN.search(plain):
            facts["reached_drain"] = "no"
        elif _REACHED_POS.search(plain):
            facts["reached_drain"] = "yes"
        if _WHOSE_NO.search(plain) and re.search(r"\bneighbou?r|someone|somebody|contractor|keeps? dumping|dumps|(?:he|she|they) (?:dump|pour|drain)", plain):
            facts["responsible"] = "no"
        elif re.search(r"\b(i|we) (?:spilled|dumped|poured|knocked over|emptied|drained|tipped|leaked)\b|\bmy (?:fault|own)\b", plain):
            facts["responsible"] = "yes"
        hazard = hazard_from_words(text)
        if hazard is not None:
            facts["hazard"] = hazard
    if kind in ("spill", "septic"):
        keys = material_keys(text)
        if keys:
            catalogue = load_catalogue()
            facts["material"] = ", ".join(catalogue[k].label.lower() if k in catalogue else k for k in keys)
        elif facts.get("hazard") == "no" or hazard_from_words(text) == "no":
            # "muddy pond water, some algae and fish waste, no chemicals": a material the
            # vocabulary does not know, described and declared harmless, is kept in the words used.
            described = described_material(text)
            if described:
                facts["material"] = described
    phone = _PHONE.search(text)
    if phone:
        facts["reporter_phone"] = "({}) {}-{}".format(*phone.groups())
    name = _NAME_INSIDE.search(text)
    if name:
        facts["reporter_name"] = _tidy(name.group(1))
    return facts


def _answer(asked: str, body: str, kind: str, now: datetime, facts: Dict[str, Any], is_correction: bool) -> Dict[str, Any]:
    """The value(s) ``body`` gives the question asked, or ``{}`` when it gives none."""
    if asked in YES_NO_SLOTS:
        value = yes_no(body, asked)
        return {asked: value} if value else {}
    if asked == "hazard":
        value = hazard_answer(body)
        return {"hazard": value} if value else {}
    if asked == "discovered":
        moment = parse_when(body, now)
        if moment is not None:
            return {"discovered": body, "discovered_at": moment.isoformat()}
        if "discovered" in facts:
            return {"discovered": facts["discovered"], "discovered_at": facts["discovered_at"]}
        return {}
    if asked == "reporter_phone":
        phone = phone_answer(body)
        return {"reporter_phone": phone} if phone else {}
    if asked == "reporter_name":
        if is_anonymous(body):
            return {"reporter_name": "anonymous", "reporter_phone": "none"}
        name = name_answer(body)
        out = {"reporter_name": name} if name else {}
        if name and "reporter_phone" in facts:
            out["reporter_phone"] = facts["reporter_phone"]
        return out
    # Free-text questions take the words, unless they are plainly about another field.
    other = [s for s in ("discovered", "amount", "location") if s in facts and s != asked]
    if asked == "amount":
        if "amount" in facts:
            return {"amount": _tidy(body) if len(body) <= 60 and not other else facts["amount"]}
        if other and (is_correction or _covers(body, facts, other)):
            return {}
        return {"amount": _tidy(body)} if _AMOUNT_LIKE.search(body) else {}
    if asked == "location":
        if "location" in facts and (is_correction or len(body) > 80):
            return {"location": facts["location"]}
        if other and _covers(body, facts, other):
            return {}
        return {"location": _PLACE_LEAD.sub("", _tidy(body)).rstrip(".") or _tidy(body)}
    if asked == "material":
        if other and is_correction and _covers(body, facts, other):
            return {}
        out: Dict[str, Any] = {"material": _tidy(body)}
        hazard = hazard_from_words(body)
        if hazard is not None and kind == "spill":
            out["hazard"] = hazard
        return out
    return {asked: _tidy(body)}


def _covers(body: str, facts: Dict[str, Any], slots: List[str]) -> bool:
    """Whether the message is mostly the other fields' words ("yesterday around 4pm")."""
    rest = _plain(body)
    for slot in slots:
        rest = rest.replace(_plain(str(facts[slot])), " ")
    rest = re.sub(r"\b(it|was|is|it's|its|the|a|an|on|at|in|around|about|actually|no|wait|sorry|i|think|more|like|maybe|that|oh|more like|and)\b", " ", rest)
    return len(rest.split()) <= 2


_CONFIRM_YES = re.compile(
    r"^(?:1|yes|yeah|yep|yup|y|correct|that'?s (?:right|correct|it|all correct|fine)|right|looks (?:good|right|fine|correct)|"
    r"all good|all correct|perfect|ok|okay|sure|file it|send it|submit|go ahead|confirmed?|affirmative|it'?s right|good|fine)\b"
)
_CONFIRM_NO = re.compile(r"^(?:2|no|nope|nah|change|wrong|not (?:right|quite|correct)|that'?s wrong|incorrect|fix|edit|one thing|wait)\b")


def read_confirm(text: str, slots: Tuple[str, ...], kind: str, filled: Mapping[str, Any], now: datetime) -> Reading:
    """The resident's answer to the read-back: file it, change something, or a corrected value."""
    reading = Reading()
    plain = _plain(text)
    is_correction, body = correction_prefix(text)
    facts = {k: v for k, v in _facts(body, kind, now).items() if k in slots or k == "discovered_at"}
    changed = {k: v for k, v in facts.items() if k in slots and filled.get(k) != v and k != "hazard"}
    if changed and (is_correction or not _CONFIRM_YES.match(plain)):
        reading.updates.update(changed)
        if "discovered" in changed:
            reading.updates["discovered_at"] = facts["discovered_at"]
        reading.corrected += [(s, str(v)) for s, v in changed.items()]
        reading.confirm = f"change:{next(iter(changed))}"
        return reading
    named = field_named(body, slots)
    # "the amount was 5 gallons": a field and its new value.
    if named:
        value = _answer(named, _strip_field_words(body, named), kind, now, facts, True)
        if value and _has_value(body, named):
            reading.updates.update(value)
            reading.corrected += [(s, str(v)) for s, v in value.items() if s in slots]
            reading.confirm = f"change:{named}"
            return reading
        reading.updates[named] = None
        if named == "discovered":
            reading.updates["discovered_at"] = None
        reading.confirm = f"change:{named}"
        return reading
    if _CONFIRM_YES.match(plain) and not re.search(r"\b(but|except|change|wrong)\b", plain):
        reading.confirm = "yes"
    elif _CONFIRM_NO.match(plain) or re.search(r"\b(change|wrong|fix|mistake|not right|incorrect)\b", plain):
        reading.confirm = "no"
    else:
        reading.unclear = True
    return reading


def _strip_field_words(body: str, slot: str) -> str:
    words = dict(_FIELD_WORDS)[slot]
    text = re.sub(
        rf"^(?:please\s+)?(?:change|fix|correct|update|make)?\s*(?:the|my)?\s*(?:{words})\s*(?:was|is|to|should be|it'?s|:|=)?\s*",
        "",
        body,
        flags=re.I,
    )
    text = re.sub(r"^(?:was|is|to|should be|actually)\s+", "", text, flags=re.I)
    return _tidy(text) or body


_JUDGEMENT = re.compile(r"^(?:is |was |it'?s )?(?:wrong|incorrect|not right|off|bad|a mistake|mistaken|not correct|wrong too)$")


def _has_value(body: str, slot: str) -> bool:
    rest = _plain(_strip_field_words(body, slot))
    if _JUDGEMENT.match(rest) or re.search(r"\b(wrong|incorrect|not right|mistake)\s*$", _plain(body)):
        return False
    return bool(rest) and rest != _plain(body) or bool(re.search(r"\b(?:was|is|to|should be)\b", _plain(body)))


def read_message(
    text: str,
    asked: Optional[str],
    kind: str,
    filled: Mapping[str, Any],
    now: datetime,
    slots: Optional[Tuple[str, ...]] = None,
) -> Reading:
    """Read one message of the report form.

    :param text: what the resident wrote (button payloads and SMS numbers already mapped)
    :param asked: the slot the form just asked for; ``"confirm"`` at the read-back; ``None``
      for the message that opened the report
    :param kind: the report kind (``spill``, ``septic``, ``dye_test``, ``handoff``)
    :param filled: the slots filled so far
    :param now: the current local time (for "yesterday at 4pm")
    :param slots: the slots this kind of report asks (default: every slot the reader knows)
    :return: a :class:`Reading`; a field the message does not give is never set
    """
    slots = tuple(slots or (*YES_NO_SLOTS, "hazard", "material", "location", "discovered", "amount",
                            "reporter_name", "reporter_phone", "test_when", "handoff_question"))
    if asked and asked != "confirm" and asked not in slots:
        slots = (*slots, asked)  # whatever was asked is read, even outside the kind's usual questions
    text = _tidy(text or "")
    if asked == "confirm":
        return read_confirm(text, slots, kind, filled, now)
    reading = Reading()
    if not text:
        reading.unclear = asked is not None
        return reading
    is_correction, body = correction_prefix(text)
    # "no, it was Thursday" answers "no" to nothing: the words after it decide.
    facts = {k: v for k, v in _facts(body, kind, now).items() if k in slots or k == "discovered_at"}
    if asked not in (None, "material", "hazard"):
        # "next to the gas station" is a place, not a hazard; "it stayed on the driveway" is
        # not a material: both come from the material question or the opening message.
        facts.pop("hazard", None)
        facts.pop("material", None)
    if asked is None:
        reading.updates.update({k: v for k, v in facts.items() if k != "reporter_name"})
        if "discovered" not in facts:
            reading.updates.pop("discovered_at", None)
        return reading

    if is_question(text) and asked != "handoff_question":
        reading.question = True
        if asked in slots:
            reading.updates[asked] = None
        return reading
    other = [s for s in ("discovered", "amount", "location") if s in facts and s != asked]
    # "actually it's on Bay Avenue by the deli" while "from a business?" is asked corrects the
    # place: a correction does not answer a yes/no question by inference ("deli" is a business).
    if is_correction and other and (_covers(body, facts, other) or asked in YES_NO_SLOTS):
        answer: Dict[str, Any] = {}  # "no wait, it was yesterday": about another field
    elif asked not in slots:
        answer = {}
    elif (asked == "reporter_name" and yes_no(text) is not None and not is_anonymous(text)
          and not any(word[:1].isupper() for word in text.split()[1:])):
        answer = {}  # "no idea", "nope" name no one
    elif asked in (*YES_NO_SLOTS, "hazard", "reporter_phone", "reporter_name"):
        answer = _answer(asked, text, kind, now, facts, False) or _answer(asked, body, kind, now, facts, is_correction)
    else:
        answer = _answer(asked, body, kind, now, facts, is_correction)
    reading.updates.update(answer)
    if not answer:
        reading.updates[asked] = None
        if asked == "discovered":
            reading.updates["discovered_at"] = None
        reading.unclear = True

    for slot, value in facts.items():
        if slot == "discovered_at" or slot in answer or slot == asked:
            continue
        if slot == "hazard" and "hazard" in answer:
            continue
        current = filled.get(slot)
        if current in (None, ""):
            if slot in ("reporter_name",) and asked != "reporter_name":
                continue
            reading.updates[slot] = value
            if slot == "discovered":
                reading.updates["discovered_at"] = facts["discovered_at"]
            if not answer:
                reading.corrected.append((slot, str(value)))
        elif current != value and (is_correction or not answer):
            reading.updates[slot] = value
            if slot == "discovered":
                reading.updates["discovered_at"] = facts["discovered_at"]
            reading.corrected.append((slot, str(value)))
    if not answer and reading.corrected:
        reading.unclear = False
    return reading


FREE_TEXT_SLOTS = ("material", "location", "reporter_name", "test_when", "handoff_question")


def says_something(reading: Reading, asked: Optional[str], text: str, kind: str, now: datetime) -> bool:
    """Whether a message reads as an answer or a correction, not only as free words.

    A free-text question takes any words, so there only a recognisable field (a place, a
    time, an amount, a phone number) counts; elsewhere any readable answer does.
    """
    if reading.corrected:
        return True
    if asked in FREE_TEXT_SLOTS:
        return bool(set(_facts(text, kind, now)) - {"discovered_at"})
    return not reading.unclear and any(value is not None for value in reading.updates.values())
