"""Replies as they go out: a reply by SMS in its own words when ``data/messages.yml``
``sms_wording`` has them (a text costs by the segment), and the question which village applies.
Plain functions; the action utters what they return."""
from __future__ import annotations

from dataclasses import replace
from typing import List

from stormwater.dialogue.replies import Reply, village_buttons, village_list
from stormwater.law.villages import load_villages
from stormwater.store.wording import load_messages


def worded(replies: List[Reply], sms: bool) -> List[Reply]:
    """``replies``, by SMS those with SMS wording of their own written out in those words."""
    wording = (load_messages().get("sms_wording") or {}) if sms else {}
    return [
        replace(reply, text=wording[reply.response].format(**reply.values))
        if reply.text is None and reply.response in wording else reply
        for reply in replies
    ]


def ask_village() -> Reply:
    """Which village applies: one button per village."""
    villages = list(load_villages().values())
    return Reply("utter_ask_village", {"village_list": village_list(villages)}, buttons=village_buttons(villages))
