"""Which tickets are overdue, for a given "today" (tests pass a fixed one).

Two duties the ordinance puts on whoever released nonhazardous material (Bayville
§ 63A-14; Poquott's spill provision says the same):

* notice to the SMO in person, by phone or fax by the next business day (``notify_by``):
  overdue when that day has passed and staff recorded no notice;
* written confirmation within three business days of a notice given *in person or by
  telephone* (the only notices the texts ask to confirm): overdue when staff recorded such a
  notice, its due day has passed and no confirmation was recorded. No notice recorded, or a
  notice by fax, never makes the confirmation overdue (the first is the notice flag).

A finished ticket (resolved or closed) is never overdue. :func:`flags` and the SQL of
:func:`overdue_sql` say the same thing; the queue filters and sorts with the SQL.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Dict, Mapping, Tuple

from stormwater.staff.workflow import OPEN_STATUSES
from stormwater.reports.ticket_store import Ticket


@dataclass(frozen=True)
class Overdue:
    """A ticket's overdue flags."""

    notice: bool
    confirmation: bool

    @property
    def any(self) -> bool:
        return self.notice or self.confirmation


def flags(ticket: Ticket, today: date) -> Overdue:
    """The overdue flags of ``ticket`` on ``today`` (the village's local date)."""
    if ticket.status not in OPEN_STATUSES:
        return Overdue(False, False)
    notice = ticket.notify_by is not None and ticket.notice_received_on is None and today > ticket.notify_by
    due = ticket.confirmation_due_on if ticket.notice_received_on and ticket.confirmation_required else None
    confirmation = due is not None and ticket.confirmation_received_on is None and today > due
    return Overdue(notice, confirmation)


def _today_case(today_by_village: Mapping[str, date], fallback: date) -> Tuple[str, Dict[str, str]]:
    params: Dict[str, str] = {"today_fallback": fallback.isoformat()}
    whens = []
    for i, (slug, today) in enumerate(sorted(today_by_village.items())):
        params[f"today_v{i}"], params[f"today_d{i}"] = slug, today.isoformat()
        whens.append(f"WHEN :today_v{i} THEN :today_d{i}")
    if not whens:
        return ":today_fallback", params
    return f"(CASE t.village {' '.join(whens)} ELSE :today_fallback END)", params


def overdue_sql(today_by_village: Mapping[str, date], fallback: date) -> Tuple[str, str, Dict[str, str]]:
    """SQL expressions (over ``tickets t``) for the notice and confirmation flags, and their
    named parameters.

    :param today_by_village: each village's local date now (villages may span time zones)
    :param fallback: the date for a village not in the mapping
    """
    today, params = _today_case(today_by_village, fallback)
    is_open = "t.status IN (" + ", ".join(f"'{s}'" for s in OPEN_STATUSES) + ")"
    due = "t.confirmation_due_on"
    notice = f"({is_open} AND t.notify_by IS NOT NULL AND t.notice_received_on IS NULL AND t.notify_by < {today})"
    confirmation = (
        f"({is_open} AND t.notice_received_on IS NOT NULL AND COALESCE(t.notice_method, '') != 'fax' "
        f"AND {due} IS NOT NULL AND t.confirmation_received_on IS NULL AND {due} < {today})"
    )
    return notice, confirmation, params
