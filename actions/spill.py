"""A resident reports a spill: safety comes before any question.

A message heard as a spill report may be a question about the law ("my neighbor is pumping
his pool into the street, is that legal?"): it gets the verdict first, then the offer to
report (``stormwater/spill_route.py``). The ``spill_route`` slot tells the rules which way
the conversation goes (``bot/rules.yml``).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Text

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import ask_for_village, by_sms, current_village, send, utter, village_events
from actions.law import REPORT_OFFER, answer_question, clear_clarification, discharge_question
from stormwater.law import seen_report, spill_route
from stormwater.reports.form_reader import hazard_from_words, material_keys
from stormwater.law.knowledge import answer_topic
from stormwater.law.meaning import read_question
from stormwater.law.replies import topic_replies
from stormwater.law.followups import last_discharge_answered
from stormwater.law.meaning_replies import report_words
from stormwater.law.spills import is_hazardous, petroleum_possible
from stormwater.reports.answer_words import reply_to_offer


class ActionSpillGuidance(Action):
    """Call 911 first when in doubt, then whom the village's law says to notify; New York's
    petroleum hotline; then the report form starts. A question about the law is answered
    instead, with the offer to report."""

    def name(self) -> Text:
        return "action_spill_guidance"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
        text = tracker.latest_message.get("text") or ""
        words = offer_taken_up(tracker)
        if words is not None:
            # "ya i want to report them" after the answer: the report of what was asked about
            # (action_start_report reads the same words).
            return safety_first(dispatcher, tracker, words)
        entities = [str(v) for v in tracker.get_latest_entity_values("discharge")]
        if spill_route.route(text, read_question(text, entities)) == spill_route.ANSWER:
            return [SlotSet("spill_route", spill_route.ANSWER)] + answer_first(dispatcher, tracker)
        return safety_first(dispatcher, tracker, text)


def safety_first(dispatcher: CollectingDispatcher, tracker: Tracker, text: str) -> List[Dict[str, Any]]:
    """What a spill report opens with, for the release ``text`` describes: the 911 line, the
    village's hazardous-spill rule and the state hotlines where they apply."""
    # Negation-aware: "pond water, no chemicals" names no solvent. A material the
    # vocabulary does not know gets the form's hazard question, not the hazardous path.
    village = current_village(tracker)
    if village is not None and seen_report.by_bystander(text):
        # Someone else's discharge: one safety message; the duties of whoever is responsible
        # are not the bystander's (stormwater/law/seen_report.py).
        send(dispatcher, [seen_report.safety_reply(text)], sms=by_sms(tracker))
        return [SlotSet("spill_route", spill_route.REPORT)]
    keys = material_keys(text)
    hazard = hazard_from_words(text)
    utter(dispatcher, tracker, "utter_spill_safety")
    if village is not None and keys and is_hazardous(keys):
        send(dispatcher, topic_replies(answer_topic(village, "hazardous_spill")), sms=by_sms(tracker))
    # An unknown material the resident says is harmless ("pond water, no chemicals") gets
    # neither hotline; the form's hazard question still follows.
    denied = not keys and hazard == "no"
    # Only when what was said makes petroleum possible: "I need to report a spill from my
    # house" gets the line once the material is asked and still unknown (actions/report_form.py).
    if petroleum_possible(text, keys) and not denied:
        utter(dispatcher, tracker, "utter_spill_petroleum_state_law")
    elif keys and is_hazardous(keys) and not denied:
        # State law, no deadline: the hotline also takes hazardous releases other than petroleum.
        utter(dispatcher, tracker, "utter_spill_state_hotline")
    return [SlotSet("spill_route", spill_route.REPORT)]


def answer_first(dispatcher: CollectingDispatcher, tracker: Tracker) -> List[Dict[str, Any]]:
    """The verdict on the discharge described, then the offer to report it; the 911 line with
    it when the words name something hazardous."""
    text = tracker.latest_message.get("text") or ""
    question = discharge_question(tracker)
    if question["kind"] == "discharge":
        question["about_others"] = True  # whoever did it, the report is one tap away
    village = current_village(tracker)
    if village is None:
        if spill_route.needs_safety_line(text):
            dispatcher.utter_message(response="utter_spill_safety")
        return clear_clarification(tracker) + ask_for_village(dispatcher, question)
    # answer_question adds the 911 line after the verdict when the material is hazardous
    return clear_clarification(tracker) + village_events(tracker, village) + answer_question(dispatcher, village, question, tracker)


def offer_taken_up(tracker: Tracker) -> Optional[str]:
    """The words a report starts from when the latest message takes up the offer to report
    ("ya i want to report them", "no it's not ok then, I want to report it", "I want to report
    it" right after an answer), or ``None``: the discharge offered and the question it answered,
    so its place and whose it is are not asked again."""
    text = tracker.latest_message.get("text") or ""
    reply = reply_to_offer(text)
    offer = tracker.get_slot("offer") or ""
    if offer.startswith(REPORT_OFFER) and reply in ("yes", "report"):
        key: Optional[str] = offer[len(REPORT_OFFER):] or None
    elif reply == "report" and not material_keys(text) and last_discharge_answered(tracker.events):
        key = last_discharge_answered(tracker.events)
    else:
        return None
    question = question_answered(tracker.events)
    return report_words(key) + (f". {question}" if question else "")


def question_answered(events: List[Dict[str, Any]]) -> Optional[str]:
    """What the resident last wrote before the latest message that was not a bare reply ("no",
    "ya"): the question the answer was to."""
    users = [e.get("text") for e in events if e.get("event") == "user" and e.get("text")]
    return next((text for text in reversed(users[:-1]) if reply_to_offer(text) is None), None)
