"""The optional e-mail receipt after a report is filed in the web chat (issue 32), as replies:
the offer with its buttons, and the answers to a yes, a no or a typed address. Wording:
``data/messages.yml`` (``receipt``). Plain functions; the action reads the ticket and queues.

Web chat only: by SMS the offer would push the filed message past its three-segment budget,
and the resident there has the text itself as a record. Never after "don't contact me"."""
from __future__ import annotations

from typing import List, Optional, Tuple

from stormwater.dialogue.replies import Reply
from stormwater.reports import receipts
from stormwater.store.wording import load_messages

# The "offer" slot while the offer waits: receipt:<reference> (the address is never in a slot).
OFFER_PREFIX = "receipt:"


def said(key: str, **values: str) -> Reply:
    """The receipt's words of ``key``, filled in with ``values`` (as they are without any)."""
    text = load_messages()["receipt"][key]
    return Reply(f"receipt_{key}", text=text.format(**values) if values else text)


def offer(reference: str, channel: str, contact_wanted: bool) -> Tuple[List[Reply], Optional[str]]:
    """The offer of the receipt of ``reference`` and the ``offer`` slot it leaves (nothing by
    SMS or after "don't contact me")."""
    if channel == "sms" or not contact_wanted:
        return [], None
    words = load_messages()["receipt"]
    buttons = [{"title": words["offer_yes_title"], "payload": "yes"}, {"title": words["offer_no_title"], "payload": "no"}]
    return [Reply("receipt_offer", text=words["offer"].format(reference=reference), buttons=buttons)], f"{OFFER_PREFIX}{reference}"


def offered_reference(offer_slot: Optional[str]) -> Optional[str]:
    """The reference whose receipt was offered last, or ``None``."""
    offer_slot = offer_slot or ""
    return offer_slot[len(OFFER_PREFIX):] if offer_slot.startswith(OFFER_PREFIX) else None


def without_address(found: str, reply: Optional[str], reference: str) -> Optional[Tuple[Reply, bool]]:
    """A yes (ask for the address) or a no with no address typed, and whether the offer closes;
    ``None`` when an address was typed, or the words are neither."""
    if found != receipts.NONE or reply not in ("yes", "no"):
        return None
    return said("ask_address" if reply == "yes" else "declined", reference=reference), reply == "no"


def address_problem(found: str) -> Optional[Reply]:
    """What is wrong with the address typed (too long, unclear); the offer stays open."""
    if found == receipts.FOUND:
        return None
    return said("too_long" if found == receipts.TOO_LONG else "unclear")
