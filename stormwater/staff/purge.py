"""Retention: remove residents' personal data once a closed ticket has been kept long enough.

A ticket that was resolved or closed more than ``days`` ago keeps what the MS4 annual report
and the village's records need (kind, village, dates, location, material, status, staff
notes) and loses what identifies the reporter: name, phone, e-mail, the keyed sender id that
links it to a phone number or browser, the conversation transcript, a message to staff, and
the photos and phone location added in the web chat.
Each such ticket gets an audit entry naming the fields removed (never their values).

Texts and web chat messages older than the period go too, unless they are still waiting in
the staff inbox or belong to a conversation whose ticket is still kept: an SMS keeps its
MessageSid and dates (so a late Twilio retry is still recognised) but loses the number, the
body and the picture links; a web chat message is deleted.

Staff notes and the audit log are staff records and are kept (the audit log is append-only);
the values of a correction of the reporter's contact details are not in the log but beside it
(``audit_values``), and go with the rest. So do the reporter's update texts, confirmation
texts and e-mail receipts in the outbox (every ``reporter_update`` row: recipient and body
blanked, a pending one given up), the SMS
conversation's remembered buttons and parts (``sms_conversations``), and, through
:attr:`PurgeResult.conversations`, the assistant's conversation in Rasa's tracker store.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import List, Optional, Tuple

from sqlite_utils import Database

from stormwater.staff import audit
from stormwater.store.clock import iso, utc_now
from stormwater.reports import attachments, ticket_updates
from stormwater.store import message_log, sms_memory
from stormwater.store.database import immediate
from stormwater.store.settings_sections import JobSettings

DEFAULT_RETENTION_DAYS = JobSettings.retention_days  # HELPDESK_RETENTION_DAYS unset: 730
# Answers in tickets.fields that identify the reporter or are their own words to staff
# (description: an Open311 request's free text).
PERSONAL_FIELDS = ("reporter_name", "reporter_phone", "reporter_email", "handoff_question", "location_contact",
                   "description")
# suspected_source: the reporter's own words, which may name a neighbour (issue 32)
PERSONAL_COLUMNS = ("reporter_name", "reporter_phone", "reporter_email", "sender_key", "suspected_source")
FINISHED_STATUSES = ("resolved", "closed")
# Who the audit log names for removals the help desk makes on its own.
RETENTION_ACTOR = SimpleNamespace(id=None, email="retention")


@dataclass(frozen=True)
class PurgeResult:
    """What one run removed."""

    tickets: Tuple[str, ...]
    # The keyed sender ids of the purged tickets' conversations (Rasa's sender ids too).
    conversations: Tuple[str, ...]
    sms_messages: int
    chat_messages: int
    cutoff: datetime


def _cutoff(days: int, now: Optional[datetime]) -> datetime:
    if days < 1:
        raise ValueError("the retention period must be at least one day")
    return utc_now(now) - timedelta(days=days)


def _removed_fields(row) -> Tuple[List[str], str]:
    """The personal fields that hold a value, and the fields JSON without them."""
    try:
        fields = json.loads(row["fields"] or "{}")
    except ValueError:
        fields = {}
    removed = [c for c in PERSONAL_COLUMNS if row[c]]
    removed += [f"fields.{k}" for k in PERSONAL_FIELDS if fields.pop(k, None) not in (None, "")]
    if row["transcript"] not in (None, "", "[]"):
        removed.append("transcript")
    return removed, json.dumps(fields, ensure_ascii=False, sort_keys=True)


def _purge_tickets(db: Database, cutoff: str, stamp: str, now: datetime) -> Tuple[List[str], List[str]]:
    conn = db.conn
    purged, senders = [], []
    for row in ticket_updates.finished_with_personal_data(db, FINISHED_STATUSES, cutoff):
        if row["sender_key"]:
            senders.append(row["sender_key"])
        removed, fields = _removed_fields(row)
        ticket_updates.update_ticket(db, row["id"], {**{c: None for c in PERSONAL_COLUMNS}, "transcript": "[]",
                                                   "fields": fields, "personal_data_removed_at": stamp})
        # The reporter's number kept for update texts, and the texts sent to it (issue 18).
        conn.execute("DELETE FROM reporter_updates WHERE ticket_reference = ?", [row["reference"]])
        # Confirmation texts too (a reporter_update row); one never sent is given up.
        conn.execute("UPDATE alert_outbox SET recipient = '', body = '', last_error = CASE WHEN state = 'pending'"
                     " THEN 'personal data removed' ELSE last_error END, state = CASE WHEN state = 'pending'"
                     " THEN 'failed' ELSE state END WHERE ticket_reference = ? AND purpose = 'reporter_update'",
                     [row["reference"]])
        audit.forget_values(db, row["reference"])
        # Photos and the phone's location added in the web chat (issue 32).
        if attachments.forget(db, row["reference"]):
            removed.append("attachments")
        audit.record(db, actor=RETENTION_ACTOR, entity="ticket", entity_key=row["reference"],
                     action="personal_data_removed", before={"fields": removed},
                     after={"closed_before": cutoff}, now=now)
        purged.append(row["reference"])
    return purged, senders


def purge_personal_data(db: Database, days: int = DEFAULT_RETENTION_DAYS, now: Optional[datetime] = None) -> PurgeResult:
    """Remove personal data kept longer than ``days``; one transaction, safe to run again.

    :param db: a migrated connection from :func:`stormwater.store.database.connect`
    :param days: the retention period: tickets resolved or closed at least this long ago,
      and texts and chat messages received at least this long ago
    :param now: the current time (tests pass a fixed clock)
    :raises ValueError: if ``days`` is less than 1
    """
    moment = utc_now(now)
    cutoff_time = _cutoff(days, moment)
    cutoff, stamp = iso(cutoff_time), iso(moment)
    with immediate(db):
        tickets, senders = _purge_tickets(db, cutoff, stamp, moment)
        if tickets:
            ticket_updates.compact_search_index(db)
        sms_memory.forget(db, senders, cutoff)
        sms = message_log.purge_texts(db, cutoff, stamp)
        chat = message_log.purge_chats(db, cutoff)
        attachments.forget_waiting(db, cutoff)
        if sms or chat:
            audit.record(db, actor=RETENTION_ACTOR, entity="messages", entity_key="retention",
                         action="personal_data_removed", after={"sms_messages": sms, "chat_messages": chat,
                                                                "received_before": cutoff}, now=moment)
    return PurgeResult(tickets=tuple(tickets), conversations=tuple(senders), sms_messages=sms, chat_messages=chat, cutoff=cutoff_time)
