"""Law answers that follow the previous turn, from a Tracker to the dispatcher: the clarifying
question's answer, "no, it's my neighbour's" and "how do I get rid of it then?". A plain helper,
no action; the decisions are :mod:`stormwater.dialogue.law_turns`' and ``law_followups``'."""
from __future__ import annotations

from typing import Optional

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import current_village, village_events
from actions.replies_out import ask_for_village, send
from actions.law_answers import Events, answer_question, clear_clarification, legal_note_due
from stormwater.dialogue import law_followups, law_turns


def answer_someone_elses(dispatcher: CollectingDispatcher, tracker: Tracker) -> Optional[Events]:
    """"No, it's my neighbour's" right after a discharge answer; ``None`` when it is not that."""
    village = current_village(tracker)
    with_note, noted = legal_note_due(tracker)
    text = tracker.latest_message.get("text") or ""
    turn = law_followups.someone_elses(village, text, tracker.events, with_note) if village else None
    if turn is None:
        return None
    send(dispatcher, turn.replies)
    return clear_clarification(tracker) + noted + [SlotSet(k, v) for k, v in turn.slots]


def answer_clarification(dispatcher: CollectingDispatcher, tracker: Tracker) -> Optional[Events]:
    """Answer the clarifying question asked last, if the latest message answers it; ``None``
    when none waits or the message is a new question (the caller goes on, and clears the slot)."""
    text = tracker.latest_message.get("text") or ""
    settled = law_turns.clarified(tracker.get_slot("clarifying"), text, tracker.events)
    if settled is None:
        return None
    if isinstance(settled, law_turns.LawTurn):  # asked again once
        send(dispatcher, settled.replies)
        return [SlotSet(k, v) for k, v in settled.slots]
    village = current_village(tracker)
    if village is None:
        return [SlotSet("clarifying", None)] + ask_for_village(dispatcher, settled)
    return [SlotSet("clarifying", None)] + village_events(tracker, village) + answer_question(dispatcher, village, settled, tracker)


def answer_what_instead(dispatcher: CollectingDispatcher, tracker: Tracker) -> Optional[Events]:
    """"How am I supposed to get rid of it?" right after a "Not allowed": what the ordinance
    allows instead. ``None`` when the message is not that follow-up, or nothing was refused."""
    village = current_village(tracker)
    text = tracker.latest_message.get("text") or ""
    turn = law_followups.what_instead(village, text, tracker.events) if village else None
    if turn is None:
        return None
    send(dispatcher, turn.replies)
    return village_events(tracker, village) + [SlotSet(k, v) for k, v in turn.slots]
