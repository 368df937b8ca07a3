"""A question about the law answered as a turn: the replies and the slots they change
(``pending_question``, ``offer``, ``clarifying``), and the answer to a clarifying question.
Plain functions; the action sends the replies and sets the slots."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from stormwater.dialogue.law_questions import CLARIFY_TRIES, just_asked
from stormwater.dialogue.offers import report_offer
from stormwater.understanding.catalogue import load_catalogue
from stormwater.law.knowledge import answer_discharge, answer_topic
from stormwater.understanding.asking import asks_permission, asks_verdict
from stormwater.understanding.clarify_answers import choice_by_facts, clarify_facts
from stormwater.understanding.discharge_reader import read_discharge, read_facets
from stormwater.dialogue.meaning_replies import answer_replies, clarify_reply, topic_adds_to
from stormwater.understanding.meaning import lead, load_vocabulary, pick_choice, picked_choice, read_question
from stormwater.understanding.water_looks import CLEAR
from stormwater.store.wording import load_messages
from stormwater.dialogue.replies import Reply, topic_replies
from stormwater.dialogue.spill_route import needs_safety_line
from stormwater.law.villages import Village


# Verdicts that let a discharge through: a question deciding between one of them and another verdict is asked.
EXEMPTING = frozenset({"allowed", "conditional"})


@dataclass
class LawTurn:
    """Replies, slot changes in order, and whether the not-legal-advice line went with them."""

    replies: List[Reply] = field(default_factory=list)
    slots: List[Tuple[str, Any]] = field(default_factory=list)
    noted: bool = False


def answer(village: Village, question: Dict[str, Any], with_note: bool) -> LawTurn:
    """A discharge or topic question (from :func:`~stormwater.dialogue.law_questions.discharge_question`)
    answered for ``village``, or the clarifying question it needs."""
    if question["kind"] == "topic":
        if question["topic"] not in village.topics:
            return LawTurn([Reply("utter_default")], [("offer", None)])
        offered = not village.topics[question["topic"]].covered
        replies = topic_replies(answer_topic(village, question["topic"]), with_note=with_note)
        return LawTurn(replies, [("offer", "person" if offered else None)], noted=True)
    settled = settled_without_asking(village, question)
    if settled is not None:
        others = [k for k in question.get("keys") or [] if k not in (settled, question.get("clarify_key"))]
        question = {**question, "clarify": None, "keys": [settled, *others]}
    if question.get("clarify"):
        state = {k: question.get(k) for k in ("clarify", "clarify_key", "asked", "about_others")}
        replies = [clarify_reply(question["clarify"], question["clarify_key"])]
        return LawTurn(replies, [("clarifying", {**state, "tries": 1}), ("offer", None)])
    keys = question.get("keys") or [None]
    replies, offered = answer_replies(
        village, keys[0], question.get("asked", ""), keys[1:], bool(question.get("about_others")), with_note=with_note
    )
    # (a dye test names the septic or sewer it traces; the test is no hazardous release)
    if question.get("about_others") and keys[0] != "dye_test" and needs_safety_line(question.get("asked", "")):
        # Someone else's hazardous discharge, maybe happening now: the 911 line right after
        # the verdict (the turn's lead, which SMS always sends; the 911 line is never held back).
        replies.insert(1, Reply("utter_spill_safety_with_answer"))
    topic = question.get("then_topic")
    if topic and not question.get("about_others") and topic_adds_to(village, topic, keys[0], question.get("asked", "")):
        replies += topic_replies(answer_topic(village, topic), with_note=False)
    if question.get("about_others"):
        # the last thing asked was "Want village staff to look into it?": "yes" reports it
        return LawTurn(replies, [("offer", report_offer(keys[0]))], noted=True)
    return LawTurn(replies, [("offer", "person" if offered else None)], noted=True)


def settled_without_asking(village: Village, question: Dict[str, Any]) -> Optional[str]:
    """The discharge to answer instead of the clarifying question ``question`` would ask, when
    the message already says what is in the water and every choice gets the same verdict in
    ``village`` with it ("the condensate, with the algae tablets in it": air conditioner or
    furnace, neither exemption is for treated water): one fact decides nothing then, or only
    between "not allowed" and "not named", and the answer is the one the text leaves open.
    ``None`` when the question is still the one to ask."""
    vocabulary = load_vocabulary()
    asked = vocabulary.question(str(question.get("clarify") or "")) if question.get("clarify") else None
    base, text = question.get("clarify_key"), str(question.get("asked") or "")
    if asked is None or base is None or not read_discharge(text).facets.contents:
        return None
    keys = list(dict.fromkeys(lead(c, base, vocabulary) for c in asked.choices))
    verdicts = {key: answer_discharge(village, key, text).verdict for key in keys}
    if len(set(verdicts.values())) == 1:
        return keys[0]
    if any(v in EXEMPTING for v in verdicts.values()):
        return None  # one fact decides whether an exemption applies: ask it
    # no choice is exempt: never the worst reading, the one the text leaves open
    return next((k for k, v in verdicts.items() if v == "not_named"), None)


def typed_fact(question: Any, text: str) -> Optional[Any]:
    """The choice a typed answer gives by the fact ``question`` asks ("it's the shop's truck":
    a business's), when it asks nothing of its own and names no water of its own (then it is a
    new question: "can I drain my pool?"); ``None`` otherwise."""
    if asks_verdict(text) or asks_permission(text) or read_facets(text).water not in (None, *_asked_waters(question)):
        return None
    return choice_by_facts(question, text)


def _asked_waters(question: Any) -> Tuple[str, ...]:
    """The water categories a question's own choices are told apart by (the condensate's appliance)."""
    return tuple(v for facts in clarify_facts().get(question.name, {}).values() for v in facts.get("water", ()))


def clarified(state: Any, text: str, events: List[Dict[str, Any]]) -> Optional[Any]:
    """The answer to the clarifying question asked last (the ``clarifying`` slot's ``state``):
    ``None`` when none waits or ``text`` is a new question; a :class:`LawTurn` asking again
    once; else the question it settles (a dict for :func:`answer`)."""
    if not isinstance(state, dict) or not state.get("clarify"):
        return None
    question = load_vocabulary().question(str(state["clarify"]))
    base = state.get("clarify_key")
    if question is None or base not in load_catalogue() or not just_asked(events, question.name):
        return None
    reading = read_question(text)
    vocabulary = load_vocabulary()
    outcomes = {base, *question.about, *(lead(c, base, vocabulary) for c in question.choices)}
    typed = typed_fact(question, text)  # "we add a little bleach": the fact asked, in the resident's words
    if reading.keys and not reading.clarify and reading.key in outcomes:
        key = reading.key  # a tapped choice, or the case said in full
    elif typed is not None:
        key = lead(typed, base, vocabulary)
    elif reading.keys:
        return None  # another discharge: a new question
    else:
        key = pick_choice(question, text, base)
    if key is None:
        if int(state.get("tries") or 0) >= CLARIFY_TRIES:
            return None
        return LawTurn([clarify_reply(question.name, base)], [("clarifying", {**state, "tries": int(state.get("tries") or 0) + 1})])
    asked = vouched_answer(question, text, base, typed) if key == base else None
    return {"kind": "discharge", "keys": [key], "asked": asked or state.get("asked") or text, "about_others": state.get("about_others")}


def vouched_answer(question: Any, text: str, base: str, typed: Optional[Any]) -> Optional[str]:
    """The words of the choice that vouches for the water ("No, it's clear water": the choice
    whose facts say it looks clear) when the answer picks it, tapped, typed or said by its fact;
    the question is then answered as if asked with them, never with the look that raised it."""
    facts = clarify_facts().get(question.name, {})
    vouching = next((n for n, f in facts.items() if CLEAR in f.get("looks", ())), None)
    choice = typed or picked_choice(question, text)
    if vouching is None or (getattr(choice, "name", None) != vouching and read_facets(text).looks != CLEAR):
        return None
    payload = load_messages()["clarify_choices"][question.name][vouching]["payload"]
    return str(payload).format(label=load_catalogue()[base].label)
