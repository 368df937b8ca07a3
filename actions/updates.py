"""After a report is filed: the calendar file and the update-texts question, then the e-mail
receipt's offer (:mod:`actions.receipt_offer`); the replies are
:mod:`stormwater.dialogue.update_texts`', what is stored :mod:`stormwater.store.sms_consent`'."""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Text

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.action_db import database
from actions.receipt_offer import offer_receipt
from actions.replies_out import send
from stormwater.alerts import outbox
from stormwater.dialogue import update_texts
from stormwater.dialogue.update_texts import textable
from stormwater.understanding.answer_words import wants_no_contact
from stormwater.reports.ticket_store import get_ticket
from stormwater.store import sms_consent
from stormwater.store.message_log import sending_number


def after_filing(dispatcher: CollectingDispatcher, ticket, village, channel: str, letter_url: Callable[[str], str],
                 contact_wanted: bool = True) -> List[Dict[Text, Any]]:
    """The calendar file and the update question, unless the resident asked not to be
    contacted (not even the number that texted); the events that remember the question."""
    send(dispatcher, update_texts.calendar_offer(ticket, channel, letter_url))
    if not contact_wanted:
        return []
    phone = textable(ticket.reporter_phone)
    if channel == "sms":
        with database() as db:
            phone = textable(sending_number(db, ticket.sender_key))
    replies, offer = update_texts.update_question(ticket.reference, village) if phone else ([], None)
    send(dispatcher, replies)
    return [SlotSet("offer", offer)] if offer else offer_receipt(dispatcher, ticket.reference, channel)


def answer_updates(dispatcher: CollectingDispatcher, tracker: Tracker, wanted: bool) -> Optional[List[Dict[Text, Any]]]:
    """Record the yes or no to the update question if it is the last offer (else ``None``)."""
    reference = update_texts.offered_reference(tracker.get_slot("offer"))
    if reference is None:
        return None
    with database() as db:
        ticket = get_ticket(db, reference)
        if not ticket or ticket.sender_key != tracker.sender_id:
            return [SlotSet("offer", None)]  # not this conversation's report: nothing to record
        by_sms = ticket.channel == "sms"
        phone = textable(sending_number(db, ticket.sender_key) if by_sms else ticket.reporter_phone)
        if phone is None:
            return [SlotSet("offer", None)]
        sms_consent.record_updates_choice(db, ticket.reference, phone, wanted, confirmed=by_sms)
        asked = not wanted or by_sms or outbox.request_confirmation(db, ticket.reference, ticket.village, phone)
    send(dispatcher, [update_texts.updates_reply(wanted, by_sms, asked, phone, reference)])
    # Then the e-mail receipt, one offer at a time (web chat; "don't text me" asked for no contact).
    contact_wanted = not wants_no_contact(tracker.latest_message.get("text") or "")
    return [SlotSet("offer", None)] + offer_receipt(dispatcher, reference, ticket.channel, contact_wanted=contact_wanted)
