"""Field values a resident states in their own words: amounts, places, names, phone
numbers, the field they point at, what was released, whether a message asks instead, and
every field a message states plainly (:func:`stated_facts`).

Part of the report form's reader (:mod:`stormwater.understanding.form_reader`), which re-exports
the public names.
"""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Dict, List, Optional, Tuple

from stormwater.understanding.when import find_when
from stormwater.understanding.material_reading import read_material
from stormwater.understanding.looks_only import look_for_thing, things_said, typed_hazard
from stormwater.understanding.place_spans import LANDMARK_NOUNS, corrected_part, place_span
from stormwater.understanding.named_places import named_place
from stormwater.understanding.said_words import just_now, texted_time, wants_anonymity, whose_from_words  # noqa: F401 (wants_anonymity re-exported)
from stormwater.understanding.answer_words import (
    _APOS, _DRAIN, _REACHED_NEG, _REACHED_POS, _plain, _tidy, hazard_from_words, yes_no,
)


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
# An answer to "where is it?" that names no street, number, spot or position ("no idea when it
# started, i just saw it") is no place: it is asked again once, then kept as said.
_PLACE_LIKE = re.compile(
    r"\d|\b(?:st|street|rd|road|ave|avenue|ln|lane|dr|drive|ct|court|pl|place|blvd|boulevard|hwy|highway|route|rte?|"
    r"way|terrace|ter|circle|cir|parkway|pkwy|corner|intersection|block|at|on|in|near|by|behind|front|next|across|"
    r"outside|beside|off|along|between|end|opposite|here|drain|basin|grate|gutter|curb|driveway|yard|alley|ditch|"
    r"sidewalk|creek|pond|harbor|harbour|bay|shore|dock|pier|ramp|field|house|home|hall|"
    + LANDMARK_NOUNS + r")\b",
    re.I,
)
_PLACE_LEAD = re.compile(
    r"^(?:(?:it'?s|it is|it was|that'?s|this is|the spill is|the address is|address is|the location is|location is|"
    r"the place is|we'?re|i'?m|located)\s+)?(?:(?:down|up|over|out|right|just)\s+)?"
    r"(?:(?:on|at|near|by|in front of|outside|behind|next to|across from|off|along)\s+)?",
    re.I,
)
# A message that opens by pointing at a spot ("in front of 12 Oak Lane", "next to the deli").
_LOCATIVE = re.compile(
    r"^(?:(?:it'?s|it is|it was|right|just)\s+)?(?:in front of|next to|across (?:the street )?from|behind|outside(?: of)?|"
    r"near|nearby|beside|by the|at the (?:corner|end|bottom|top|edge) of|on the corner of|around the corner from|"
    r"down the (?:street|road|block) from|at the intersection of)\b",
    re.I,
)
# At the material question, "on the driveway" or "in the gutter" also points at a spot.
_LOCATIVE_AT_MATERIAL = re.compile(r"^(?:(?:it'?s|it is|it was)\s+)?(?:on|in|at|under|along|across|down|up) (?:the|a|my|our|their) ", re.I)
# Place phrases whose words are not what was released ("by the gas station", "at the car wash");
# "off" only before a place's article or name ("off the dock"), not as a particle ("scraping old paint off and ...").
_PLACE_PHRASE = re.compile(
    r"\b(?:in front of|next to|across from|behind|outside|near|beside|at|on|by|along)\s+(?:the |a |an |my |our )?[^,;.]*"
    r"|\boff\s+(?:the |a |an |my |our |(?-i:[A-Z0-9]))[^,;.]*"
    rf"|\b(?:[a-z'-]+\s+){{0,2}}(?:{LANDMARK_NOUNS}|hall|fundraiser)\b",
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
    r"\b(anonymous|anon|anonymously|rather not|prefer not|no name|skip|don'?t want to (?:say|give)|(?:leave|keep|take) (?:my |the )?name (?:out|off)|"
    r"don'?t (?:use|put|give|include|share|need) (?:my |a )?name|not (?:giving|sharing) (?:my |a )?name|"
    r"without my name|i'?d rather not)\b",
    re.I,
)
_NO_PHONE = re.compile(
    r"^\s*(?:anonymous|anon|no|none|nope|nah|skip|no phone|no number|n/?a|rather not|prefer not|i'?d rather not|don'?t have one|"
    r"no thanks|no thank you|not giving|i don'?t want to)\b",
    re.I,
)


def find_amount(text: str) -> Optional[str]:
    """An amount named in ``text`` ("about 10 gallons", "a bucket", "a little"), or ``None``;
    "soap and a bit of grease", "a little oil in it" tell what is in it, not how much was released."""
    match = _AMOUNT.search(text or "") or _AMOUNT_WORDS.search(text or "")
    if match and not _AMOUNT.search(text or "") and re.match(r"\s+(?:of\s+)?[a-z]", (text or "")[match.end():], re.I):
        following = re.match(r"\s+(?:bit\s+)?(?:of\s+)?([a-z'-]+)", (text or "")[match.end():], re.I).group(1)
        # "flour water and a little semolina": a part of the mixture, however it is named
        if read_material(following) is not None or re.search(r"\b(?:and|with|plus)\s*$", (text or "")[:match.start()], re.I):
            return None
    if not match:
        return None
    amount = _tidy(match.group(0))
    if re.search(r"\b(?:knocked|tipped|turned|kicked|fell|knock|tip)\s*$", (text or "")[:match.start()], re.I):
        amount = re.sub(r"^over\s+", "", amount, flags=re.I)  # "knocked over a bucket" is a bucket
    return amount


