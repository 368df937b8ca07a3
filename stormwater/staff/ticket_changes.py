"""Staff changes to a ticket other than its status: notes, assignment, notice dates.

Every function takes the acting :class:`stormwater.staff.accounts.StaffUser`, refuses a
ticket of another village as if it did not exist, and writes the change and its audit
entry in one ``BEGIN IMMEDIATE`` transaction.
"""
from __future__ import annotations

from datetime import date, datetime
from typing import Optional

from sqlite_utils import Database

from stormwater.reports import ticket_store
from stormwater.law.deadlines import written_notice_due
from stormwater.staff import audit
from stormwater.store.clock import iso
from stormwater.store.database import immediate
from stormwater.reports.ticket_store import Ticket, get_ticket, normalize_reference
from stormwater.reports.ticket_updates import ticket_row, update_ticket

MAX_NOTE_CHARS = 5000


class TicketChangeError(ValueError):
    """A change staff asked for cannot be made (the message says why, for the page)."""


def locked_ticket(db: Database, reference: str, actor) -> dict:
    """The ticket's row, read inside the caller's immediate transaction.

    :raises LookupError: if there is no such ticket or ``actor`` may not see its village
    """
    wanted = normalize_reference(reference)
    row = ticket_row(db, wanted)
    if row is None:
        raise LookupError(f"no ticket {reference!r}")
    if not actor.can_see(row["village"]):
        raise LookupError(f"no ticket {reference!r}")
    return row


def visible_ticket(db: Database, reference: str, user) -> Optional[Ticket]:
    """The ticket if ``user`` may see it, else ``None`` (same answer as for a missing one)."""
    ticket = get_ticket(db, reference)
    return ticket if ticket is not None and user.can_see(ticket.village) else None


def add_note(db: Database, reference: str, body: str, *, actor, shared: bool, now: Optional[datetime] = None) -> int:
    """Add a note: internal, or ``shared`` with the reporter through the status lookup.

    :return: the note's id
    :raises TicketChangeError: for an empty or too long note
    :raises LookupError: for a ticket ``actor`` may not see
    """
    body = (body or "").strip()
    if not body:
        raise TicketChangeError("the note is empty")
    if len(body) > MAX_NOTE_CHARS:
        raise TicketChangeError(f"a note has at most {MAX_NOTE_CHARS} characters")
    with immediate(db):
        row = locked_ticket(db, reference, actor)
        note_id = ticket_store.record_note(db, row["reference"], author=actor.email, body=body, shared=shared, now=now)
        audit.record(db, actor=actor, entity="ticket", entity_key=row["reference"], action="note",
                     after={"note_id": note_id, "shared": bool(shared), "body": body}, now=now)
    return note_id


def assign(db: Database, reference: str, assignee_id: Optional[int], *, actor, now: Optional[datetime] = None) -> Ticket:
    """Assign the ticket to a staff member of its village or an admin (``None``: unassign).

    :raises TicketChangeError: if the assignee cannot work on this village's tickets
    """
    with immediate(db):
        row = locked_ticket(db, reference, actor)
        if assignee_id is not None:
            found = db.conn.execute(
                "SELECT email FROM staff_users WHERE id = ? AND active = 1 AND (village = ? OR role = 'admin')",
                [assignee_id, row["village"]],
            ).fetchone()
            if found is None:
                raise TicketChangeError("that person cannot work on this village's tickets")
        if assignee_id == row["assignee_id"]:
            return get_ticket(db, row["reference"])
        update_ticket(db, row["id"], {"assignee_id": assignee_id, "updated_at": iso(now)})
        audit.record(db, actor=actor, entity="ticket", entity_key=row["reference"], action="assign",
                     before={"assignee_id": row["assignee_id"]}, after={"assignee_id": assignee_id}, now=now)
    return get_ticket(db, row["reference"])


# How far back a date staff type may go: a resident may phone the office before filing
# here, but not years before; "0001-01-01" or "1926" is a typo (issue 29).
MAX_YEARS_BACK = 5


def earliest_day(today: date) -> date:
    """The earliest date staff may record on a ticket: January 1, :data:`MAX_YEARS_BACK` years ago."""
    return date(today.year - MAX_YEARS_BACK, 1, 1)


def _check_day(day: Optional[date], today: date, what: str) -> None:
    if day is not None and day > today:
        raise TicketChangeError(f"the {what} date cannot be in the future")
    if day is not None and day < earliest_day(today):
        raise TicketChangeError(f"the {what} date cannot be more than {MAX_YEARS_BACK} years ago")


NOTICE_METHODS = ("in_person", "telephone", "fax")


def record_notice(
    db: Database, reference: str, received_on: Optional[date], *, actor, village, today: date,
    now: Optional[datetime] = None, method: str = "telephone",
) -> Ticket:
    """Record the day (and how) the reporter's notice reached the village.

    After a notice in person or by telephone the written confirmation is due three business
    days after that day (the ordinance's rule, :func:`stormwater.law.deadlines.written_notice_due`);
    after a notice by fax none is due. ``None`` clears the notice.

    :param village: the ticket's village, for its business-day calendar
    :param today: the village's date now (a notice cannot be recorded for a later day)
    :param method: ``in_person``, ``telephone`` or ``fax``
    """
    if method not in NOTICE_METHODS:
        raise TicketChangeError(f"unknown notice method {method!r}")
    with immediate(db):
        row = locked_ticket(db, reference, actor)
        _check_day(received_on, today, "notice")
        due = written_notice_due(received_on, village) if received_on and method != "fax" else None
        before = {"notice_received_on": row["notice_received_on"], "notice_method": row["notice_method"],
                  "confirmation_due_on": row["confirmation_due_on"]}
        after = {"notice_received_on": received_on.isoformat() if received_on else None,
                 "notice_method": method if received_on else None,
                 "confirmation_due_on": due.isoformat() if due else None}
        if before != after:
            update_ticket(db, row["id"], {**after, "updated_at": iso(now)})
            audit.record(db, actor=actor, entity="ticket", entity_key=row["reference"], action="notice",
                         before=before, after=after, now=now)
    return get_ticket(db, row["reference"])


def record_confirmation(
    db: Database, reference: str, received_on: Optional[date], *, actor, today: date, now: Optional[datetime] = None,
) -> Ticket:
    """Record the day the written confirmation arrived (``None`` clears it)."""
    with immediate(db):
        row = locked_ticket(db, reference, actor)
        _check_day(received_on, today, "confirmation")
        before = row["confirmation_received_on"]
        after = received_on.isoformat() if received_on else None
        if before != after:
            update_ticket(db, row["id"], {"confirmation_received_on": after, "updated_at": iso(now)})
            audit.record(db, actor=actor, entity="ticket", entity_key=row["reference"], action="confirmation",
                         before={"confirmation_received_on": before}, after={"confirmation_received_on": after}, now=now)
    return get_ticket(db, row["reference"])
