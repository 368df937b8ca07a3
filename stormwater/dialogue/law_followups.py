"""The law answers that depend on what came before, as turns: "how do I get rid of it then?"
after a "Not allowed", "no, it's my neighbour's" after a discharge answer, a question that no
longer has anything to answer, and a topic question that names a discharge. Plain functions;
the action sends the replies and sets the slots."""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional

from stormwater.dialogue.law_questions import TOPIC_ALWAYS_FOLLOWS, verdict_first
from stormwater.understanding.dye_tests import dye_test_told
from stormwater.dialogue.law_turns import LawTurn, answer
from stormwater.dialogue.offers import report_offer
from stormwater.dialogue.followups import asks_what_instead, last_discharge_answered, last_prohibited_discharge, question_of_latest_answer, says_someone_elses
from stormwater.law.knowledge import answer_discharge, answer_topic
from stormwater.dialogue.meaning_replies import topic_adds_to
from stormwater.dialogue.meaning_replies import someone_elses_replies
from stormwater.dialogue.replies import Reply, alternatives_reply, topic_replies
from stormwater.law.villages import Village
from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.understanding.catalogue import load_catalogue
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.meaning import read_question
from stormwater.understanding.meaning_vocabulary import load_vocabulary

Events = List[Dict[str, Any]]


def what_instead(village: Village, text: str, events: Events) -> Optional[LawTurn]:
    """What the ordinance allows instead, when ``text`` asks it right after a "Not allowed";
    or, when ``text`` only says what is in the water just answered about ("it's salt water"),
    that discharge answered again with it. ``None`` when it is neither, or nothing was answered."""
    said = what_it_holds(village, text, events)
    if said is not None:
        return said
    if not asks_what_instead(text):
        return None
    previous = last_prohibited_discharge(events)
    refused = answer_discharge(village, previous) if previous else None
    if refused is None or not refused.alternatives:
        return None
    return LawTurn([alternatives_reply(refused)], [("pending_question", None)])


# A message that only says what is in the water is short: "it's salt water", "has bleach in it",
# "it's been sitting 5 days, no chlorine" (texting style runs a little longer).
HOLDS_MAX_WORDS = 12
# "what about boiling water from the canner": a new thing asked about, not what the last one holds
# ("what if it has bleach in it", "what about if its dechlorinated", "how about with no chlorine"
# still say what the last one holds)
_ANOTHER_THING = re.compile(r"^\s*(?:and\s+|so\s+|ok\s+|okay\s+)?(?:what|how)\s+about\s+"
                            r"(?!(?:if|with|without|it|its|it's|that|this|them|those|no|when|after|once)\b)", re.IGNORECASE)


def what_it_holds(village: Village, text: str, events: Events) -> Optional[LawTurn]:
    """"It's salt water" or "no chlorine now" right after a discharge answer: that discharge
    answered again with what the water holds or does not (its rule, a case the village's facet rules read, or a note on what
    the text does not name); after a "not named", the question itself read again with it. ``None`` when ``text``
    names a discharge or a category of its own, says nothing of what is in the water, or nothing was answered."""
    key, asked = last_discharge_answered(events), question_of_latest_answer(events)
    facets = read_discharge(text).facets
    # what is in it, or what is not ("no chlorine in it now"): a fact that may decide the case;
    # what is not in a discharge refused by name ("no chemicals" after motor oil) decides nothing
    refused = last_prohibited_discharge(events)
    adds = facets.contents or (facets.denied and refused is None)
    if (key is None and asked is None) or len(text.split()) > HOLDS_MAX_WORDS or facets.water is not None or _ANOTHER_THING.match(text):
        return None
    if not adds:  # what is not in a water refused by name ("no chemicals" after motor oil) decides nothing
        water = _unqualified(refused) if facets.denied and refused else None
        if water is None:
            return denial_changes_nothing(refused) if facets.denied and refused else None
        # refused for what was in it ("just shocked" pool water): "no chlorine now" is its water's case again
        key = refused = water
    if read_question(text).keys and read_question(text).key not in (key, refused):
        return None
    if key is None:  # the question got "not named": it is read again with what the resident adds
        reading = read_question(f"{asked} {text}")
        replies, offered = answer_replies(village, reading.key, f"{asked} {text}", reading.keys[1:4], with_note=True)
        return LawTurn(replies, [("offer", "person" if offered else None)], noted=True)
    label = load_catalogue()[key].label if key in load_catalogue() else key
    replies, offered = answer_replies(village, key, f"{label}: {text}", with_note=True)
    return LawTurn(replies, [("offer", "person" if offered else None)], noted=True)


