"""Issue 32: who or what the reporter thinks is discharging, in the reporter's own words, is
kept on the ticket and shown where staff look: the ticket page, the queue, the CSV export and
a village back end's Open311 description."""
import csv
import io
from datetime import date
from html import unescape

from stormwater.alerts import open311_forward
from stormwater.reports.ticket_store import get_ticket
from stormwater.staff import export, queue
from stormwater.staff.queue import QueueFilter
from stormwater.store.settings import ForwardTarget

from .conftest import spill

WORDS = "I think it's the contractor painting the hardware store"


def test_the_ticket_keeps_the_words_apart_from_the_commercial_answer(db):
    ticket = spill(db, kind="illicit_discharge", fields={"material": "paint", "commercial": "yes"}, suspected_source=WORDS)
    stored = get_ticket(db, ticket.reference)
    assert stored.suspected_source == WORDS and stored.fields["commercial"] == "yes"
    assert get_ticket(db, spill(db).reference).suspected_source is None


def test_the_ticket_page_and_the_queue_show_it(signed_in, db):
    ticket = spill(db, kind="illicit_discharge", fields={"material": "paint"}, suspected_source=WORDS)
    page = unescape(signed_in.get(f"/staff/tickets/{ticket.reference}").get_data(as_text=True))
    assert "Suspected source (reporter's words)" in page and f'data-key="suspected_source">{WORDS}</dd>' in page
    shown = unescape(signed_in.get("/staff/").get_data(as_text=True))
    assert f"Source: {WORDS}" in shown


def test_the_csv_export_has_its_column(db, users, villages):
    spill(db, suspected_source=WORDS)
    items = queue.all_matching(db, users["bay"], QueueFilter(), {}, date(2026, 11, 30))
    [row] = list(csv.DictReader(io.StringIO(export.tickets_csv(db, items, villages))))
    assert row["suspected_source"] == WORDS


def test_a_village_back_end_reads_it_in_the_description(db):
    target = ForwardTarget(url="https://crm.example/open311/v2", key="k", jurisdiction_id="", service_codes={})
    with_source = get_ticket(db, spill(db, fields={"material": "paint"}, suspected_source=WORDS).reference)
    form = open311_forward._form(with_source, target)
    assert form["description"] == f"paint. Suspected source (reporter's words): {WORDS}"
    plain = get_ticket(db, spill(db, fields={"material": "paint"}).reference)
    assert open311_forward._form(plain, target)["description"] == "paint"


def test_retention_removes_it_with_the_reporters_details(db, users):
    from datetime import timedelta

    from stormwater.staff.workflow import change_status
    from stormwater.staff.purge import purge_personal_data

    from .conftest import NOW

    old = spill(db, now=NOW - timedelta(days=90), suspected_source="my neighbour Pat at number 12")
    change_status(db, old.reference, "closed", actor=users["bay"], reason="cleaned up", now=NOW - timedelta(days=31))
    db.conn.commit()
    assert purge_personal_data(db, days=30, now=NOW).tickets == (old.reference,)
    kept = get_ticket(db, old.reference)
    assert kept.suspected_source is None and kept.fields["material"] == "motor oil"
