"""How a spill report opens, from a Tracker to the dispatcher: safety first, or the verdict
first when the words ask about the law. A plain helper, no action: the spill action and a
"yes" to the offer to report share it."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import by_sms, current_village, village_events
from actions.replies_out import ask_for_village, send
from actions.law_answers import answer_question, clear_clarification, question_in
from stormwater.dialogue.offers import offer_taken_up as words_taken_up
from stormwater.dialogue.spill_safety import safety_replies
from stormwater.dialogue import spill_route


def safety_first(dispatcher: CollectingDispatcher, tracker: Tracker, text: str) -> List[Dict[str, Any]]:
    """What a spill report opens with, for the release ``text`` describes
    (:func:`stormwater.dialogue.spill_safety.safety_replies`)."""
    send(dispatcher, safety_replies(current_village(tracker), text), sms=by_sms(tracker))
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
