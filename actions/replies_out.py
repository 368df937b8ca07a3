"""Replies out, from the dialogue's :class:`~stormwater.dialogue.replies.Reply` to the dispatcher
(the wording by SMS is :mod:`stormwater.dialogue.replies_out`')."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import by_sms
from stormwater.dialogue.replies_out import ask_village, worded
from stormwater.dialogue.replies import Reply


def send(dispatcher: CollectingDispatcher, replies: List[Reply], sms: bool = False) -> None:
    """Utter each reply through its domain response (or its written-out text); by SMS, a
    response with SMS wording of its own in those words."""
    for reply in worded(replies, sms):
        if reply.text is not None:
            dispatcher.utter_message(text=reply.text, json_message=reply.custom, buttons=reply.buttons)
            continue
        dispatcher.utter_message(
            response=reply.response, json_message=reply.custom, buttons=reply.buttons, **reply.values
        )


def utter(dispatcher: CollectingDispatcher, tracker: Tracker, response: str, **values: Any) -> None:
    """One domain response, in its SMS wording when the message came by text."""
    send(dispatcher, [Reply(response, dict(values))], sms=by_sms(tracker))


def ask_for_village(dispatcher: CollectingDispatcher, pending: Optional[dict]) -> List[Dict[str, Any]]:
    """Ask which village applies, keeping the question to answer once it is known."""
    send(dispatcher, [ask_village()])
    return [SlotSet("pending_question", pending)]


def response_text(domain: Dict[str, Any], name: str) -> str:
    """The first text variant of a domain response (for text embedded in another reply)."""
    variants = (domain.get("responses") or {}).get(name) or [{}]
    return variants[0].get("text", "")
