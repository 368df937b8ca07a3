"""Exports: the queue's tickets as CSV, and a yearly summary for the MS4 annual report.

Ticket text comes from the public, so no cell may run as a formula: every cell is quoted,
and a formula start (``=``, ``+``, ``-``, ``@``, tab or carriage return) at the start of a
cell, or after any character a spreadsheet may split a line on (``;``, ``,``, tab, ``|``, a
line break; a spreadsheet told to split on ``;`` reads ``12 Csv Street;=2*21`` as two cells
whatever the quotes), gets an apostrophe before it.
"""
from __future__ import annotations

import csv
import io
import re
import statistics
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from typing import Dict, Iterable, List, Mapping, Optional, Sequence
from zoneinfo import ZoneInfo

from sqlite_utils import Database

from stormwater.store.stored_text import without_reordering
from stormwater.store.wording import load_messages
from stormwater.law.deadlines import business_days
from stormwater.staff.workflow import FINISHED_STATUSES
from stormwater.reports.ticket_store import KINDS

TICKET_COLUMNS = (
    "reference", "village", "kind", "status", "channel", "created_at", "hazardous", "location", "suspected_source",
    "material", "amount", "notes_count",
    "reporter_name", "reporter_phone", "reporter_email", "discovered_at", "notify_by",
    "notice_received_on", "confirmation_due", "confirmation_received_on", "notice_overdue",
    "confirmation_overdue", "assignee_email", "closed_at", "close_reason",
)
# Moments, written in the village's own time to the second with its offset (issue 32): a
# clerk reads "2026-11-30T10:00:00-05:00", not UTC with microseconds beside a local time.
_MOMENTS = ("created_at", "discovered_at", "closed_at")
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A formula start at the start of a cell or of what a separator begins (spaces before it too).
_FORMULA_AFTER_SEPARATOR = re.compile(r"([;,\t|\r\n][ \u00a0]*)([=+\-@])")