def place_answer(text: str) -> str:
    """The place as the place question keeps it: without an opening "it's at", "next to", ..."""
    return _PLACE_LEAD.sub("", text).rstrip(".") or text


def find_place(text: str) -> Optional[str]:
    """The place phrase around a street or address in ``text`` ("12 Main St", "the drain in front
    of 32 Birchwood Rd", "West Harbor Dr by the marina"), or ``None``."""
    return place_span(text or "")


# A landmark pointed at ("at the church", "in front of the school"): a place without a street.
_LANDMARK = re.compile(
    # "the business behind the deli": the place pointed from is part of the place
    r"(?P<from>\b(?:the|a|an) (?:[a-z'-]+ )?(?:" + LANDMARK_NOUNS + r"|house|place|property|yard|"
    r"pipe|drain|storm drain|catch basin|road|street|sidewalk|driveway|parking lot|lot|corner|gutter|curb|alley|ditch|path) )?"
    r"\b(?:at|in front of|next to|behind|outside(?: of)?|near|across from|beside|by) "
    r"((?:the|a|an) (?:[a-z'.-]+ ){0,2}(?:fire house|town hall|shopping center|"
    rf"playground|ball ?field|boat ramp|dock|pier|harbor|harbour|synagogue|temple|mosque|hospital|{LANDMARK_NOUNS}))\b",
    re.I,
)


# What every home has ("the battery i left by the garage"): staff cannot find it without the address.
_HOME_PART = re.compile(r"\b(?:garage|shed|porch|deck|yard|driveway|basement)$", re.I)


def find_landmark(text: str) -> Optional[str]:
    """A landmark a message points at ("a car wash fundraiser at the church" -> "the church"), or ``None``."""
    match = _LANDMARK.search(text or "")
    if not match or (not match.group("from") and _HOME_PART.search(match.group(2))):
        return named_place(text)  # "in the Beach Barn lot", "at Ralphs Pizza": a spot by its own name
    return _tidy(match.group(0) if match.group("from") else match.group(2))


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
    # "the house number is wrong" points at the place, not the phone
    ("reporter_phone", r"phone|(?<!house )(?<!street )(?<!building )(?<!door )number|cell|callback|call back"),
    ("reporter_name", r"name"),
    ("amount", r"amount|how much|quantity|gallons?|volume"),
    ("discovered", r"time|when|date|day|discover(?:ed|y)?|hour"),
    ("location", r"place|location|address|where|street|road|(?:house|building|door) number"),
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
        and len(tidy.split()) >= 4 and not _GUESS_CHECKED.search(tidy)
    )


# "idk, the sterno is some kind of fuel right?": a guess the resident checks, an answer all the same.
_GUESS_CHECKED = re.compile(r"^(?:idk|dunno|not sure|no idea|i don'?t know|i dont know)\b.*\b(?:right|correct|no|i think|i guess)\s*\?+$", re.I)


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


def two_days_said(text: str, now: datetime) -> bool:
    """Whether a message that opens a report names times on two different days ("a fender
    bender last nite ... still a puddle this am"): which one was the discovery is asked, not
    guessed. A correction ("it wasn't yesterday, it was today around 7am") says which itself."""
    text = texted_time(text)
    when = find_when(text, now)
    if not when or corrected_part(text) != text:
        return False
    other = find_when(text.replace(when[0], " , ", 1), now)
    return bool(other) and other[1].date() != when[1].date()


def stated_facts(text: str, kind: str, now: datetime) -> Dict[str, Any]:
    """Every field a message states plainly enough to fill without being asked."""
    facts: Dict[str, Any] = {}
    plain = _plain(text)
    when = find_when(texted_time(text), now)
    if when:
        facts["discovered"], facts["discovered_at"] = when[0], when[1].isoformat()
    elif just_now(text):
        facts["discovered"], facts["discovered_at"] = just_now(text), now.isoformat()
    amount = find_amount(text)
    if amount:
        facts["amount"] = amount
    place = place_span(text, (facts.get("discovered") or "",)) or find_landmark(text)  # the time is never the place
    if place:
        facts["location"] = place
    if kind == "spill":
        if _REACHED_NEG.search(plain) and _DRAIN.search(plain):
            facts["reached_drain"] = "no"
        elif _REACHED_POS.search(plain):
            facts["reached_drain"] = "yes"
        whose = whose_from_words(plain)
        if whose:
            facts["responsible"] = whose
        hazard = hazard_from_words(text)
        if hazard is not None:
            facts["hazard"] = hazard
    if kind in ("spill", "septic"):
        material = read_material(text)
        if material is not None and not material.unknown and look_for_thing(material.words, text):  # "all the suds": asked
            if kind == "spill" and "hazard" in facts and not typed_hazard(text, facts["hazard"]):
                del facts["hazard"]  # only the vocabulary's name for the look or the container said it
        elif material is not None:
            facts["material"] = things_said(material.words) or material.words  # "blue, gasoline": gasoline
            if kind == "spill" and facts.get("hazard") == "no" and material.hazard != "no":
                del facts["hazard"]  # a harmless source ("out of my downspout") says nothing of the gunk
    phone = _PHONE.search(text)
    if phone:
        facts["reporter_phone"] = "({}) {}-{}".format(*phone.groups())
    name = _NAME_INSIDE.search(text)
    if name:
        facts["reporter_name"] = _tidy(name.group(1))
    return facts
