"""The words of short answers in a report conversation: yes / no / not sure, the hazard
question, and a message that opens as a correction ("no wait, ...").

Part of the report form's reader (:mod:`stormwater.understanding.form_reader`), which re-exports
the public names.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

from stormwater.understanding.catalogue import find_discharges, find_mentions, load_catalogue
from stormwater.understanding.meaning_vocabulary import IN_PLACE_OF
from stormwater.understanding.thing_hazard import without_absorbed_sources, without_harmless_kinds, without_other_kinds

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
    r"^\s*(?:(?:no(?!\s+(?:idea|clue)\b)|nope|sorry|oops|wait|actually|correction|i meant|i mean|my (?:bad|mistake)|scratch that|"
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
# "maybe 20 gallons" is an amount said with a hedge, not "not sure" to a yes/no question.
# A choice's number counts only alone: "2 hours ago" is a time, not button 2.
_UNSURE = re.compile(
    r"^(?:3$|not sure|unsure|i'?m not sure|not certain|i don'?t know|don'?t know|dont know|dunno|idk|no idea|"
    r"no clue|(?:maybe|possibly|perhaps)(?!\s+(?:about\s+|around\s+)?\d)|can'?t tell|cannot tell|i can'?t tell|i cannot tell|i couldn'?t (?:tell|see)|hard to (?:say|tell)|not that i know|i'?m unsure|"
    r"could be|might (?:have|be)|i (?:can'?t|cannot) say|i have no idea|who knows|unclear|i guess)\b"
)
_YES = re.compile(
    r"^(?:1$|y|yes|yeah|yea|yep|yup|ya|yah|sure|correct|right|affirmative|definitely|absolutely|of course|"
    r"indeed|it did|it is|i am|i was|we are|we did|i did|that'?s right|that'?s correct|true|(?:ok|okay)(?!\s+(?:he|she|they|i|we|so|it|its|it'?s|then|let'?s|lets|wait|now)\b)|uh huh|"
    r"mhm|certainly|totally|for sure|i think so|i believe so|pretty sure it did|i'?m pretty sure)\b"
)  # "ok he didnt actually call, so ...": an "ok" that opens a sentence is no "yes"
_NO = re.compile(
    r"^(?:2$|n|no|nope|nah|naw|negative|not really|not at all|it didn'?t|it did not|it hasn'?t|i'?m not|i am not|"
    r"we'?re not|never|none|not me|not mine|not ours|not us|no way|wrong|false|not that i|i don'?t think so|don'?t think so|"
    r"i doubt it|probably not|i don'?t believe so|doubt it)\b"
)
_WHOSE_NO = re.compile(
    r"\b(someone else|somebody else|not me|not mine|not ours|not us|wasn'?t me|wasn'?t us|neighbou?r'?s?|"
    r"next door|a contractor|contractors?|landscapers?|the (?:town|village|county|city)|a (?:truck|car|driver|company|business)|"
    r"other people|some guy|a stranger|unknown|him|her|they|them|he|she|a resident|the owner|tenants?|the store|"
    r"(?:he|she|they) (?:did|do|dump|dumps|dumped|does)|don'?t know who|no idea who)\b"
)
# Someone else's discharge, however unsure the resident is of whose.
_SOMEONE_ELSES = re.compile(
    # "no idea where it's coming from" is someone else's; "no idea where exactly" only lacks the place
    r"\b(?:not (?:mine|ours|me|us)|wasn'?t (?:me|us)|(?:no idea|not sure|don'?t know|dunno|idk|no clue) "
    r"(?:where (?:it'?s |it is |its |this is |that'?s |the [a-z]+ (?:is )?)?(?:coming from|came from|comes from|from)|who)|"
    r"(?:no idea|not sure|don'?t know) (?:whose|who'?s)|someone else'?s?|somebody else'?s?)\b"
)
_WHOSE_SAID = re.compile(r"(?:\b(?:no|nope|nah)\b[,.!]*\s*)?" + _SOMEONE_ELSES.pattern)
_WHOSE_YES = re.compile(
    r"\b(it was me|it'?s mine|it is mine|mine|ours|my own|my fault|i did it|i spilled|i dumped|i poured|i emptied|"
    r"i drained|i knocked|i'?m responsible|i am responsible|we spilled|we did|"
    r"my (?:kid|kids|son|daughter|husband|wife|partner|family|dad|mom|father|mother|brother|sister)(?:'s)? (?:did|spilled|dumped|poured|knocked|was|is)|our (?:house|home|property|business|company|shop|yard|driveway|pool|tank)|"
    r"from my (?:house|home|property|car|yard|driveway|business|shop|garage|basement|pool)|my (?:house|home|property|car|yard|driveway|pool|tank|basement|sump))\b"
)
# Whose it is answered by pointing at the one doing it ("its the grooming van", "that landscaping
# truck"), with no word of the resident's own: someone else's. A home or building may be the
# resident's own and is asked again.
_THIRD_PARTY = re.compile(
    r"^(?:(?:it'?s|its|it is|it was|that'?s|must be)\s+)?(?:the|a|an|some|that|this|those)\s+"
    r"(?!(?:[a-z-]+\s+)?(?:house|home|building|apartment|property|yard|place|unit|condo|basement|garage|driveway)\b)[a-z]"
)
_FIRST_PERSON = re.compile(r"\b(?:i|i'?m|i'?ve|me|my|mine|we|we'?re|us|our|ours|myself)\b")
_HOME = re.compile(
    r"\b(private (?:home|house|residence)|a (?:house|home|residence)|residential|residence|my (?:home|house)|"
    r"our (?:home|house)|a family home|an? apartment|just a home|homeowner|single family|someone'?s (?:house|home|yard|driveway))\b"
)
_BUSINESS = re.compile(
    r"\b(business|company|commercial|industrial|restaurant|diner|store|shop|gas station|garage|auto body|factory|"
    r"plant|warehouse|contractor'?s yard|marina|boatyard|dealership|car wash|laundromat|dry cleaner|construction site|"
    r"landscaping company|office building|strip mall|deli|bakery|hotel|motel|"
    # the trades at work: the retry question itself offers "contractor" as a business
    r"contractors?|landscapers?|plumbers?|painters?|roofers?|builders?|exterminators?|"
    r"(?:work|construction|landscaping|paving|cleaning) (?:crew|truck|van)s?)\b"
)
_DRAIN = re.compile(r"\b(storm ?drains?|drains?|catch ?basins?|sewer grates?|grates?|gutters? drain|inlets?|sewers?)\b")
_REACHED_NEG = re.compile(
    r"\b(didn'?t|did not|never|hasn'?t|has not|not|no)\b(?:\s+\w+){0,3}\s+(?:reach|get|go|went|make it|run|flow|drain|enter)"
    r"|\b(stayed|still) (?:on|in)\b|\bnot (?:near|close to) (?:a|the|any) (?:storm )?drain|^not yet\b"
)
_REACHED_POS = re.compile(
    r"\b(into|in|down|reached|entering|entered|toward|towards|to)\s+(?:the\s+|a\s+)?(?:nearby\s+|street\s+|storm\s+)?"
    r"(?:storm ?drains?|drains?|catch ?basins?|sewer grates?|grates?|inlets?|ditch(?:es)?|culverts?)\b"
)


def yes_no(text: str, slot: Optional[str] = None) -> Optional[str]:
    """``"yes"``, ``"no"`` or ``"unsure"`` for an answer to a yes/no question, ``None`` if unclear.

    Reads elaborated answers and typed button labels ("No, someone else", "it was my
    neighbor", "no, it's a private home"); ``slot`` adds the question's own cues (a
    neighbour's spill is "no" to "is it yours?", a restaurant "yes" to "is it a business?").
    """
    plain = _plain(text)
    if not plain:
        return None
    if slot == "responsible" and _SOMEONE_ELSES.search(plain):
        return "no"  # "no idea where it's coming from" is somebody else's discharge, not "not sure"
    if slot == "responsible" and re.match(rf"^no (?:any )?(?:{_HAZARD_WORDS})\b", plain):
        return None  # "no chemicals, just oil i think": the material told, not whose it is
    if _UNSURE.match(plain) or re.search(r"\b(not sure|no idea|don'?t know|dunno|unsure|can'?t tell)\b", plain) and not re.search(
        r"\b(not sure what|don'?t know what|not sure how much)\b", plain
    ):
        if not (slot == "responsible" and re.search(  # "idk what it is": the material is unknown, not whose
                r"\bdon'?t know who\b|\bno idea who\b|\b(?:idk|dunno|no idea|not sure|don'?t know|no clue) what (?:it|this|that)(?:'?s| is| was)\b", plain)):
            return "unsure"
    if slot == "responsible":
        if re.match(r"^(?:yes|yeah|yep|yup|no|nope|nah)\b", plain):
            return "yes" if re.match(r"^(?:yes|yeah|yep|yup)\b", plain) else "no"
        if _WHOSE_NO.search(plain) and not re.search(r"\b(it was me|my fault|i did it)\b", plain):
            return "no"
        if _WHOSE_YES.search(plain):
            return "yes"
        if _THIRD_PARTY.match(plain) and not _FIRST_PERSON.search(plain):
            return "no"  # "its the grooming van, the one with the paw prints": someone else's, pointed at
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
    r"paint thinner|thinner|bleach|chlorine|bromine|acid|pesticides?|herbicides?|weed killer|antifreeze|coolant|"
    r"sewage|septic|raw sewage|toilet|poop|feces|hazardous|toxic|poison(?:ous)?|dangerous|corrosive|flammable|"
    r"hydraulic fluid|brake fluid|transmission fluid|sheen|rainbow sheen|mercury|asbestos|needles|syringes|"
    r"medical waste|battery acid|car batter(?:y|ies)|ammonia|lye|drain cleaner|degreaser|lighter fluid|creosote|formaldehyde|"
    r"radioactive|pool shock|muriatic"
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
_NONE_OF_THESE = re.compile(r"^(?:none(?: of (?:these|those|them|that|the above))?|nothing like that|neither|no|nope|nah|4$)\b")

# "no fertilizer", "not oil", "we don't have a sump": a denied material, up to a comma, "but" or "so".
_DENIED_PHRASE = re.compile(
    r"\b(?:no|not|without|never|nothing like|zero|none of the|(?:do|does|did)(?:n'?t| not) (?:have|own|use))\s+(?:any\s+|some\s+|the\s+|a\s+|an\s+)?"
    r"((?:(?!\b(?:but|so|and it|it'?s|just|only)\b)[a-z' ])+?)(?=\s*(?:,|;|\.|\bbut\b|\bso\b|\bjust\b|\bonly\b|$))"
)

_INSTEAD_OF = re.compile(rf"\b(?:{'|'.join(IN_PLACE_OF)})\s+(?:any\s+|the\s+|a\s+|an\s+|using\s+)?[a-z']+(?:\s+[a-z']+){{0,2}}")  # a few words


def _without_negations(text: str) -> str:
    """``text`` without its denials, then plain: cut before the punctuation goes ("pure water, no soap, says ...")."""
    lowered = " ".join((text or "").lower().translate(_APOS).split())
    return _plain(_INSTEAD_OF.sub(" ", _DENIED_PHRASE.sub(" ", _NEGATED_HAZARD.sub(" ", lowered))))


def affirmed_keys(text: str) -> List[str]:
    """Discharges ``text`` names word for word outside its denials ("no soap, just water" names
    none); no guess from similar words, unlike :func:`material_keys`."""
    return list(dict.fromkeys(m.key for m in find_mentions(_without_negations(text))))


def material_keys(text: str) -> List[str]:
    """Canonical discharge keys named in ``text``, leaving out what it denies ("no chemicals")."""
    return find_discharges(_without_negations(text))


# Latex or water-based paint: neither village's text says whether it is a hazardous material
# (Poquott's definition turns on "quantity, concentration, or physical, chemical, or infectious
# characteristics"; Bayville defines none), so it says nothing either way and the hazard
# question is asked (docs/report-form.md, "Latex paint").
_OPEN_KEYS = frozenset({"paint"})
_WATER_BASED = re.compile(r"\b(?:latex|water ?-?based|acrylic)\b")


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
    rest = without_absorbed_sources(without_other_kinds(_without_negations(plain)))  # "chalk paint" is not paint, nor fryer oil
    affirmed = bool(_HAZARD.search(without_harmless_kinds(rest)))  # "cooking oil" is no petroleum
    catalogue = load_catalogue()
    keys = [k for k in find_discharges(rest) if not (k in _OPEN_KEYS and _WATER_BASED.search(rest))]
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
    # "not mine" answers whose it is, not this: the hazard is what the rest of the message says
    plain = _WHOSE_SAID.sub(" ", plain).strip(" ,.;:!-") if _SOMEONE_ELSES.search(plain) else plain
    if not plain:
        return None
    if re.fullmatch(r"[1-5]", plain):
        return HAZARD_CHOICES[int(plain) - 1][1]
    for title, value in HAZARD_CHOICES:
        if plain == title:
            return value
    opening_no = re.match(r"^(?:no|nope|nah|naw|none|not at all|i don'?t think so)\b(?!\s+(?:idea|clue))", plain)
    if opening_no and not re.match(r"^no,? (?:wait|actually)\b", plain):
        said = re.match(r"^\s*(?:no|nope|nah|naw)(?:\s*[,.!;:-]+\s*|\s+(?=it'?s\b|its\b|it is\b|it was\b))",
                        (text or "").lower().translate(_APOS))
        if said and re.match(r"^(?:it'?s |its |it is |it was )?(?:a |some |the )?(?:motor |used |heating |home heating )?"
                             r"(?:gas|gasoline|oil|diesel|fuel|kerosene|sewage|antifreeze|coolant|bleach|chlorine|acid|"
                             r"chemicals?|(?:paint )?thinner|solvents?|pesticides?|herbicides?|weed killer|"
                             r"(?:hydraulic|brake|transmission) fluid)\b",
                             _plain((text or "")[said.end():])):
            return "yes"  # "nope, gasoline": the "no" answers "are you not sure?", the words name it
        return "no"  # the resident's answer decides, even for a material the vocabulary lists
    words = hazard_from_words(plain)
    if words is None and _WATER_BASED.search(plain) and not _HAZARD.search(plain):
        return "no"  # "it's latex" to "fuel, oil, chemicals, sewage?": none of these (docs/report-form.md)
    if words in ("yes", "unsure"):
        return words
    if _UNSURE.match(plain) or re.search(r"\b(not sure|no idea|don'?t know|dunno)\b", plain):
        return "unsure"
    if words == "no" or _NONE_OF_THESE.match(plain) or _NO.match(plain):
        return "no"
    if _YES.match(plain) and not _ABOUT_THE_DRAIN.search(plain):
        return "yes"  # "ya it went in the drain" answers whether it reached the drain, not the hazard
    return None


_ABOUT_THE_DRAIN = re.compile(rf"{_REACHED_POS.pattern}|{_REACHED_NEG.pattern}")


# --- a wish not to be contacted (replies to an offer: offer_replies.py) ---------------------------
_NO_CONTACT = re.compile(
    r"\b(?:don'?t|do not|dont|never|no need to|please don'?t) (?:(?:want|have|let) (?:anyone|anybody|you|staff|them|people|to be)(?: to)? )?"
    r"(?:contact(?:ed|ing)?|call(?:ed|ing)?|text(?:ed|ing)?|phon(?:e|ing)|reach(?:ed|ing)?|get(?:ting)? back to)(?: me| us)?\b"
    r"|\b(?:(?:take|leave|keep) my (?:number|phone|cell|phone number|cell number|contact(?: info)?)(?: number)? (?:off|out)"
    r"|(?:remove|delete|drop) my (?:number|phone|cell|phone number|contact))\b"
    r"|\bno (?:calls|call ?backs?|contact|texts|follow ?ups?)\b(?! (?:info|number|details))|\b(?:nobody|no ?one|no-one)(?: (?:should|needs? to|has to|is to|to|will|can|may))? (?:contacts?|calls?|texts?|phones?|reach(?:es)?(?: out to)?) (?:me|us)\b"
)


def wants_no_contact(text: str) -> bool:
    """Whether the resident asks not to be contacted ("please take my number off, I don't want
    anyone to contact me", "don't call me"). Not "I don't want to report"."""
    plain = _plain(text)
    return bool(_NO_CONTACT.search(plain))


_NO_CONTACT_WORDS = re.compile(
    rf"(?:\b(?:and|but|so|please|pls|plz|just)\s+)*(?:{_NO_CONTACT.pattern})"
    rf"(?:\s+(?:please|pls|plz|thanks|thx|thank you|though|tho|about (?:it|this)|ok|okay))*",
    re.I,
)


def without_no_contact(text: str) -> str:
    """``text`` without its wish not to be contacted ("Pat Lee, please don't contact me" -> "Pat
    Lee"); a later sentence that holds the wish goes whole ("almost a gallon jug. and please
    nobody contact me after this, i just want it on record" -> "almost a gallon jug")."""
    sentences = re.split(r"(?<=[.!?;])\s+", (text or "").translate(_APOS))
    kept = sentences[:1] + [s for s in sentences[1:] if not wants_no_contact(s)]
    rest = _NO_CONTACT_WORDS.sub(" ", " ".join(kept))
    rest = re.sub(r"\bi\s+(?=[,.;!]|$)", " ", rest, flags=re.I)  # "..., i don't want anyone to contact me" leaves "i"
    return _tidy(re.sub(r"\s*[,;.!]+\s*(?=[,;.!]|$)", "", rest))


def hazard_denied(text: str) -> bool:
    """Whether ``text`` denies a hazard in words ("no chemicals", "nothing toxic") and affirms none."""
    return bool(_NEGATED_HAZARD.search(_plain(text))) and hazard_from_words(text) == "no"
