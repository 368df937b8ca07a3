"""After a report is filed: its deadlines as a calendar file, "Can we text you when staff
update this report?" for a reporter who gave a phone number, then the e-mail receipt's offer
(:mod:`actions.receipt_offer`). Wording: ``data/messages.yml``
(``alerts``); what is stored: :mod:`stormwater.store.sms_consent`.

Consent is the phone owner's: by SMS the updates go to the number the report was texted
from (whatever number was typed); by web chat the typed number gets one text asking it to
reply YES, and no update until it does."""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Text

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.action_db import database
from actions.receipt_offer import offer_receipt
from stormwater.alerts import outbox
from stormwater.store import sms_consent
from stormwater.store.wording import load_messages
from stormwater.reports.ticket_store import get_ticket
from stormwater.store.message_log import sending_number
from stormwater.law.villages import normalize_phone
from stormwater.reports.answer_words import wants_no_contact

# The "offer" slot while the question waits: updates:<reference>. Not the number: Rasa's
# tracker store replaces phone numbers with hashes (stormwater/redaction.py), so it is read
# from the ticket.
OFFER_PREFIX = "updates:"


def textable(phone: Optional[str]) -> Optional[str]:
    """The reporter's number in E.164 form if a text can reach it (a US number), else ``None``."""
    number = normalize_phone(phone or "")
    return number if len(number) == 12 and number.startswith("+1") else None


def after_filing(dispatcher: CollectingDispatcher, ticket, village, channel: str, letter_url: Callable[[str], str],
                 contact_wanted: bool = True) -> List[Dict[Text, Any]]:
    """Offer the calendar file (web: by SMS the dates were said in words) and ask the update
    question, unless the resident asked not to be contacted; the events that remember the question."""
    words = load_messages()["alerts"]
    if channel != "sms" and (ticket.notify_by or ticket.written_by) and ticket.letter_token:
        url = f"{letter_url(ticket.letter_token)}/deadlines.ics"
        dispatcher.utter_message(text=words["calendar_offer"].format(calendar_url=url),
                                 json_message={"type": "deadlines_calendar", "calendar_url": url})
    if not contact_wanted:
        return []  # "don't contact me": no update texts, not even to the number that texted
    phone = textable(ticket.reporter_phone)
    if channel == "sms":
        with database() as db:
            phone = textable(sending_number(db, ticket.sender_key))
    if phone is None:
        return offer_receipt(dispatcher, ticket.reference, channel)
    if not village.sms_numbers:
        dispatcher.utter_message(text=words["updates_no_phone_number"].format(reference=ticket.reference))
        return offer_receipt(dispatcher, ticket.reference, channel)
    dispatcher.utter_message(
        text=words["updates_question"],
        buttons=[{"title": words["updates_yes_title"], "payload": "yes"}, {"title": words["updates_no_title"], "payload": "no"}],
    )
    return [SlotSet("offer", f"{OFFER_PREFIX}{ticket.reference}")]


def answer_updates(dispatcher: CollectingDispatcher, tracker: Tracker, wanted: bool) -> Optional[List[Dict[Text, Any]]]:
    """Record the yes or no to the update question if it is the last offer (else ``None``)."""
    offer = tracker.get_slot("offer") or ""
    if not offer.startswith(OFFER_PREFIX):
        return None
    reference = offer[len(OFFER_PREFIX):]
    words = load_messages()["alerts"]
    with database() as db:
        ticket = get_ticket(db, reference)
        if not ticket or ticket.sender_key != tracker.sender_id:
            return [SlotSet("offer", None)]  # not this conversation's report: nothing to record
        by_sms = ticket.channel == "sms"
        phone = textable(sending_number(db, ticket.sender_key) if by_sms else ticket.reporter_phone)
        if phone is None:
            return [SlotSet("offer", None)]
        sms_consent.record_updates_choice(db, ticket.reference, phone, wanted, confirmed=by_sms)
        key = "updates_yes" if by_sms else "updates_confirm_sent"
        if wanted and not by_sms and not outbox.request_confirmation(db, ticket.reference, ticket.village, phone):
            key = "updates_confirm_limited"
    text = words[key if wanted else "updates_no"].format(phone=phone, reference=reference)
    dispatcher.utter_message(text=text)
    # Then the e-mail receipt, one offer at a time (web chat; "don't text me" asked for no contact).
    return [SlotSet("offer", None)] + offer_receipt(dispatcher, reference, ticket.channel,
                                                     contact_wanted=not wants_no_contact(tracker.latest_message.get("text") or ""))
