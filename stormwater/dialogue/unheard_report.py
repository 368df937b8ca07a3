"""A message the classifier was unsure of (``nlu_fallback``) that tells of a discharge seen, with
no question: "somebody left 2 drums next to the storm drain on Perry Ave and theyre leaking" is a
report, started as a report heard by the classifier would be (safety first, then the form),
never "not sure I understood". The decision is :mod:`stormwater.dialogue.spill_route`'s, with
two more conditions, since nothing but the words says it is a report: something is being (or
was) discharged, and where. Plain functions; ``actions/fallback.py`` only applies the answer."""
from __future__ import annotations

import re

from stormwater.dialogue import spill_route
from stormwater.understanding.asking import asks, asks_permission, asks_verdict
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.field_values import find_landmark, find_place, is_question
from stormwater.understanding.meaning import read_question

# A discharge told as done: "dumped", "left ... leaking", "spilled", "poured".
_DISCHARGED = re.compile(
    r"\b(?:dumped|dumping|spilled|spilt|poured|leaked|leaking|leaks|dripping|oozing|pouring|seeping|draining|drained|"
    r"hosed|running|flowing|coming out)\b",
    re.I,
)
# "the gutter is leaking": a fixture's own leak, a repair, not a discharge into the drain
_FIXTURE_LEAKS = re.compile(r"\b(?:gutters?|drains?|roof|faucet|sink|toilet|pipes?)\s+(?:is|are|keeps?)\s+\w+ing\b", re.I)
# A verb of putting, its object, then a drain as where it went: "tipped the glaze rinse into the storm drain"
_PUT_INTO_DRAIN = re.compile(
    r"\b(?:pour|dump|tip|empt(?:y|ie)|drain|spill|throw|toss|flush|send|sent|put|hos|rins|wash|sweep|spray|pump|blow|push|"
    r"squeez|squirt|drop|chuck|kick|scrap|shov|stuff|pok)\w*\s+(?:[\w'-]+,?\s+){1,12}?"  # "sticks, acorns and rocks"
    # "washed the buckets out at the curb drain": at the drain is into it; "through the grate" too
    r"(?:into|down|in|onto|to|at|through|thru)\s+(?:the\s+|a\s+|our\s+|my\s+)?(?:[\w'-]+\s+){0,2}?"
    r"(?:storm ?drains?|drains?|catch ?basins?|storm sewers?|gutters?|grates?|ditch(?:es)?)\b",
    re.I,
)
# Something told as running into a drain by itself: "the paste ran down our driveway into the
# street drain", "the melt goes down the storm drains" (the MS4's parts, as the texts define it)
_RUNS_INTO_DRAIN = re.compile(
    r"\b(?:r[au]n|runs|running|go|goes|went|going|flow(?:s|ed|ing)?|overflow(?:s|ed|ing)?|wash(?:es|ed)?|"
    r"trickl(?:e|es|ed|ing)|dribbl(?:e|es|ed|ing))\s+(?:[\w'-]+\s+){0,6}?"
    r"(?:into|down|in|to)\s+(?:the\s+|a\s+|our\s+|my\s+)?(?:[\w'-]+\s+){0,2}?"
    r"(?:(?:storm|street|road|curb) ?drains?|catch ?basins?|storm sewers?|ditch(?:es)?)\b",
    re.I,
)
_DRAIN = re.compile(r"\b(?:storm ?drains?|drains?|catch ?basins?|sewer|gutters?|grates?|culvert|outfall|creek|harbou?r)\b", re.I)
# Letting something go toward the street, where the storm drains are: "can i just hose it toward
# the street", "ok to sweep it to the curb".
_TOWARD_THE_STREET = re.compile(
    r"\b(?:hos|wash|rins|pour|dump|pump|sweep|push|squeegee|drain|let|run|tip|empt|spray|blow)\w*\s+(?:[\w'-]+\s+){0,4}?"
    r"(?:to|toward|towards|into|onto|down|in)\s+(?:the\s+)?(?:street|road|curb|kerb|gutter)\b",
    re.I,
)


def tells_of_a_discharge(text: str) -> bool:
    """Whether an unclassified message reports a discharge seen: no question, the spill route's
    REPORT, a discharge told, and a drain or a place named."""
    words = text or ""
    if not words.strip() or is_question(words) or asks(words):
        return False
    if spill_route.route(words, read_question(words)) != spill_route.REPORT or _FIXTURE_LEAKS.search(words):
        return False
    return bool(_DISCHARGED.search(words)) and bool(_DRAIN.search(words) or find_place(words) or find_landmark(words))


def told_into_drain(text: str) -> bool:
    """Whether something, whatever its name, is told as put or running into the MS4 ("someone
    poured something purple down the storm drain", "the melt goes down the storm drains")."""
    return bool(_PUT_INTO_DRAIN.search(text or "") or _RUNS_INTO_DRAIN.search(text or ""))


def names_a_discharge(text: str) -> bool:
    """Whether the discharge reader finds the thing discharged: a discharge the law's list
    names, or, asked about, a material in the resident's words ("is the rinse water from my
    boat lift ok in the drain, problem?"), a category of water or what is in it ("I scrub the
    patio with an enzyme cleaner and hose it off, problem?"), which get their category's rule
    or the general rule as "not named"."""
    reading = read_discharge(text)
    if reading.key is not None:
        return True
    said = reading.material is not None or reading.facets.water is not None or bool(reading.facets.contents)
    # "the teacher poured the leftover lab solutions into the storm drain, is that legal?": something
    # told as put into a drain is the thing discharged, whatever its name (the general rule answers)
    said = said or told_into_drain(text)
    # "can i just tip it into the storm drain?", "can i hose it toward the street?": leave asked to
    # let it go where the storm drains are asks the verdict
    toward_the_drains = bool(_DRAIN.search(text) or _TOWARD_THE_STREET.search(text))
    plain = spill_route.plain_words(text)
    if (told_into_drain(text) or _TOWARD_THE_STREET.search(text)) and (
            spill_route.practice(plain) or spill_route.intends_to_let_it_out(plain)):
        return True  # "the dog daycare hoses the kennels into the storm drain": a way of working (or a plan) told, answered
    if (toward_the_drains or told_into_drain(text)) and spill_route.own_letting_out(plain):
        return True  # "im draining our boiler for the plumber, the hose goes to the street drain": one's own doing
    return said and (asks_verdict(text) or (asks_permission(text) and toward_the_drains))


def seen_going_on(text: str) -> bool:
    """Whether a message heard as a question about a discharge is rather someone else's discharge
    told as going on, with no question ("ok actually my neighbor is draining his pool into the
    street rn, its on Sylvan Ave"): a report, as the spill route would start it."""
    # "ok actually ...": the opening "ok" is no "is it ok?"
    words = re.sub(r"^(?:(?:ok(?:ay)?|so|actually|well|hey|um+|sorry)[,.!]?\s+)+", "", (text or "").strip(), flags=re.I)
    if not words or is_question(words) or asks(words) or not spill_route.discovered_now(words):
        return False  # only "rn", "right now", "as we speak" make a report of what the classifier heard as a question
    reading = read_question(words)
    return reading.about_others and spill_route.route(words, reading) == spill_route.REPORT
