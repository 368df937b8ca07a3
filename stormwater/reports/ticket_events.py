"""What happens to a ticket, announced to the handlers a process registered at its start.

Tickets know nothing of alerts: ``stormwater.alerts.hooks.register()`` (called by the web app
factory, the action server and the alert worker) adds its handlers here, and the ticket code
announces each event inside the transaction that made the change, so an outbox row is written
with the ticket or not at all. A process that registered nothing still files tickets.
"""
from __future__ import annotations

import logging
from typing import Callable, Dict, List

from sqlite_utils import Database

log = logging.getLogger(__name__)

# handler(db, ticket, now=...): a new ticket was filed.
FILED = "filed"
# handler(db, reference, village, new_status, stamp, now=...): staff moved a ticket's status.
STATUS_CHANGED = "status_changed"
# handler(db, reference, note_id, body, now=...): staff shared a note with the reporter.
NOTE_SHARED = "note_shared"
# handler(db, ticket, now=...): the reporter asked for an e-mail receipt (ticket.reporter_email).
RECEIPT_REQUESTED = "receipt_requested"
EVENTS = (FILED, STATUS_CHANGED, NOTE_SHARED, RECEIPT_REQUESTED)

_handlers: Dict[str, List[Callable]] = {event: [] for event in EVENTS}


def register(event: str, handler: Callable) -> None:
    """Run ``handler`` on every ``event`` from now on (once, however often it is registered)."""
    if event not in _handlers:
        raise ValueError(f"no ticket event {event!r}")
    if handler not in _handlers[event]:
        _handlers[event].append(handler)


def handlers(event: str) -> List[Callable]:
    """The handlers registered for ``event``, in the order they were registered."""
    return list(_handlers[event])


def clear() -> None:
    """Forget every handler (a process that alerts nobody; tests)."""
    for registered in _handlers.values():
        registered.clear()


def announce(event: str, db: Database, *args, **kwargs) -> None:
    """Run ``event``'s handlers, each as a savepoint of the caller's transaction; one that fails
    undoes only its own rows and is logged: a ticket or a status change is never lost to an
    alert (the staff queue still shows the ticket)."""
    for handler in handlers(event):
        try:
            with db.atomic():
                handler(db, *args, **kwargs)
        except Exception:  # noqa: BLE001 - logged; the change that announced it goes on
            log.exception("could not run %s for the ticket event %s", getattr(handler, "__name__", handler), event)
