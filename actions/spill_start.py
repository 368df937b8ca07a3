"""How a spill report opens, from a Tracker to the dispatcher: safety first, or the verdict
first when the words ask about the law. A plain helper, no action: the spill action and a
"yes" to the offer to report share it."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import by_sms, current_village, village_events
from actions.replies_out import ask_for_village, send, utter
from actions.law_answers import answer_question, clear_clarification, question_in
from stormwater.dialogue.offers import offer_taken_up as words_taken_up
from stormwater.law import seen_report, spill_route
from stormwater.law.knowledge import answer_topic
from stormwater.law.replies import topic_replies
from stormwater.law.spills import is_hazardous, petroleum_possible
from stormwater.reports.form_reader import hazard_from_words, material_keys


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
    # house" gets the line once the material is asked and still unknown (stormwater/dialogue/report_answers.py).
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
    question = question_in(tracker)
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
    """:func:`stormwater.dialogue.offers.offer_taken_up` for the latest message."""
    return words_taken_up(tracker.latest_message.get("text") or "", tracker.get_slot("offer"), tracker.events)
