"""After a report is filed: its deadlines as a calendar file, "Can we text you when staff
update this report?" and the answer to it, as replies. Wording: ``data/messages.yml``
(``alerts``). Plain functions; the action reads the ticket and records the choice.

Consent is the phone owner's: by SMS the updates go to the number the report was texted
from (whatever number was typed); by web chat the typed number gets one text asking it to
reply YES, and no update until it does."""
from __future__ import annotations

from typing import Callable, List, Optional, Tuple

from stormwater.dialogue.replies import Reply
from stormwater.law.villages import Village, normalize_phone
from stormwater.store.wording import load_messages

# The "offer" slot while the question waits: updates:<reference>. Not the number: Rasa's
# tracker store replaces phone numbers with hashes (stormwater/redaction.py), so it is read
# from the ticket.
OFFER_PREFIX = "updates:"


def textable(phone: Optional[str]) -> Optional[str]:
    """The reporter's number in E.164 form if a text can reach it (a US number), else ``None``."""
    number = normalize_phone(phone or "")
    return number if len(number) == 12 and number.startswith("+1") else None


def calendar_offer(ticket, channel: str, letter_url: Callable[[str], str]) -> List[Reply]:
    """The deadlines as a calendar file, on the web for a report with a notice or a letter (by
    SMS the dates were said in words)."""
    if channel == "sms" or not (ticket.notify_by or ticket.written_by) or not ticket.letter_token:
        return []
    url = f"{letter_url(ticket.letter_token)}/deadlines.ics"
    text = load_messages()["alerts"]["calendar_offer"].format(calendar_url=url)
    return [Reply("calendar_offer", text=text, custom={"type": "deadlines_calendar", "calendar_url": url})]


def update_question(reference: str, village: Village) -> Tuple[List[Reply], Optional[str]]:
    """The update question and the ``offer`` it leaves; a village with no SMS number says so
    instead and leaves none (the e-mail receipt's offer comes next)."""
    words = load_messages()["alerts"]
    if not village.sms_numbers:
        return [Reply("updates_no_phone_number", text=words["updates_no_phone_number"].format(reference=reference))], None
    buttons = [{"title": words["updates_yes_title"], "payload": "yes"}, {"title": words["updates_no_title"], "payload": "no"}]
    return [Reply("updates_question", text=words["updates_question"], buttons=buttons)], f"{OFFER_PREFIX}{reference}"


def offered_reference(offer: Optional[str]) -> Optional[str]:
    """The report whose update question waits in the ``offer`` slot, else ``None``."""
    return offer[len(OFFER_PREFIX):] if (offer or "").startswith(OFFER_PREFIX) else None


def updates_reply(wanted: bool, by_sms: bool, confirmation_sent: bool, phone: str, reference: str) -> Reply:
    """The answer to a yes or no: by SMS the texts start; on the web a text asks the number to
    confirm (unless too many were asked for it today)."""
    key = "updates_yes" if by_sms else ("updates_confirm_sent" if confirmation_sent else "updates_confirm_limited")
    key = key if wanted else "updates_no"
    return Reply(key, text=load_messages()["alerts"][key].format(phone=phone, reference=reference))
