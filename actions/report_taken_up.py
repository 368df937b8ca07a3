"""A "yes" to "Want village staff to look into it?", from a Tracker to events: the report
begun with the question's own words. A plain helper, no action: the contact and offer answers
share it."""
from __future__ import annotations

from rasa_sdk import Tracker
from rasa_sdk.events import FollowupAction, SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.report_start import Events, begin_report
from actions.spill_start import offer_taken_up, safety_first
from stormwater.dialogue.offers import offered_report
from stormwater.dialogue.meaning_replies import report_words


def take_up_report(dispatcher: CollectingDispatcher, tracker: Tracker) -> Events:
    """"yes" to "Want village staff to look into it?": as if the "Report it" button was tapped,
    with the question's own words, so the place and whose it is are not asked again."""
    words = offer_taken_up(tracker) or report_words((offered_report(tracker.get_slot("offer")) or None))
    events = safety_first(dispatcher, tracker, words) + begin_report(dispatcher, tracker, "spill", words)
    return events + [SlotSet("offer", None), FollowupAction("report_form")]
