"""The number a texter is texting from, where they ask to be called back on it (a plain
helper of the report form's actions, not an action)."""
from __future__ import annotations

from rasa_sdk import Tracker

from actions.action_db import database
from actions.conversation import by_sms
from stormwater.store.message_log import sending_number
from stormwater.understanding.own_number import means_own_number


def answer_text(tracker: Tracker, asked: str) -> str:
    """The latest message's words; by SMS, at the phone question, "this number" becomes the
    number the conversation's latest text came from, so it is read (and said back) as if typed."""
    text = tracker.latest_message.get("text") or ""
    if asked != "reporter_phone" or not by_sms(tracker) or not means_own_number(text):
        return text
    with database() as db:
        number = sending_number(db, tracker.sender_id)
    return number or text