def csv_cell(value) -> str:
    """One value as a CSV cell a spreadsheet shows as text, never runs."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, datetime):
        return value.isoformat()
    text = _FORMULA_AFTER_SEPARATOR.sub(r"\1'\2", without_reordering(str(value)))
    return "'" + text if text.lstrip(" \u00a0").startswith(_FORMULA_STARTS) else text


def _csv(rows: Iterable[Sequence]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    for row in rows:
        writer.writerow([csv_cell(v) for v in row])
    return out.getvalue()


def local_moment(value, zone: str) -> Optional[str]:
    """A stored moment (ISO text or datetime; naive means UTC) as ISO 8601 in ``zone``, to the second."""
    if not value:
        return None
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(ZoneInfo(zone)).replace(microsecond=0).isoformat()


def _details(db: Database, references: Sequence[str]) -> Dict[str, tuple]:
    """reference -> (amount, number of notes), read in one statement."""
    if not references:
        return {}
    marks = ", ".join("?" for _ in references)
    found = db.conn.execute(
        f"SELECT t.reference, json_extract(t.fields, '$.amount'),"
        f" (SELECT count(*) FROM ticket_notes n WHERE n.ticket_reference = t.reference)"
        f" FROM tickets t WHERE t.reference IN ({marks})", list(references),
    ).fetchall()
    return {reference: (amount if isinstance(amount, str) else None, notes) for reference, amount, notes in found}


def tickets_csv(db: Database, items: Sequence[Mapping], villages: Mapping[str, object]) -> str:
    """The queue's rows (:func:`stormwater.staff.queue.all_matching`) as CSV with a header:
    kinds in words, moments in each village's time, with the amount and the number of notes.

    :param villages: slug -> :class:`stormwater.law.villages.Village` (for their time zones)
    """
    kinds = load_messages()["alerts"]["kinds"]
    details: Dict[str, tuple] = {}
    for start in range(0, len(items), 500):  # under SQLite's limit on bound values
        details.update(_details(db, [item["reference"] for item in items[start:start + 500]]))
    rows = []
    for item in items:
        row = dict(item)
        zone = getattr(villages.get(row.get("village")), "timezone", "America/New_York")
        row.update({name: local_moment(row.get(name), zone) for name in _MOMENTS})
        row["kind"] = kinds.get(row.get("kind"), row.get("kind"))
        row["amount"], row["notes_count"] = details.get(row["reference"], (None, 0))
        rows.append([row.get(c) for c in TICKET_COLUMNS])
    return _csv([TICKET_COLUMNS] + rows)


@dataclass
class YearSummary:
    """Counts of one year's reports (by the village's local date of filing)."""

    year: int
    total: int = 0
    by_kind: Dict[str, int] = field(default_factory=dict)
    by_village: Dict[str, int] = field(default_factory=dict)
    by_month: Dict[int, int] = field(default_factory=dict)
    by_hazardous: Dict[str, int] = field(default_factory=dict)
    by_channel: Dict[str, int] = field(default_factory=dict)
    by_status: Dict[str, int] = field(default_factory=dict)
    finished: int = 0
    median_days_to_close: Optional[float] = None
    mean_days_to_close: Optional[float] = None
    longest_days_to_close: Optional[float] = None


def yearly_summary(db: Database, year: int, villages: Mapping[str, object], visible: Sequence[str]) -> YearSummary:
    """Counts of the reports filed in ``year``, for the villages in ``visible``.

    The year is read in each village's time zone (a report filed at 8 p.m. on December 31
    in New York is that year's, though it is January 1 in UTC). Time to close runs from
    filing to resolved or closed, in days.

    :param villages: slug -> :class:`stormwater.law.villages.Village` (for their time zones)
    :param visible: the slugs to count (a staff member's own village, or all for an admin)
    """
    summary = YearSummary(year=year)
    if not visible:
        return summary
    # A day of margin on each side in UTC, then the exact local year below.
    start = (datetime(year, 1, 1) - timedelta(days=1)).isoformat()
    end = (datetime(year + 1, 1, 1) + timedelta(days=1)).isoformat()
    marks = ", ".join("?" for _ in visible)
    rows = db.conn.execute(
        f"SELECT village, kind, status, channel, hazardous, created_at, closed_at FROM tickets"
        f" WHERE village IN ({marks}) AND created_at >= ? AND created_at < ?",
        [*visible, start, end],
    ).fetchall()
    counts = {name: Counter() for name in ("kind", "village", "month", "hazardous", "channel", "status")}
    days_to_close: List[float] = []
    for village, kind, status, channel, hazardous, created_at, closed_at in rows:
        created = datetime.fromisoformat(created_at)
        local = business_days(villages.get(village) or "US").local_date(created)
        if local.year != year:
            continue
        summary.total += 1
        for name, value in (("kind", kind), ("village", village), ("month", local.month),
                            ("hazardous", "yes" if hazardous else "no"), ("channel", channel), ("status", status)):
            counts[name][value] += 1
        if status in FINISHED_STATUSES and closed_at:
            days_to_close.append((datetime.fromisoformat(closed_at) - created).total_seconds() / 86400)
    summary.by_kind = {kind: counts["kind"][kind] for kind in KINDS}
    summary.by_village = {slug: counts["village"][slug] for slug in sorted(visible)}
    summary.by_month = {month: counts["month"][month] for month in range(1, 13)}
    summary.by_hazardous = {"yes": counts["hazardous"]["yes"], "no": counts["hazardous"]["no"]}
    summary.by_channel = dict(sorted(counts["channel"].items()))
    summary.by_status = dict(sorted(counts["status"].items()))
    summary.finished = len(days_to_close)
    if days_to_close:
        summary.median_days_to_close = round(statistics.median(days_to_close), 1)
        summary.mean_days_to_close = round(statistics.fmean(days_to_close), 1)
        summary.longest_days_to_close = round(max(days_to_close), 1)
    return summary


def summary_csv(summary: YearSummary) -> str:
    """The summary as CSV rows ``section, item, value``."""
    rows: List[Sequence] = [("section", "item", "value"), ("year", "", summary.year), ("total", "", summary.total)]
    for section, counts in (("kind", summary.by_kind), ("village", summary.by_village),
                            ("month", {date(summary.year, m, 1).strftime("%Y-%m"): n for m, n in summary.by_month.items()}),
                            ("hazardous", summary.by_hazardous), ("channel", summary.by_channel),
                            ("status", summary.by_status)):
        rows.extend((section, key, value) for key, value in counts.items())
    rows += [
        ("time_to_close_days", "finished", summary.finished),
        ("time_to_close_days", "median", summary.median_days_to_close),
        ("time_to_close_days", "mean", summary.mean_days_to_close),
        ("time_to_close_days", "longest", summary.longest_days_to_close),
    ]
    return _csv(rows)
