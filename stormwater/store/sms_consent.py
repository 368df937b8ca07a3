"""The reporter's consent to texts: the answer to "Can we text you when staff update this
report?" (``reporter_updates``), its confirmation by the phone's owner (YES), and the numbers
that must get no texts at all (``sms_opt_outs``: STOP, or Twilio's error 21610).

The owner of both tables, below every room that asks: the SMS channel (STOP, START, YES), the
update question's action, and the alerts that decide whether a text may go.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import List, Optional

from sqlite_utils import Database

from stormwater.store.clock import iso, utc_now
from stormwater.store.database import immediate

# How long a YES from the number still confirms a request for updates.
CONFIRM_WITHIN = timedelta(days=7)


def record_updates_choice(db: Database, reference: str, phone: str, wanted: bool, *, confirmed: bool,
                          now: Optional[datetime] = None) -> None:
    """Keep the reporter's answer to "Can we text you when staff update this report?"; the
    last answer counts.

    :param confirmed: whether the number's owner said yes from that number (a report by SMS
      from it); otherwise no update is texted until the number answers YES to
      :func:`stormwater.alerts.outbox.request_confirmation`'s text (:func:`confirm_by_text`). The same number answered
      again keeps its confirmation.
    :raises LookupError: for an unknown reference
    """
    with immediate(db):
        if db.conn.execute("SELECT 1 FROM tickets WHERE reference = ?", [reference]).fetchone() is None:
            raise LookupError(f"no ticket {reference!r}")
        stamp = iso(now)
        db.conn.execute(
            "INSERT INTO reporter_updates (ticket_reference, phone, wanted, decided_at, confirmed_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (ticket_reference) DO UPDATE SET confirmed_at = CASE WHEN excluded.phone = reporter_updates.phone"
            " THEN COALESCE(excluded.confirmed_at, reporter_updates.confirmed_at) ELSE excluded.confirmed_at END,"
            " phone = excluded.phone, wanted = excluded.wanted, decided_at = excluded.decided_at",
            [reference, phone, 1 if wanted else 0, stamp, stamp if confirmed else None],
        )


def confirm_by_text(db: Database, phone: str, now: Optional[datetime] = None) -> List[str]:
    """``phone`` texted YES: confirm its requests for updates made in the last
    :data:`CONFIRM_WITHIN` that wait for it; their references (empty: nothing waited)."""
    moment = utc_now(now)
    with immediate(db):
        rows = db.conn.execute(
            "SELECT ticket_reference FROM reporter_updates WHERE phone = ? AND wanted = 1 AND confirmed_at IS NULL"
            " AND decided_at >= ? ORDER BY decided_at", [phone, iso(moment - CONFIRM_WITHIN)],
        ).fetchall()
        references = [r[0] for r in rows]
        db.conn.executemany("UPDATE reporter_updates SET confirmed_at = ? WHERE ticket_reference = ?",
                            [(iso(moment), r) for r in references])
    return references


def record_opt_out(db: Database, phone: str, source: str, now: Optional[datetime] = None) -> None:
    """A number that must get no more texts (Twilio error 21610, or STOP received)."""
    with immediate(db):
        db.conn.execute(
            "INSERT OR IGNORE INTO sms_opt_outs (phone, opted_out_at, source) VALUES (?, ?, ?)", [phone, iso(now), source]
        )


def record_opt_in(db: Database, phone: str) -> None:
    """The number texted START: it may get texts again (its earlier yes/no answers stand)."""
    with immediate(db):
        db.conn.execute("DELETE FROM sms_opt_outs WHERE phone = ?", [phone])


def is_opted_out(db: Database, phone: str) -> bool:
    """Whether ``phone`` opted out of texts."""
    return db.conn.execute("SELECT 1 FROM sms_opt_outs WHERE phone = ?", [phone]).fetchone() is not None