def someone_elses(village: Village, text: str, events: Events, with_note: bool) -> Optional[LawTurn]:
    """"No, it's my neighbour's" right after a discharge answer: the rule is the same, and
    the offer to report it. ``None`` when ``text`` is not that, or no discharge was answered."""
    if not says_someone_elses(text):
        return None
    key = last_discharge_answered(events)
    if key is None:
        return None
    return LawTurn(someone_elses_replies(village, key, with_note), [("offer", report_offer(key))], noted=True)


def instead_of_answer(village: Village, question: Dict[str, Any], text: str, events: Events) -> Optional[LawTurn]:
    """The turn that replaces the answer to a discharge ``question`` read from ``text``: what
    is allowed instead of a discharge just refused, or the fallback for a bare "no" to a
    question no longer open (no general rule for a discharge nobody named), or the line that it
    changes nothing after a discharge refused by name; ``None`` when the
    question is answered as asked."""
    if question["kind"] == "discharge" and not question["keys"]:
        followed = what_instead(village, text, events)
        if followed is not None:
            return followed
    if question.get("bare_denial"):
        refused = last_prohibited_discharge(events)
        return denial_changes_nothing(refused) if refused and _unqualified(refused) is None else LawTurn([Reply("utter_fallback")])
    return None


def _unqualified(key: str) -> Optional[str]:
    """The water ``key`` is a qualified case of ("chlorinated" pool water is pool water, a
    "contaminated" sump's is the sump pump's), whose answer what is not in it may change; ``None``
    when it is no such case."""
    return next((water for qualifier in load_vocabulary().qualifiers for water, case in qualifier.turns.items() if case == key), None)


def denial_changes_nothing(refused: str) -> LawTurn:
    """"No chemicals" right after discharge ``refused`` was refused by name (motor oil): the
    thing itself is what the rule refuses, so the answer stands and the line says so (a resident
    who hears "not understood" thinks the fact was lost)."""
    label = load_catalogue()[refused].label if refused in load_catalogue() else refused.replace("_", " ")
    return LawTurn([Reply("utter_denial_changes_nothing", {"label": label})])


_DYE_WORD = re.compile(r"\b(?:dyes?|dyed|tracer|tracing|fluoresc\w*|smoke test\w*)\b")


def topic_question(topic: str, named: Dict[str, Any], village: Optional[Village]) -> Dict[str, Any]:
    """The question an ``ask_<topic>`` message asks: the discharge it names when
    :func:`~stormwater.dialogue.law_questions.verdict_first` says so, else the topic."""
    return named if verdict_first(topic, named, village) else {"kind": "topic", "topic": topic}


def topic_turn(village: Village, topic: str, named: Dict[str, Any], with_note: bool) -> Optional[LawTurn]:
    """An ``ask_<topic>`` message answered: one verdict on the discharge it names, then the
    topic's own passage when it adds to it (the fines), never the topic instead; else the
    topic's passage. ``None`` when ``village`` has no such topic."""
    if topic not in village.topics:
        return None
    if topic == "dye_testing" and named["kind"] == "discharge" and not _DYE_WORD.search(named["asked"].lower()):
        return answer(village, {**named, "then_topic": None}, with_note)  # "pressure testing the pipeline with water": no dye
    if topic == "dye_testing" and dye_test_told(named["asked"]):
        named = {**named, "kind": "discharge", "keys": ["dye_test"], "clarify": None}  # the test told is the thing asked
        return answer(village, {**named, "then_topic": None}, with_note)
    if not verdict_first(topic, named, village):
        return answer(village, {"kind": "topic", "topic": topic}, with_note)
    turn = answer(village, {**named, "then_topic": None}, with_note)  # the topic follows once, here
    adds = topic in TOPIC_ALWAYS_FOLLOWS or topic_adds_to(village, topic, (named["keys"] or [None])[0], named["asked"])
    if not named.get("clarify") and adds:
        turn.replies += topic_replies(answer_topic(village, topic), with_note=False)
    return turn
