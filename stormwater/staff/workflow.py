"""The ticket status workflow: ``new -> acknowledged -> investigating -> resolved | closed``.

An open ticket may move forward past a step in one change (a clerk who starts investigating
a new report need not acknowledge it first), never back. Any open ticket may be closed (duplicate, outside the village's MS4, no violation found...),
and closing needs a reason. A resolved or closed ticket can be reopened to
``investigating``. Each move and its audit entry are one ``BEGIN IMMEDIATE`` transaction.
"""
from __future__ import annotations

from datetime import datetime
from typing import Dict, FrozenSet, Optional

from sqlite_utils import Database

from stormwater.reports import ticket_events
from stormwater.staff import audit
from stormwater.store.clock import iso
from stormwater.staff.ticket_changes import TicketChangeError, locked_ticket
from stormwater.store.database import immediate
from stormwater.reports.ticket_store import Ticket, get_ticket
from stormwater.reports.ticket_updates import update_ticket

NEW, ACKNOWLEDGED, INVESTIGATING, RESOLVED, CLOSED = "new", "acknowledged", "investigating", "resolved", "closed"
STATUSES = (NEW, ACKNOWLEDGED, INVESTIGATING, RESOLVED, CLOSED)
OPEN_STATUSES = (NEW, ACKNOWLEDGED, INVESTIGATING)
FINISHED_STATUSES = (RESOLVED, CLOSED)
MAX_REASON_CHARS = 500

MOVES: Dict[str, FrozenSet[str]] = {
    NEW: frozenset({ACKNOWLEDGED, INVESTIGATING, RESOLVED, CLOSED}),
    ACKNOWLEDGED: frozenset({INVESTIGATING, RESOLVED, CLOSED}),
    INVESTIGATING: frozenset({RESOLVED, CLOSED}),
    RESOLVED: frozenset({INVESTIGATING}),
    CLOSED: frozenset({INVESTIGATING}),
}


def next_statuses(status: str) -> FrozenSet[str]:
    """The statuses a ticket in ``status`` may move to (none for an unknown status)."""
    return MOVES.get(status, frozenset())


def change_status(
    db: Database,
    reference: str,
    new_status: str,
    *,
    actor,
    expected: Optional[str] = None,
    reason: Optional[str] = None,
    now: Optional[datetime] = None,
) -> Ticket:
    """Move a ticket to ``new_status``, recording it in the audit log.

    Moving to ``resolved`` or ``closed`` sets ``closed_at`` (the MS4 summary's time to
    close); reopening clears it and the close reason.

    :param actor: the :class:`stormwater.staff.accounts.StaffUser` making the change
    :param expected: the status the form showed; if the ticket moved since, nothing changes
    :param reason: why it is closed (required for ``closed``)
    :raises TicketChangeError: for a move the workflow does not allow, a missing reason,
      or a ticket that changed since ``expected``
    :raises LookupError: if the ticket does not exist or ``actor`` may not see it
    """
    reason = (reason or "").strip() or None
    if new_status not in STATUSES:
        raise TicketChangeError(f"unknown status {new_status!r}")
    if new_status == CLOSED and not reason:
        raise TicketChangeError("closing a ticket needs a reason")
    if reason and len(reason) > MAX_REASON_CHARS:
        raise TicketChangeError(f"the reason is longer than {MAX_REASON_CHARS} characters")
    with immediate(db):
        row = locked_ticket(db, reference, actor)
        current = row["status"]
        if expected is not None and expected != current:
            raise TicketChangeError(f"the ticket is now {current!r}; reload it and try again")
        if new_status not in next_statuses(current):
            raise TicketChangeError(f"a ticket that is {current!r} cannot move to {new_status!r}")
        stamp = iso(now)
        finished = new_status in FINISHED_STATUSES
        closed_at = stamp if finished else None
        close_reason = reason if new_status == CLOSED else None
        update_ticket(db, row["id"], {"status": new_status, "closed_at": closed_at, "close_reason": close_reason,
                                      "updated_at": stamp})
        audit.record(
            db, actor=actor, entity="ticket", entity_key=row["reference"], action="status",
            before={"status": current, "close_reason": row["close_reason"]},
            after={"status": new_status, "close_reason": close_reason},
            now=now,
        )
        # The reporter's update text, in this same transaction (stormwater/alerts/hooks.py).
        ticket_events.announce(ticket_events.STATUS_CHANGED, db, row["reference"], row["village"], new_status, stamp,
                               now=now)
    return get_ticket(db, row["reference"])
