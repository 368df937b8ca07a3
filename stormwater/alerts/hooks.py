"""The alerts' handlers of ticket events, registered once by each process that changes tickets.

Called by the web app factory, the action server and the alert worker at their start (and by
the test session): from then on a filed ticket queues its staff alerts and its Open311 forward,
a status change or a shared note the reporter's update text, a requested receipt its e-mail, in the ticket's own transaction.
"""
from __future__ import annotations

from stormwater.alerts import open311_forward, outbox, receipt
from stormwater.reports import ticket_events


def register() -> None:
    """Register the outbox's and the Open311 forward's handlers (safe to call again)."""
    ticket_events.register(ticket_events.FILED, outbox.on_ticket_filed)
    ticket_events.register(ticket_events.FILED, open311_forward.on_ticket_filed)
    ticket_events.register(ticket_events.STATUS_CHANGED, outbox.on_status_change)
    ticket_events.register(ticket_events.NOTE_SHARED, outbox.on_shared_note)
    ticket_events.register(ticket_events.RECEIPT_REQUESTED, receipt.on_receipt_requested)
