"""CSV export of the queue and the yearly MS4 summary."""
import csv
import io
import re
from datetime import date, datetime, timezone

import pytest

from zoneinfo import ZoneInfo

from stormwater.reports.ticket_store import record_note
from stormwater.staff import export, queue
from stormwater.staff.queue import QueueFilter
from stormwater.staff.workflow import change_status

from .conftest import spill

TODAY = date(2026, 11, 30)


def rows(text):
    return list(csv.DictReader(io.StringIO(text)))


def test_ticket_csv_has_every_column_and_the_values(db, users, villages):
    ticket = spill(db, notify_by=date(2026, 11, 2), written_by=date(2026, 11, 5), reporter_email="pat@example.org")
    items = queue.all_matching(db, users["bay"], QueueFilter(), {}, TODAY)
    [row] = rows(export.tickets_csv(db, items, villages))
    assert list(row) == list(export.TICKET_COLUMNS)
    assert row["reference"] == ticket.reference and row["village"] == "bayville" and row["kind"] == "spill"
    assert row["notify_by"] == "2026-11-02" and row["confirmation_due"] == "2026-11-05"
    # No notice recorded: the notice is overdue; a written confirmation is owed only once a
    # notice in person or by telephone is recorded.
    assert (row["notice_overdue"], row["confirmation_overdue"], row["hazardous"]) == ("yes", "no", "no")
    assert row["reporter_email"] == "pat@example.org" and row["location"] == "12 Main Street drain"


def test_ticket_csv_gives_material_amount_notes_local_times_and_kinds_in_words(db, users, villages):
    # Filed at 15:00:00.5 UTC: 10:00:00 in Bayville, to the second.
    ticket = spill(db, now=utc(2026, 11, 30, 15, 0, 0, 500000), kind="illicit_discharge",
                   discovered_at=datetime(2026, 11, 30, 9, 30, 15, 123456, tzinfo=ZoneInfo("America/New_York")))
    record_note(db, ticket.reference, author="Dana Clerk", body="Called the owner.")
    record_note(db, ticket.reference, author="Dana Clerk", body="Drain cleaned.", shared=True)
    change_status(db, ticket.reference, "resolved", actor=users["bay"], now=utc(2026, 12, 1, 20, 5, 9, 999000))
    [row] = rows(export.tickets_csv(db, queue.all_matching(db, users["bay"], QueueFilter(), {}, TODAY), villages))
    assert (row["material"], row["amount"], row["notes_count"]) == ("motor oil", "a quart", "2")
    assert row["kind"] == "someone else's discharge"
    assert row["created_at"] == "2026-11-30T10:00:00-05:00"
    assert row["discovered_at"] == "2026-11-30T09:30:15-05:00"
    assert row["closed_at"] == "2026-12-01T15:05:09-05:00"
    spill(db, village="poquott", fields={})
    admin_rows = rows(export.tickets_csv(db, queue.all_matching(db, users["admin"], QueueFilter(), {}, TODAY), villages))
    assert [(r["material"], r["amount"], r["notes_count"]) for r in admin_rows if r["village"] == "poquott"] == [("", "", "0")]


@pytest.mark.parametrize("typed", ["=HYPERLINK(\"http://evil\")", "+1+1", "-2", "@SUM(A1)", "\tx", "\rx"])
def test_cells_a_spreadsheet_would_run_are_text(db, users, villages, typed):
    spill(db, location=typed)
    [row] = rows(export.tickets_csv(db, queue.all_matching(db, users["bay"], QueueFilter(), {}, TODAY), villages))
    assert row["location"] == "'" + typed


def utc(*args):
    return datetime(*args, tzinfo=timezone.utc)


