"""The durable outbox: alerts and texts written in the transaction of the change that causes them.

Handlers of ticket events (registered by :mod:`stormwater.alerts.hooks`; :func:`on_ticket_filed`,
:func:`on_status_change`, :func:`on_shared_note`) only insert rows; nothing is sent here, so
a mail server or Twilio that is down can neither lose a ticket nor delay the resident's
reply. Each row has a ``dedupe_key`` (UNIQUE): writing the same alert twice keeps one row.
The worker (:mod:`stormwater.alerts.worker`) claims and sends rows.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import List, Optional

from sqlite_utils import Database

from stormwater.alerts.config import village_alerts
from stormwater.law.villages import get_village
from stormwater.store.clock import iso, utc_now
from stormwater.store.wording import load_messages
from stormwater.store.database import immediate
from stormwater.store.settings import current as current_settings
from stormwater.store.sms_consent import is_opted_out

log = logging.getLogger(__name__)

PENDING, SENT, FAILED, HELD = "pending", "sent", "failed", "held"
UPDATE_STATUSES = ("investigating", "resolved", "closed")  # the moves a reporter is texted about
# Confirmation texts ("Reply YES to get updates on BAY-...") one number may get in a day,
# whoever asks: a form filled with a stranger's number costs them at most this many texts.
CONFIRMATIONS_PER_DAY = 2
CONFIRM_KEY = "confirm:"  # dedupe_key prefix of confirmation texts (purpose reporter_update)


def _words() -> dict:
    return load_messages()["alerts"]


def _village_name(slug: str) -> str:
    village = get_village(slug)
    return village.short_name if village else slug


def _sms_number(slug: str) -> Optional[str]:
    village = get_village(slug)
    return village.sms_numbers[0] if village and village.sms_numbers else None


def _day(value: Optional[date]) -> str:
    return f"{value:%A, %B} {value.day}, {value.year}" if value else _words()["no_deadline"]


def desk_link(reference: Optional[str] = None) -> str:
    """The staff desk's address (of one ticket), from the public URL of this process's settings
    (``HELPDESK_PUBLIC_URL``, read by its entry point)."""
    base = current_settings().public_url.rstrip("/")
    return f"{base}/staff/tickets/{reference}" if reference else f"{base}/staff/"


def kind_words(kind: str) -> str:
    """A report kind as staff read it ("failing septic system")."""
    return _words()["kinds"].get(kind, kind.replace("_", " "))


def enqueue(
    db: Database, *, dedupe_key: str, village: str, purpose: str, channel: str, recipient: str, body: str,
    subject: Optional[str] = None, sender: Optional[str] = None, ticket_reference: Optional[str] = None,
    now: Optional[datetime] = None,
) -> bool:
    """Write one outbox row (inside the caller's transaction); ``False`` if its key was written before."""
    stamp = iso(now)
    cursor = db.conn.execute(
        "INSERT OR IGNORE INTO alert_outbox (dedupe_key, village, ticket_reference, purpose, channel, recipient,"
        " sender, subject, body, state, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [dedupe_key, village, ticket_reference, purpose, channel, recipient, sender, subject, body, PENDING, stamp, stamp],
    )
    return cursor.rowcount == 1


def on_ticket_filed(db: Database, ticket, now: Optional[datetime] = None) -> int:
    """Queue the new-report alerts of ``ticket`` (a :class:`stormwater.reports.ticket_store.Ticket`); the count.

    Call inside the transaction that inserted the ticket. The alert carries the reference,
    kind, hazard, location, deadlines and the desk link, and nothing else about the reporter.
    """
    words = _words()
    recipients = village_alerts(ticket.village).for_report(ticket.kind, ticket.hazardous)
    values = {
        "village": _village_name(ticket.village),
        "reference": ticket.reference,
        "kind": kind_words(ticket.kind),
        "hazardous": "YES" if ticket.hazardous else "no",
        "hazard_tag": words["hazard_tag"] if ticket.hazardous else "",
        "location": " ".join(str(ticket.location or "").split()) or words["no_location"],
        "notify_by": _day(ticket.notify_by),
        "written_by": _day(ticket.written_by),
        "desk_link": desk_link(ticket.reference),
    }
    count = 0
    for r in recipients:
        if r.channel == "email":
            count += enqueue(
                db, dedupe_key=f"new:{ticket.reference}:email:{r.address}", village=ticket.village, purpose="new_ticket",
                channel="email", recipient=r.address, subject=words["email_subject"].format(**values),
                body=words["email_body"].format(**values), ticket_reference=ticket.reference, now=now,
            )
        else:
            count += enqueue(
                db, dedupe_key=f"new:{ticket.reference}:sms:{r.address}", village=ticket.village, purpose="new_ticket",
                channel="sms", recipient=r.address, sender=_sms_number(ticket.village),
                body=words["sms"].format(**values), ticket_reference=ticket.reference, now=now,
            )
    return count


def _update_recipient(db: Database, reference: str) -> Optional[str]:
    row = db.conn.execute(
        "SELECT u.phone FROM reporter_updates u WHERE u.ticket_reference = ? AND u.wanted = 1"
        " AND u.confirmed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone = u.phone)",
        [reference],
    ).fetchone()
    return row[0] if row else None


def update_recipient(db: Database, reference: str) -> Optional[str]:
    """The number a shared note or a status move of the ticket is texted to: one that agreed
    to updates and did not opt out (``None``: no text goes)."""
    return _update_recipient(db, reference)


def _queue_update(db: Database, reference: str, village: str, key: str, text: str, now) -> bool:
    phone = _update_recipient(db, reference)
    sender = _sms_number(village)
    if not phone or not sender:
        return False
    return enqueue(
        db, dedupe_key=key, village=village, purpose="reporter_update", channel="sms", recipient=phone, sender=sender,
        body=text + _words()["update_stop_hint"], ticket_reference=reference, now=now,
    )


def on_status_change(db: Database, reference: str, village: str, new_status: str, stamp: str,
                     now: Optional[datetime] = None) -> bool:
    """Queue the reporter's update text for a move to ``new_status`` (if they said yes).

    Call inside the transaction of the change; ``stamp`` (the change's time) makes each change
    one text, however often this is called for it.
    """
    template = _words()["update_status"].get(new_status)
    if new_status not in UPDATE_STATUSES or not template:
        return False
    text = template.format(village=_village_name(village), reference=reference)
    return _queue_update(db, reference, village, f"update:{reference}:status:{new_status}:{stamp}", text, now)


def on_shared_note(db: Database, reference: str, note_id: int, body: str, now: Optional[datetime] = None) -> bool:
    """Queue the reporter's update text for a note staff shared with them (if they said yes)."""
    row = db.conn.execute("SELECT village FROM tickets WHERE reference = ?", [reference]).fetchone()
    if row is None:
        return False
    village = row[0]
    text = _words()["update_note"].format(village=_village_name(village), reference=reference, note=" ".join(body.split()))
    return _queue_update(db, reference, village, f"update:{reference}:note:{note_id}", text, now)


def request_confirmation(db: Database, reference: str, village: str, phone: str, now: Optional[datetime] = None) -> bool:
    """Queue the one text asking ``phone`` to reply YES for updates on ``reference``; ``False``
    when none may go (the village has no text number, the number opted out, or it already got
    :data:`CONFIRMATIONS_PER_DAY` confirmation texts in the last day)."""
    sender = _sms_number(village)
    if not sender or is_opted_out(db, phone):
        return False
    since = iso(utc_now(now) - timedelta(days=1))
    with immediate(db):
        sent = db.conn.execute(
            "SELECT COUNT(*) FROM alert_outbox WHERE dedupe_key LIKE ? AND recipient = ? AND created_at >= ?",
            [CONFIRM_KEY + "%", phone, since],
        ).fetchone()[0]
        if sent >= CONFIRMATIONS_PER_DAY:
            return False
        text = _words()["updates_confirm_text"].format(village=_village_name(village), reference=reference)
        # One per report; the key names no number (retention blanks recipient and body, not keys).
        return enqueue(db, dedupe_key=f"{CONFIRM_KEY}{reference}", village=village, purpose="reporter_update",
                       channel="sms", recipient=phone, sender=sender, body=text, ticket_reference=reference, now=now)


@dataclass(frozen=True)
class AlertState:
    """One outbox row as the ticket page shows it (no body: the page shows the ticket itself)."""

    id: int
    purpose: str
    channel: str
    recipient: str
    state: str
    attempts: int
    created_at: datetime
    sent_at: Optional[datetime]
    last_error: Optional[str]


def for_ticket(db: Database, reference: str) -> List[AlertState]:
    """The alerts and texts of one ticket, oldest first."""
    rows = db.conn.execute(
        "SELECT id, purpose, channel, recipient, state, attempts, created_at, sent_at, last_error"
        " FROM alert_outbox WHERE ticket_reference = ? ORDER BY id",
        [reference],
    ).fetchall()
    return [
        AlertState(r[0], r[1], r[2], r[3], r[4], r[5], datetime.fromisoformat(r[6]),
                   datetime.fromisoformat(r[7]) if r[7] else None, r[8])
        for r in rows
    ]


def held_for_inbox(db: Database, villages: Optional[List[str]] = None, limit: int = 200) -> List[dict]:
    """New-report alerts that could not be e-mailed (e-mail is off) for tickets still ``new``:
    the staff inbox shows them until someone takes the ticket up.

    :param villages: the villages the reader may see (``None``: all)
    """
    scope, params = "", []
    if villages is not None:
        scope = f" AND o.village IN ({', '.join('?' for _ in villages) or 'NULL'})"
        params = list(villages)
    rows = db.conn.execute(
        "SELECT o.id, o.village, o.ticket_reference, o.subject, o.created_at FROM alert_outbox o"
        " JOIN tickets t ON t.reference = o.ticket_reference"
        f" WHERE o.state = 'held' AND o.channel = 'email' AND o.purpose = 'new_ticket' AND t.status = 'new'{scope}"
        " GROUP BY o.ticket_reference ORDER BY o.id LIMIT ?",
        [*params, limit],
    ).fetchall()
    return [{"id": r[0], "village": r[1], "reference": r[2], "subject": r[3], "created_at": datetime.fromisoformat(r[4])}
            for r in rows]


def retry_after(attempts: int) -> timedelta:
    """The pause before attempt ``attempts + 1``: 5 s doubling to at most 10 minutes."""
    return timedelta(seconds=min(600, 5 * 2 ** max(0, attempts - 1)))
