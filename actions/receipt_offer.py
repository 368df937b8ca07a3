"""The optional e-mail receipt after a report is filed in the web chat (issue 32): the offer
with its buttons, the yes or no, and the typed address (shared by the yes/no actions, the
fallback and :mod:`actions.receipt`). What is stored and queued:
:mod:`stormwater.reports.receipts`; the receipt's text: :mod:`stormwater.alerts.receipt`.

Web chat only: by SMS the offer would push the filed message past its three-segment budget,
and the resident there has the text itself as a record. Never after "don't contact me".
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Text

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.action_db import database
from stormwater.reports import receipts
from stormwater.reports.ticket_store import get_ticket
from stormwater.store.wording import load_messages

# The "offer" slot while the offer waits: receipt:<reference> (the address is never in a slot).
OFFER_PREFIX = "receipt:"


def _words() -> dict:
    return load_messages()["receipt"]


def offer_receipt(dispatcher: CollectingDispatcher, reference: str, channel: str,
                  contact_wanted: bool = True) -> List[Dict[Text, Any]]:
    """Offer the receipt of ``reference`` (web chat, and not after "don't contact me")."""
    if channel == "sms" or not contact_wanted:
        return []
    words = _words()
    dispatcher.utter_message(
        text=words["offer"].format(reference=reference),
        buttons=[{"title": words["offer_yes_title"], "payload": "yes"}, {"title": words["offer_no_title"], "payload": "no"}],
    )
    return [SlotSet("offer", f"{OFFER_PREFIX}{reference}")]


def offered_receipt(tracker: Tracker) -> Optional[str]:
    """The reference whose receipt was offered last, or ``None``."""
    offer = tracker.get_slot("offer") or ""
    return offer[len(OFFER_PREFIX):] if offer.startswith(OFFER_PREFIX) else None


def answer_receipt(dispatcher: CollectingDispatcher, tracker: Tracker, reply: Optional[str]) -> Optional[List[Dict[Text, Any]]]:
    """The answer to the receipt offer if it is the last offer (else ``None``): an address typed
    (with or without a yes), a yes without one (ask for it), or a no (``reply``: "yes", "no"
    or ``None`` when the words are neither)."""
    reference = offered_receipt(tracker)
    if reference is None:
        return None
    text = tracker.latest_message.get("text") or ""
    address, found = receipts.read_address(text)
    if found == receipts.NONE and reply in ("yes", "no"):
        key = "ask_address" if reply == "yes" else "declined"
        dispatcher.utter_message(text=_words()[key].format(reference=reference))
        return [] if reply == "yes" else [SlotSet("offer", None)]
    if found == receipts.NONE:
        return None
    return _take_address(dispatcher, tracker, reference, address, found)


def _take_address(dispatcher: CollectingDispatcher, tracker: Tracker, reference: str, address: Optional[str],
                  found: str) -> List[Dict[Text, Any]]:
    words = _words()
    if found != receipts.FOUND:
        dispatcher.utter_message(text=words["too_long" if found == receipts.TOO_LONG else "unclear"])
        return []  # the offer stays open for a corrected address
    with database() as db:
        ticket = get_ticket(db, reference)
        if ticket is None or ticket.sender_key != tracker.sender_id:
            return [SlotSet("offer", None)]  # not this conversation's report
        if receipts.receipts_queued(db, ticket.reference) >= receipts.RECEIPTS_PER_REPORT:
            key = "limit"
        else:
            key = "queued" if receipts.request_receipt(db, ticket.reference, address) else "failed"
    dispatcher.utter_message(text=words[key].format(reference=reference, address=address))
    return [SlotSet("offer", None)]