def test_yearly_summary_counts(db, users, villages):
    spill(db, now=utc(2026, 3, 2, 15))
    spill(db, now=utc(2026, 3, 9, 15), kind="septic")
    spill(db, now=utc(2026, 7, 4, 15), hazardous=True)
    spill(db, now=utc(2026, 7, 5, 15), village="poquott", channel="sms")
    # 8 p.m. on New Year's Eve in New York is already January 1 in UTC: still 2026 there.
    spill(db, now=utc(2027, 1, 1, 1))
    # 8 p.m. on December 31, 2025 in New York: 2025's.
    spill(db, now=utc(2026, 1, 1, 1))
    quick = spill(db, now=utc(2026, 5, 1, 12))
    slow = spill(db, now=utc(2026, 5, 1, 12))
    change_status(db, quick.reference, "closed", actor=users["bay"], reason="dup", now=utc(2026, 5, 2, 12))
    for status in ("acknowledged", "investigating", "resolved"):
        change_status(db, slow.reference, status, actor=users["bay"], now=utc(2026, 5, 11, 12))
    summary = export.yearly_summary(db, 2026, villages, ["bayville", "poquott"])
    assert summary.total == 7
    assert summary.by_kind == {"spill": 6, "illicit_discharge": 0, "septic": 1, "dye_test": 0, "handoff": 0}
    assert summary.by_village == {"bayville": 6, "poquott": 1}
    assert summary.by_month == {1: 0, 2: 0, 3: 2, 4: 0, 5: 2, 6: 0, 7: 2, 8: 0, 9: 0, 10: 0, 11: 0, 12: 1}
    assert summary.by_hazardous == {"yes": 1, "no": 6}
    assert summary.by_channel == {"sms": 1, "web": 6}
    assert summary.finished == 2
    assert (summary.median_days_to_close, summary.mean_days_to_close, summary.longest_days_to_close) == (5.5, 5.5, 10.0)
    only_bayville = export.yearly_summary(db, 2026, villages, ["bayville"])
    assert only_bayville.total == 6 and only_bayville.by_village == {"bayville": 6}
    assert export.yearly_summary(db, 2025, villages, ["bayville"]).total == 1


def test_summary_csv(db, users, villages):
    spill(db, now=utc(2026, 3, 2, 15))
    text = export.summary_csv(export.yearly_summary(db, 2026, villages, ["bayville"]))
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0] == ["section", "item", "value"]
    assert ["total", "", "1"] in lines and ["month", "2026-03", "1"] in lines and ["kind", "spill", "1"] in lines
    assert ["time_to_close_days", "median", ""] in lines


def test_empty_year(db, users, villages):
    summary = export.yearly_summary(db, 2020, villages, ["bayville"])
    assert summary.total == 0 and summary.median_days_to_close is None
    assert export.yearly_summary(db, 2026, villages, []).total == 0


@pytest.mark.parametrize("separator", [";", ",", "\t", ", ", "; "])
@pytest.mark.parametrize("start", ["=", "+", "-", "@"])
def test_a_formula_after_any_separator_is_neutralised(db, users, villages, separator, start):
    # Issue 29: "12 Csv Street;=2*21;x" was exported unquoted, and a spreadsheet splitting on
    # ";" ran "=2*21".
    typed = f"12 Csv Street{separator}{start}2*21{separator}x"
    spill(db, location=typed)
    text = export.tickets_csv(db, queue.all_matching(db, users["bay"], QueueFilter(), {}, TODAY), villages)
    [row] = rows(text)
    assert row["location"] == f"12 Csv Street{separator}'{start}2*21{separator}x"
    # Split on the separator as a careless import would (quotes ignored): no piece starts a formula.
    line = text.splitlines()[1]
    pieces = [p.strip(" \"") for p in re.split(r"[;,\t]", line)]
    assert not [p for p in pieces if p[:1] in ("=", "+", "-", "@")], pieces


def test_every_cell_is_quoted(db, users, villages):
    spill(db, location="12 Main St")
    text = export.tickets_csv(db, queue.all_matching(db, users["bay"], QueueFilter(), {}, TODAY), villages)
    for line in text.splitlines():
        cells = next(csv.reader([line]))
        assert line == ",".join('"' + c.replace('"', '""') + '"' for c in cells)
    summary = export.summary_csv(export.YearSummary(year=2026))
    assert summary.splitlines()[0] == '"section","item","value"'
