"""The optional e-mail receipt after a report is filed in the web chat (issue 32), from a
Tracker to the dispatcher (shared by the yes/no actions, the fallback and
:mod:`actions.receipt`); the replies are :mod:`stormwater.dialogue.receipt_turns`', what is
stored and queued :mod:`stormwater.reports.receipts`'."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Text

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.action_db import database
from actions.replies_out import send
from stormwater.dialogue import receipt_turns
from stormwater.reports import receipts
from stormwater.reports.ticket_store import get_ticket


def offer_receipt(dispatcher: CollectingDispatcher, reference: str, channel: str,
                  contact_wanted: bool = True) -> List[Dict[Text, Any]]:
    """Offer the receipt of ``reference`` (web chat, and not after "don't contact me")."""
    replies, offer = receipt_turns.offer(reference, channel, contact_wanted)
    send(dispatcher, replies)
    return [SlotSet("offer", offer)] if offer else []


def offered_receipt(tracker: Tracker) -> Optional[str]:
    """The reference whose receipt was offered last, or ``None``."""
    return receipt_turns.offered_reference(tracker.get_slot("offer"))


def answer_receipt(dispatcher: CollectingDispatcher, tracker: Tracker, reply: Optional[str]) -> Optional[List[Dict[Text, Any]]]:
    """The answer to the receipt offer if it is the last offer (else ``None``): an address typed
    (with or without a yes), a yes without one (ask for it), or a no (``reply``: "yes", "no"
    or ``None`` when the words are neither)."""
    reference = offered_receipt(tracker)
    if reference is None:
        return None
    address, found = receipts.read_address(tracker.latest_message.get("text") or "")
    plain = receipt_turns.without_address(found, reply, reference)
    if plain is not None:
        send(dispatcher, [plain[0]])
        return [SlotSet("offer", None)] if plain[1] else []
    if found == receipts.NONE:
        return None
    problem = receipt_turns.address_problem(found)
    if problem is not None:
        send(dispatcher, [problem])
        return []  # the offer stays open for a corrected address
    with database() as db:
        ticket = get_ticket(db, reference)
        if ticket is None or ticket.sender_key != tracker.sender_id:
            return [SlotSet("offer", None)]  # not this conversation's report
        if receipts.receipts_queued(db, ticket.reference) >= receipts.RECEIPTS_PER_REPORT:
            key = "limit"
        else:
            key = "queued" if receipts.request_receipt(db, ticket.reference, address) else "failed"
    send(dispatcher, [receipt_turns.said(key, reference=reference, address=address)])
    return [SlotSet("offer", None)]
