"""The optional e-mail receipt of a filed report: the address the resident typed, checked for a
plausible form, kept as the ticket's ``reporter_email``, and the request announced (issue 32).

The receipt itself is written by whoever handles :data:`ticket_events.RECEIPT_REQUESTED`
(the outbox, :mod:`stormwater.alerts.receipt`), in the same transaction as the address.
"""
from __future__ import annotations

import re
from datetime import datetime
from typing import Optional, Tuple

from sqlite_utils import Database

from stormwater.reports import ticket_events
from stormwater.reports.ticket_store import get_ticket
from stormwater.reports.ticket_updates import update_ticket
from stormwater.store.clock import iso, utc_now
from stormwater.store.database import immediate

MAX_ADDRESS = 254  # RFC 5321's limit on a forward path
MAX_MESSAGE = 500  # longer than any "my email is ..." a resident types: refused unread
# Receipts one report may have queued: a retyped address, but not a way to mail strangers.
RECEIPTS_PER_REPORT = 2
# Conservative on purpose: ASCII local part and dotted domain with a letter TLD; no quoted
# local parts, IP literals or comments (a receipt to one of those is not worth the risk).
_ADDRESS = re.compile(
    r"(?<![\w.+-])([A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24})(?![\w@-])"
)
_LOOKS_LIKE = re.compile(r"\S@\S")

# What read_address found (second item of its result).
FOUND, NONE, TOO_LONG, UNCLEAR = "found", "none", "too_long", "unclear"


def read_address(text: Optional[str]) -> Tuple[Optional[str], str]:
    """The one plausible e-mail address in ``text`` and :data:`FOUND`; else ``None`` and why:
    :data:`NONE` (no address typed), :data:`TOO_LONG`, or :data:`UNCLEAR` (something with an @
    that is not a plausible address, or two addresses)."""
    text = text or ""
    if len(text) > MAX_MESSAGE:
        return None, TOO_LONG
    found = _ADDRESS.findall(text)
    if len(found) == 1 and len(found[0]) <= MAX_ADDRESS and ".." not in found[0]:
        local, domain = found[0].rsplit("@", 1)
        if len(local) <= 64:
            return f"{local}@{domain.lower()}", FOUND
    if found and any(len(a) > MAX_ADDRESS for a in found):
        return None, TOO_LONG
    return None, (UNCLEAR if found or _LOOKS_LIKE.search(text) else NONE)


def receipts_queued(db: Database, reference: str) -> int:
    """How many receipts of ``reference`` were requested (each is one outbox row)."""
    return db.conn.execute("SELECT COUNT(*) FROM alert_outbox WHERE dedupe_key LIKE ?",
                           [f"receipt:{reference}:%"]).fetchone()[0]


def request_receipt(db: Database, reference: str, address: str, now: Optional[datetime] = None) -> bool:
    """Keep ``address`` as the ticket's ``reporter_email`` and announce the request, in one
    transaction; whether a receipt was queued (``False``: the ticket is unknown, has had
    :data:`RECEIPTS_PER_REPORT` receipts, or no handler wrote one; then nothing changed)."""
    with immediate(db):
        ticket = get_ticket(db, reference)
        if ticket is None:
            return False
        before = receipts_queued(db, ticket.reference)
        if before >= RECEIPTS_PER_REPORT:
            return False
        update_ticket(db, ticket.id, {"reporter_email": address, "updated_at": iso(utc_now(now))})
        ticket_events.announce(ticket_events.RECEIPT_REQUESTED, db, get_ticket(db, reference), now=now)
        if receipts_queued(db, ticket.reference) > before:
            return True
        # No receipt was written (no handler, or it failed): the address is not kept for nothing.
        db.conn.execute("UPDATE tickets SET reporter_email = ? WHERE id = ?", [ticket.reporter_email, ticket.id])
    return False
