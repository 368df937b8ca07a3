"""Tickets as stored: :class:`Ticket`, :class:`TicketStatus`, and the conversion of a
``tickets`` row (JSON fields, ISO dates). Written and read by :mod:`stormwater.reports.ticket_store`,
which re-exports the two classes."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Dict, List, Mapping, Optional


@dataclass(frozen=True)
class Ticket:
    """One filed report, as stored."""

    id: int
    reference: str
    village: str
    kind: str
    status: str
    channel: str
    created_at: datetime
    updated_at: datetime
    hazardous: bool
    discovered_at: Optional[datetime]
    notify_by: Optional[date]
    written_by: Optional[date]
    sender_key: Optional[str]
    reporter_name: Optional[str]
    reporter_phone: Optional[str]
    reporter_email: Optional[str]
    location: Optional[str]
    fields: Dict[str, Any]
    transcript: List[Any]
    letter_token: Optional[str] = None
    # Kept by the staff desk (stormwater.staff): whom it is assigned to, when the reporter's
    # phone notice and written confirmation arrived, and when and why it was closed.
    assignee_id: Optional[int] = None
    notice_received_on: Optional[date] = None
    notice_method: Optional[str] = None  # 'in_person', 'telephone' or 'fax' (None: in person or by phone)
    confirmation_due_on: Optional[date] = None
    confirmation_received_on: Optional[date] = None
    closed_at: Optional[datetime] = None
    close_reason: Optional[str] = None
    suspected_source: Optional[str] = None  # who or what the reporter thinks is discharging
    # The status check code in plain (issue 32): only on the ticket file_ticket returns, for
    # the filed message; the database keeps only its hash. Not part of a ticket's equality.
    status_check: Optional[str] = field(default=None, compare=False, repr=False)

    @property
    def confirmation_required(self) -> bool:
        """Whether a written confirmation is owed: the ordinances ask for one only of a notice
        given in person or by telephone, so not after a notice by fax."""
        return self.notice_method != "fax"

    @property
    def confirmation_due(self) -> Optional[date]:
        """The last day for the written confirmation: from the notice when it was recorded,
        else from the notice deadline (``written_by``); ``None`` after a notice by fax."""
        if not self.confirmation_required:
            return None
        return self.confirmation_due_on or self.written_by


@dataclass(frozen=True)
class TicketStatus:
    """What a reporter may learn about their own ticket."""

    reference: str
    kind: str
    status: str
    created_at: datetime
    shared_note: Optional[str]
    shared_note_at: Optional[datetime]


def _json_default(value: Any) -> str:
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=_json_default)


def _date(value: Optional[str]) -> Optional[date]:
    return date.fromisoformat(value) if value else None


def _datetime(value: Optional[str]) -> Optional[datetime]:
    return datetime.fromisoformat(value) if value else None


def _ticket(row: Mapping[str, Any]) -> Ticket:
    return Ticket(
        id=int(row["id"]),
        reference=row["reference"],
        village=row["village"],
        kind=row["kind"],
        status=row["status"],
        channel=row["channel"],
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
        hazardous=bool(row["hazardous"]),
        discovered_at=_datetime(row["discovered_at"]),
        notify_by=_date(row["notify_by"]),
        written_by=_date(row["written_by"]),
        sender_key=row["sender_key"],
        reporter_name=row["reporter_name"],
        reporter_phone=row["reporter_phone"],
        reporter_email=row["reporter_email"],
        location=row["location"],
        fields=json.loads(row["fields"] or "{}"),
        transcript=json.loads(row["transcript"] or "[]"),
        letter_token=row.get("letter_token"),
        assignee_id=row.get("assignee_id"),
        notice_received_on=_date(row.get("notice_received_on")),
        notice_method=row.get("notice_method"),
        confirmation_due_on=_date(row.get("confirmation_due_on")),
        confirmation_received_on=_date(row.get("confirmation_received_on")),
        closed_at=_datetime(row.get("closed_at")),
        close_reason=row.get("close_reason"),
        suspected_source=row.get("suspected_source"),
    )
