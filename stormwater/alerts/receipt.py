"""The reporter's e-mail receipt: written to the outbox when a ticket announces
:data:`~stormwater.reports.ticket_events.RECEIPT_REQUESTED` (registered by
:mod:`stormwater.alerts.hooks`), sent by the worker like any e-mail, held when e-mail is off.

The row is a ``reporter_update`` (a message to the reporter): retention blanks its recipient
and body with the reporter's other messages (:mod:`stormwater.staff.purge`). It never holds
the status check code: the resident has it from the filed message.
"""
from __future__ import annotations

from datetime import datetime
from typing import Optional

from sqlite_utils import Database

from stormwater.alerts.outbox import enqueue
from stormwater.law.deadline_words import notify_words, ticket_deadlines, written_words
from stormwater.law.villages import get_village
from stormwater.store.settings import current as current_settings
from stormwater.store.wording import load_messages

PURPOSE = "reporter_update"


def _words() -> dict:
    return load_messages()["receipt"]


def _one_line(value) -> str:
    return " ".join(str(value or "").split())


def receipt_text(ticket, village, public_url: str) -> str:
    """The plain-text receipt of ``ticket``: reference, village, what and where, deadlines in
    words, the letter's link, and where to look up the status.

    :param public_url: the help desk's public address (``""``: no links; the chat is named instead)
    """
    words = _words()
    values = {
        "reference": ticket.reference,
        "village": village.short_name,
        "material": _one_line(ticket.fields.get("material")) or words["not_given"],
        "place": _one_line(ticket.location or ticket.fields.get("location")) or words["not_given"],
    }
    parts = [words["body"].format(**values)]
    deadlines = ticket_deadlines(ticket, village)
    if deadlines:
        notice = village.spill_notice
        parts.append(words["deadlines"].format(notify=notice.notify, notify_by=notify_words(village, deadlines),
                                               written_by=written_words(village, deadlines)))
        if public_url and ticket.letter_token:
            parts.append(words["letter"].format(letter_url=current_settings().letter_url(ticket.letter_token)))
    status = words["status_link" if public_url else "status_chat"]
    parts.append(status.format(reference=ticket.reference, status_url=f"{public_url}/status"))
    parts.append(words["footer"].format(village=village.short_name))
    return "\n\n".join(parts)


def on_receipt_requested(db: Database, ticket, now: Optional[datetime] = None) -> bool:
    """Queue the receipt of ``ticket`` to its ``reporter_email`` (inside the caller's transaction)."""
    village = get_village(ticket.village)
    if village is None or not ticket.reporter_email:
        return False
    count = db.conn.execute("SELECT COUNT(*) FROM alert_outbox WHERE dedupe_key LIKE ?",
                            [f"receipt:{ticket.reference}:%"]).fetchone()[0]
    # The key names no address: retention blanks recipient and body, not keys.
    return enqueue(
        db, dedupe_key=f"receipt:{ticket.reference}:{count + 1}", village=ticket.village, purpose=PURPOSE,
        channel="email", recipient=ticket.reporter_email,
        subject=_words()["subject"].format(reference=ticket.reference, village=village.short_name),
        body=receipt_text(ticket, village, current_settings().public_url.rstrip("/")),
        ticket_reference=ticket.reference, now=now,
    )
