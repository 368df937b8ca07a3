"""Staff correct a field of a report (what was released, how much, where, when, ...).

A correction and its audit entry (the value before and after) are one ``BEGIN IMMEDIATE``
transaction; for the reporter's contact details the values are kept beside the entry, where
retention removes them (:func:`stormwater.staff.audit.record_values`). Correcting the discovery time of a report that carries the ordinance's
deadlines recomputes them (:func:`stormwater.law.deadlines.spill_deadlines`): the notice is due
the next business day after the day of discovery.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Optional, Tuple, Union

from sqlite_utils import Database

from stormwater.law.deadlines import spill_deadlines
from stormwater.staff import audit
from stormwater.store.clock import exists_locally, iso, utc_now
from stormwater.staff.ticket_changes import MAX_YEARS_BACK, TicketChangeError, earliest_day, locked_ticket
from stormwater.store.database import immediate
from stormwater.reports.ticket_store import Ticket, get_ticket
from stormwater.reports.ticket_updates import update_ticket

# The fields staff may correct. Columns are kept in step with their copy in ``fields``.
TEXT_FIELDS = ("material", "amount", "location", "reached_drain", "reporter_name", "reporter_phone", "reporter_email")
CONTACT_FIELDS = ("reporter_name", "reporter_phone", "reporter_email")  # values kept apart from the audit log
COLUMNS = ("location", "reporter_name", "reporter_phone", "reporter_email")
DISCOVERED = "discovered_at"
CORRECTABLE = TEXT_FIELDS + (DISCOVERED,)
MAX_VALUE_CHARS = 500


def correct_field(
    db: Database,
    reference: str,
    field: str,
    value: Union[str, datetime, None],
    *,
    actor,
    village,
    now: Optional[datetime] = None,
) -> Ticket:
    """Correct one field of a ticket, audited; nothing is written when the value is unchanged.

    :param field: one of :data:`CORRECTABLE`
    :param value: the new text (empty or ``None`` clears it), or for ``discovered_at`` an
      aware datetime (a naive one is read as the village's local time)
    :param village: the ticket's :class:`stormwater.law.villages.Village`, for its business days
    :raises TicketChangeError: for a field that cannot be corrected, too long a value, a
      discovery time that is not a time, lies in the future or more than
      :data:`stormwater.staff.ticket_changes.MAX_YEARS_BACK` years back, or does not exist in
      the village's time zone (the hour skipped when clocks spring forward)
    :raises LookupError: if the ticket does not exist or ``actor`` may not see it
    """
    value = _checked_value(field, value, now)
    with immediate(db):
        row = locked_ticket(db, reference, actor)
        changes, before, after = _changes(row, field, value, village)
        if before.get("value") == after["value"]:
            return get_ticket(db, row["reference"])
        changes["updated_at"] = iso(now)
        update_ticket(db, row["id"], changes)
        _audit(db, actor, row["reference"], field, before, after, now)
    return get_ticket(db, row["reference"])


def _checked_value(field: str, value, now: Optional[datetime]):
    """The value as stored (text stripped, empty as ``None``), or :class:`TicketChangeError`."""
    if field not in CORRECTABLE:
        raise TicketChangeError(f"{field!r} is not a field staff can correct")
    if field == DISCOVERED:
        if not isinstance(value, datetime):
            raise TicketChangeError("the discovery time must be a date and time")
        if value.tzinfo is not None and now is not None and value > now:
            raise TicketChangeError("the discovery time cannot be in the future")
        if not exists_locally(value):
            # 2:30 a.m. on the day clocks spring forward: Python would read it as 3:30.
            raise TicketChangeError("that time does not exist on that day (the clocks went forward)")
        if value.date() < earliest_day(utc_now(now).date()):
            raise TicketChangeError(f"the discovery time cannot be more than {MAX_YEARS_BACK} years ago")
        return value
    value = (str(value) if value is not None else "").strip() or None
    if value and len(value) > MAX_VALUE_CHARS:
        raise TicketChangeError(f"a field has at most {MAX_VALUE_CHARS} characters")
    return value


def _changes(row: dict, field: str, value, village) -> Tuple[dict, dict, dict]:
    """The ticket's columns to set, and the audit's before and after, for one correction."""
    fields = json.loads(row["fields"] or "{}")
    changes: dict = {}
    before: dict = {"field": field}
    after: dict = {"field": field}
    if field == DISCOVERED:
        new_value: Any = value.isoformat()
        before["value"], after["value"] = row["discovered_at"], new_value
        changes["discovered_at"] = new_value
        if row["notify_by"]:
            # Only a report that had the ordinance's deadlines gets them again.
            deadlines = spill_deadlines(value, village)
            before.update(notify_by=row["notify_by"], written_by=row["written_by"])
            after.update(notify_by=deadlines.notify_by.isoformat(), written_by=deadlines.written_by.isoformat())
            changes["notify_by"], changes["written_by"] = after["notify_by"], after["written_by"]
    else:
        old = row[field] if field in COLUMNS else fields.get(field)
        before["value"], after["value"] = old, value
        if field in COLUMNS:
            changes[field] = value
        if field in fields or field not in COLUMNS:
            fields[field] = value
            changes["fields"] = json.dumps(fields, ensure_ascii=False)
    return changes, before, after


def _audit(db: Database, actor, reference: str, field: str, before: dict, after: dict, now) -> None:
    if field in CONTACT_FIELDS:
        # The event stays in the append-only log; the values go where retention can remove them.
        entry = audit.record(db, actor=actor, entity="ticket", entity_key=reference, action="correct",
                             before={"field": field}, after={"field": field, "changed": True}, now=now)
        audit.record_values(db, entry, reference, before["value"], after["value"])
    else:
        audit.record(db, actor=actor, entity="ticket", entity_key=reference, action="correct",
                     before=before, after=after, now=now)
