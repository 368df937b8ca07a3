"""Residents' reports as tickets: file them, read them back, tell the reporter their status.

Tickets live in the SQLite database of :mod:`stormwater.store.database` (run
:func:`stormwater.store.database.migrate` first). Every write is one ``BEGIN IMMEDIATE``
transaction on a ``synchronous=FULL`` connection, so a report is on disk when
:func:`file_ticket` returns.

One owner per table: every write to ``tickets`` is here (filing, staff changes, retention),
with the checks and audit entries left to the callers. Reads for the staff queue, its counts
and the yearly export stay in their own query modules (``stormwater/staff/queue.py``,
``export.py``), which only read; the alerts read references to address their texts.
"""
from __future__ import annotations

import hmac
import secrets
import sqlite3
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import Any, Dict, List, Mapping, Optional, Sequence

from sqlite_utils import Database

from stormwater.store.clock import iso, utc_now
from stormwater.store.database import immediate
from stormwater.store.redaction import split_contacts
from stormwater.reports import ticket_events
from stormwater.reports.attachments import attach_waiting
from stormwater.reports.status_checks import new_check
from stormwater.reports.ticket_records import Ticket, TicketStatus, _datetime, _dumps, _ticket
from stormwater.reports.ticket_references import (  # noqa: F401 (re-exported for callers)
    ALPHABET, CODE_LENGTH, find_reference, new_reference, normalize_reference, village_prefix,
)

KINDS = ("spill", "illicit_discharge", "septic", "dye_test", "handoff")
STATUS_NEW = "new"

# 144 random bits: the letter page shows a reporter's name and phone number.
LETTER_TOKEN_BYTES = 18
# A reference collision is astronomically rare; a few retries turn it into never.
_MAX_ATTEMPTS = 5


# A letter's link works until this long after its ticket is resolved or closed (issue 29):
# long enough to print the confirmation, not a key that opens the reporter's name for ever.
LETTER_VALID_AFTER_CLOSING = timedelta(days=365)


def ticket_for_letter(db: Database, token: str, now: Optional[datetime] = None) -> Optional[Ticket]:
    """The ticket whose printable letter has this token, or ``None`` (also once the token has
    expired, :data:`LETTER_VALID_AFTER_CLOSING` after the ticket was resolved or closed).

    :param token: the token from the letter's URL
    :param now: the current time (tests pass a fixed clock)
    """
    if not token or len(token) > 64:
        return None
    rows = list(db["tickets"].rows_where("letter_token = ?", [token], limit=1))
    if not rows:
        return None
    closed_at = rows[0]["closed_at"]
    if closed_at and datetime.fromisoformat(closed_at) + LETTER_VALID_AFTER_CLOSING <= utc_now(now):
        return None
    return _ticket(rows[0])


# Where a number or address typed with the place is kept (issue 29): out of the place, which
# alerts and exports carry, but on the ticket for staff, and removed with the reporter's data.
LOCATION_CONTACT = "location_contact"


def _place_without_contacts(location: Optional[str], fields: Optional[Mapping[str, Any]]):
    """The location without a phone number or e-mail address typed in it, and ``fields`` with
    those under :data:`LOCATION_CONTACT` (and the location's copy cleaned the same way)."""
    place, found = split_contacts(location)
    if not found:
        return location, fields
    fields = dict(fields or {})
    if "location" in fields:
        fields["location"] = place
    fields[LOCATION_CONTACT] = ", ".join(found)
    return place, fields


def _is_reference_collision(error: sqlite3.IntegrityError) -> bool:
    return "tickets.reference" in str(error)


