"""The offer a turn leaves open ("Want village staff to look into it?") and what a "yes" to it
stands for, read from the conversation's slots and events (no Rasa)."""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from stormwater.dialogue.followups import last_discharge_answered
from stormwater.dialogue.meaning_replies import report_words
from stormwater.dialogue.replies import Reply
from stormwater.store.wording import load_messages
from stormwater.understanding.answer_words import _plain
from stormwater.understanding.offer_replies import reply_to_offer
from stormwater.understanding.said_words import own_release_done
from stormwater.store.clock import utc_now
from stormwater.understanding.field_values import is_question, stated_facts
from stormwater.understanding.form_reader import material_keys, read_material

# What a resident may go on to tell after the offer, as if the report had begun: "dunno who",
# "this morning", "a couple bags", "by the 7-eleven". A material is a new question, not a detail.
_REPORT_DETAILS = ("responsible", "discovered", "amount", "location")

# "no wait, it was ...", "nope, actually its ...": the opening of a correction of what was told
_CORRECTION = re.compile(r"^\s*(?:no+|nope|nah)\b[\s,.!-]*(?:wait|actually|sorry|i mean)\b[\s,.!-]*", re.I)

# The "offer" slot after "Want village staff to look into it?": report:<discharge key or nothing>.
REPORT_OFFER = "report:"
OWN_RELEASE = "own"  # report:own: the resident's own release, told in the message answered


def report_offer(key: Optional[str]) -> str:
    """The ``offer`` slot's value once the report of discharge ``key`` is offered."""
    return REPORT_OFFER + (key or "")


def offered_report(offer: Optional[str]) -> Optional[str]:
    """``None`` unless a report was offered last; then the discharge key offered ("" for none)."""
    offer = offer or ""
    return offer[len(REPORT_OFFER):] if offer.startswith(REPORT_OFFER) else None


def offer_taken_up(text: str, offer: Optional[str], events: List[Dict[str, Any]]) -> Optional[str]:
    """The words a report starts from when ``text`` takes up the offer to report ("ya i want
    to report them", "no it's not ok then, I want to report it", "I want to report it" right
    after an answer), or ``None``: the discharge offered and the question it answered, so its
    place and whose it is are not asked again."""
    reply = reply_to_offer(text)
    offered = offered_report(offer)
    if offered == OWN_RELEASE and reply in ("yes", "report"):
        told = [e.get("text") for e in events if e.get("event") == "user" and e.get("text")][:-1]
        return next((t for t in reversed(told) if own_release_done(_plain(t))), text)  # their own words: whose, what, when
    told = _CORRECTION.sub("", text)  # "no wait, it was at the corner of ...": a place corrected, no "no" to the offer
    detail = offered is not None and detail_after_offer(text)
    if offered is not None and (reply in ("yes", "report") or detail):
        key: Optional[str] = offered or None
    elif reply == "report" and not material_keys(text) and last_discharge_answered(events):
        key = last_discharge_answered(events)
    else:
        return None
    question = question_answered(events)
    if question and own_release_done(_plain(question)):
        return question  # "if i cleaned my grill ... do i have to tell anyone?": theirs, not somebody else's
    if question and read_material(question) is not None:
        key = None  # "a fire extinguisher ... white powder everywhere": the resident's words, not the category's label
    # the detail typed now comes before the question answered: where both say a place, the one
    # just typed is the one meant
    return report_words(key) + (f". {told}" if detail else "") + (f". {question}" if question else "")


def detail_after_offer(text: str) -> bool:
    """Whether ``text``, typed after the offer to report, goes on with the report: a detail of it
    told instead of a yes ("dunno who", "this morning"), or a place corrected ("no wait, it was at
    the corner of Main St and Shore Rd"), never a plain "no"."""
    told = _CORRECTION.sub("", text)
    return (reply_to_offer(text) is None or told != text) and tells_a_report_detail(told)


def tells_a_report_detail(text: str) -> bool:
    """Whether ``text``, typed after the offer to report instead of a yes, tells a detail of
    the report (whose it is, when, how much, where) and neither asks nor names a new discharge."""
    if is_question(text):
        return False
    facts = stated_facts(text, "spill", utc_now())
    return "material" not in facts and any(facts.get(field) for field in _REPORT_DETAILS)


def question_answered(events: List[Dict[str, Any]]) -> Optional[str]:
    """What the resident last wrote before the latest message that was not a bare reply ("no",
    "ya"): the question the answer was to. A reply that goes on to tell what was released ("ok
    no he didn't call anyone. so here it is: i rinsed the grout buckets ...") is not bare."""
    users = [e.get("text") for e in events if e.get("event") == "user" and e.get("text")]
    return next((text for text in reversed(users[:-1]) if reply_to_offer(text) is None or read_material(text) is not None), None)


def own_release_offer(text: str, slots: List[Tuple[str, Any]]) -> Optional[Tuple[Reply, Tuple[str, str]]]:
    """The offer to report, after an answer to a resident who told of their own release
    already done ("last nite i spilled diesel ..., is that something i have to report?"): the
    reply and the ``offer`` slot; ``None`` when the words tell of none or a report is offered."""
    if not own_release_done(_plain(text)) or any(k == "offer" and str(v or "").startswith(REPORT_OFFER) for k, v in slots):
        return None
    button = load_messages().get("report_button") or {}
    reply = Reply("utter_offer_report", buttons=[{"title": str(button["title"]), "payload": str(button["payload_own"])}])
    return reply, ("offer", REPORT_OFFER + OWN_RELEASE)
