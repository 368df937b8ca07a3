"""What the actions read from a conversation: its village, the discharges named, and replies out."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from stormwater.store.wording import load_messages
from stormwater.law.catalogue import find_discharges, resolve
from stormwater.law.replies import Reply, village_buttons, village_list
from stormwater.law.villages import Village, get_village, load_villages


def named_village(tracker: Tracker) -> Optional[Village]:
    """A village the resident named in the latest message, if any."""
    for value in tracker.get_latest_entity_values("village"):
        village = get_village(value)
        if village:
            return village
    return None


def channel_village(tracker: Tracker) -> Optional[Village]:
    """The village the web page or SMS number chose (message metadata)."""
    metadata = tracker.latest_message.get("metadata") or {}
    return get_village(metadata.get("village"))


def current_village(tracker: Tracker) -> Optional[Village]:
    """The village whose law applies: named now, else the channel's, else named earlier."""
    return named_village(tracker) or channel_village(tracker) or get_village(tracker.get_slot("village"))


def village_events(tracker: Tracker, village: Village) -> List[Dict[str, Any]]:
    """Remember the village in the tracker when it changed."""
    return [] if tracker.get_slot("village") == village.slug else [SlotSet("village", village.slug)]


def named_discharges(tracker: Tracker) -> List[str]:
    """Canonical keys of the discharges in the latest message: entities first, then the text."""
    keys: List[str] = []
    for value in tracker.get_latest_entity_values("discharge"):
        key = resolve(str(value))
        if key and key not in keys:
            keys.append(key)
    for key in find_discharges(tracker.latest_message.get("text") or ""):
        if key not in keys:
            keys.append(key)
    return keys


def by_sms(tracker: Optional[Tracker]) -> bool:
    """Whether the latest message came by text (the SMS channel's metadata)."""
    metadata = (tracker.latest_message.get("metadata") or {}) if tracker is not None else {}
    return metadata.get("channel") == "sms"


def send(dispatcher: CollectingDispatcher, replies: List[Reply], sms: bool = False) -> None:
    """Utter each reply through its domain response (or its written-out text); by SMS, a
    response with SMS wording of its own (``data/messages.yml`` ``sms_wording``) in those words."""
    wording = (load_messages().get("sms_wording") or {}) if sms else {}
    for reply in replies:
        if reply.text is None and reply.response in wording:
            text = wording[reply.response].format(**reply.values)
            dispatcher.utter_message(text=text, json_message=reply.custom, buttons=reply.buttons)
            continue
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
    villages = list(load_villages().values())
    dispatcher.utter_message(
        response="utter_ask_village", buttons=village_buttons(villages), village_list=village_list(villages)
    )
    return [SlotSet("pending_question", pending)]


def response_text(domain: Dict[str, Any], name: str) -> str:
    """The first text variant of a domain response (for text embedded in another reply)."""
    variants = (domain.get("responses") or {}).get(name) or [{}]
    return variants[0].get("text", "")
