"""What the actions read from a conversation: its village, and whether it came by SMS
(:mod:`actions.replies_out` sends the replies)."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet

from stormwater.law.villages import Village, get_village


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


def by_sms(tracker: Optional[Tracker]) -> bool:
    """Whether the latest message came by text (the SMS channel's metadata)."""
    metadata = (tracker.latest_message.get("metadata") or {}) if tracker is not None else {}
    return metadata.get("channel") == "sms"