def file_ticket(
    db: Database, *, village: Any, kind: str, channel: str, hazardous: bool,
    fields: Optional[Mapping[str, Any]] = None, transcript: Optional[Sequence[Any]] = None,
    notify_by: Optional[date] = None, written_by: Optional[date] = None, discovered_at: Optional[datetime] = None,
    sender_key: Optional[str] = None, reporter_name: Optional[str] = None, reporter_phone: Optional[str] = None,
    reporter_email: Optional[str] = None, location: Optional[str] = None, suspected_source: Optional[str] = None,
    now: Optional[datetime] = None,
) -> Ticket:
    """File a report as a new ticket (status ``new``) and return it as stored, with its status
    check code (:attr:`Ticket.status_check`, of which only a hash is stored).

    The row is committed (and, with ``synchronous=FULL``, on disk) before this returns.
    Called inside an open transaction, it joins that transaction instead.

    :param db: a migrated connection from :func:`stormwater.store.database.connect`
    :param village: the :class:`stormwater.law.villages.Village` (or its slug)
    :param kind: one of :data:`KINDS`; ``channel``: where the report came from (``"web"``, ``"sms"``)
    :param hazardous: whether the release was (or may be) of hazardous materials
    :param fields: the structured answers (material, amount, ...), stored as JSON (dates as ISO 8601);
      ``transcript``: the conversation that produced the report, stored as JSON
    :param notify_by: the ordinance's notice deadline (:func:`stormwater.law.deadlines.spill_deadlines`);
      ``written_by``: the written-confirmation deadline
    :param discovered_at: when the resident discovered the release (:func:`stormwater.understanding.when.parse_when`)
    :param sender_key: the reporter's :func:`stormwater.intake.inbound.sender_key`; only that key
      may read the ticket's status with :func:`status_for`
    :param reporter_name: ``reporter_phone``, ``reporter_email``, ``location`` (where the release
      is) and ``suspected_source`` (who or what is discharging): in the reporter's words
    :param now: the filing time (defaults to the current time; a naive value means UTC)
    :raises ValueError: for an unknown ``kind`` or an empty ``channel``
    :raises TypeError: if ``fields`` or ``transcript`` holds something JSON cannot store
    """
    if kind not in KINDS:
        raise ValueError(f"kind {kind!r} is not one of {KINDS}")
    if not channel:
        raise ValueError("channel is required")
    created_at = iso(now)
    location, fields = _place_without_contacts(location, fields)
    check, check_hash = new_check()
    row = {
        "village": str(getattr(village, "slug", village)), "kind": kind, "status": STATUS_NEW, "channel": channel,
        "created_at": created_at, "updated_at": created_at, "hazardous": 1 if hazardous else 0,
        "discovered_at": discovered_at.isoformat() if discovered_at else None,
        "notify_by": notify_by.isoformat() if notify_by else None,
        "written_by": written_by.isoformat() if written_by else None,
        "sender_key": sender_key, "reporter_name": reporter_name, "reporter_phone": reporter_phone,
        "reporter_email": reporter_email, "location": location, "suspected_source": suspected_source,
        # Serialised before the transaction opens: a bad value fails without holding the lock.
        "fields": _dumps(dict(fields or {})), "transcript": _dumps(list(transcript or [])),
        "letter_token": secrets.token_urlsafe(LETTER_TOKEN_BYTES), "status_check_hash": check_hash,
    }
    return _insert_new(db, row, village_prefix(village), check, now)


def _insert_new(db: Database, row: Dict[str, Any], prefix: str, check: str, now: Optional[datetime]) -> Ticket:
    """Insert ``row`` under a new reference (another on the rare collision), with what goes
    with a filing in the same transaction: the resident's waiting attachments and the event."""
    for attempt in range(_MAX_ATTEMPTS):
        row["reference"] = new_reference(prefix)
        try:
            with immediate(db):
                table = db["tickets"]
                table.insert(row)
                stored = replace(_ticket(next(table.rows_where("id = ?", [table.last_pk]))), status_check=check)
                # A location or photo the resident added before filing goes with the report.
                attach_waiting(db, row["sender_key"], stored.reference)
                # The staff alerts and the Open311 forward, with the ticket (stormwater/alerts/hooks.py).
                ticket_events.announce(ticket_events.FILED, db, stored, now=now)
            return stored
        except sqlite3.IntegrityError as error:
            if not _is_reference_collision(error) or attempt == _MAX_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def get_ticket(db: Database, reference: str) -> Optional[Ticket]:
    """The ticket with this reference (as the resident typed it, see
    :func:`normalize_reference`), or ``None``.

    For staff: it returns everything, whoever asks. Residents go through :func:`status_for`.

    :param db: a migrated connection
    :param reference: e.g. ``"BAY-7K3Q9P"``
    """
    wanted = normalize_reference(reference)
    if wanted is None:
        return None
    for row in db["tickets"].rows_where("reference = ?", [wanted]):
        return _ticket(row)
    return None


