"""A yes or no to the offer made last, from a Tracker to the dispatcher: the update texts, the
e-mail receipt, or the report offered after an answer. A plain helper, no action: the yes, no
and fallback actions share it (which offer is open is the ``offer`` slot's prefix)."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.receipt_offer import answer_receipt
from actions.report_taken_up import take_up_report
from actions.updates import answer_updates
from stormwater.dialogue.offers import detail_after_offer, offered_report
from stormwater.understanding.answer_words import wants_no_contact
from stormwater.understanding.offer_replies import reply_to_offer

Events = List[Dict[str, Any]]


def answer_open_offer(dispatcher: CollectingDispatcher, tracker: Tracker, yes: bool) -> Optional[Events]:
    """A yes or no to the update texts or the e-mail receipt, if one of them was offered last."""
    updates = answer_updates(dispatcher, tracker, yes)  # "yes" to texts about a report
    if updates is not None:
        return updates
    return answer_receipt(dispatcher, tracker, "yes" if yes else "no")  # "Email me a receipt"


def answer_offer(dispatcher: CollectingDispatcher, tracker: Tracker) -> Optional[Events]:
    """A yes or no NLU did not hear, typed to the offer made last (to report, update texts, or
    the e-mail receipt, where an address typed is the answer too)."""
    text = tracker.latest_message.get("text") or ""
    reply = reply_to_offer(text)
    if wants_no_contact(text):
        reply = "no"  # "don't text me" to "Can we text you when staff update this report?"
    receipt = answer_receipt(dispatcher, tracker, "yes" if reply in ("yes", "report") else reply)  # or an address
    if receipt is not None:
        return receipt
    offered = offered_report(tracker.get_slot("offer")) is not None
    if offered and detail_after_offer(text):
        # "dunno who", "this morning", "no wait, it was at ...": the resident goes on with the report instead of a yes
        return take_up_report(dispatcher, tracker)
    if reply is None:
        return None
    updates = answer_updates(dispatcher, tracker, reply in ("yes", "report"))
    if updates is not None:
        return updates
    if offered and reply in ("yes", "report"):
        return take_up_report(dispatcher, tracker)
    return None
