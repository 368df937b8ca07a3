"""The village's contacts as a reply: shared by the contact actions and the report form's
answer to "who do I call?" asked mid-report, so neither action module imports the other."""
from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import current_village, village_events
from actions.replies_out import ask_for_village, response_text, send
from actions.updates import answer_updates
from stormwater.dialogue.replies import contact_replies
from stormwater.understanding.answer_words import wants_no_contact


def give_contact(dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[Text, Any]) -> List[Dict[Text, Any]]:
    """The village's contacts, then (outside a report) the offer to pass a message to staff."""
    if wants_no_contact(tracker.latest_message.get("text") or ""):
        declined = answer_updates(dispatcher, tracker, False)  # "don't text me" to the update question
        if declined is not None:
            return declined
    village = current_village(tracker)
    if village is None:
        return ask_for_village(dispatcher, None)
    send(dispatcher, contact_replies(village, response_text(domain, "utter_example_contacts_note")))
    if tracker.active_loop.get("name"):
        return village_events(tracker, village) + [SlotSet("offer", None)]
    dispatcher.utter_message(response="utter_offer_handoff")
    return village_events(tracker, village) + [SlotSet("offer", "handoff")]