def record_note(
    db: Database,
    reference: str,
    *,
    author: str,
    body: str,
    shared: bool = False,
    now: Optional[datetime] = None,
) -> int:
    """Store a staff note on a ticket; ``shared`` notes are shown to the reporter.

    The staff desk adds notes through ``stormwater.staff.ticket_changes.add_note``, which checks
    who may write them.

    :param db: a migrated connection
    :param reference: the ticket's reference
    :param author: who wrote it (staff name or login)
    :param body: the note
    :param shared: whether :func:`status_for` may show it to the reporter
    :param now: the time of the note (defaults to now; naive means UTC)
    :return: the note's id
    :raises ValueError: if ``author`` or ``body`` is empty
    :raises LookupError: if there is no such ticket
    """
    if not author or not body:
        raise ValueError("a note needs an author and a body")
    wanted = normalize_reference(reference)
    if wanted is None:
        raise LookupError(f"no ticket {reference!r}")
    created_at = iso(now)
    with immediate(db):
        updated = db.execute(
            "UPDATE tickets SET updated_at = ? WHERE reference = ?", [created_at, wanted]
        ).rowcount
        if updated != 1:
            raise LookupError(f"no ticket {reference!r}")
        notes = db["ticket_notes"]
        notes.insert(
            {
                "ticket_reference": wanted,
                "created_at": created_at,
                "author": author,
                "body": body,
                "shared": 1 if shared else 0,
            }
        )
        if shared:
            ticket_events.announce(ticket_events.NOTE_SHARED, db, wanted, int(notes.last_pk), body, now=now)
        return int(notes.last_pk)


def notes_for(db: Database, reference: str) -> List[tuple]:
    """A ticket's notes, oldest first, as ``(created_at, author, body, shared)``."""
    return db.conn.execute(
        "SELECT created_at, author, body, shared FROM ticket_notes WHERE ticket_reference = ? ORDER BY id",
        [reference],
    ).fetchall()


def status_for(db: Database, reference: str, sender_key: Optional[str]) -> Optional[TicketStatus]:
    """A ticket's status and latest shared staff note, for its own reporter only.

    ``None`` if the reference is unknown, the ticket has no sender key, or ``sender_key``
    is not the one that filed it: the same answer in all three cases, so the reply does
    not reveal whether someone else's reference exists.

    :param db: a migrated connection
    :param reference: the reference as the resident typed it
    :param sender_key: the asking conversation's :func:`stormwater.intake.inbound.sender_key`
    """
    wanted = normalize_reference(reference)
    if wanted is None or not sender_key:
        return None
    # One statement, so the status and the note come from the same snapshot.
    row = db.execute(
        """
        SELECT t.reference, t.kind, t.status, t.created_at, t.sender_key,
               n.body AS note, n.created_at AS note_at
        FROM tickets t
        LEFT JOIN ticket_notes n ON n.id = (
            SELECT id FROM ticket_notes
            WHERE ticket_reference = t.reference AND shared = 1
            ORDER BY id DESC LIMIT 1
        )
        WHERE t.reference = ?
        """,
        [wanted],
    ).fetchone()
    if row is None or not row[4]:
        return None
    if not hmac.compare_digest(str(row[4]).encode("utf-8"), str(sender_key).encode("utf-8")):
        return None
    return TicketStatus(
        reference=row[0],
        kind=row[1],
        status=row[2],
        created_at=datetime.fromisoformat(row[3]),
        shared_note=row[5],
        shared_note_at=_datetime(row[6]),
    )
