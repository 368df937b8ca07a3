"""The desk's pages as a clerk reads them (issue 32): the queue's columns and cards, note
authors, labels, transcripts, phone numbers and the inbox. The widths themselves are measured
in Chromium by tests/e2e/browser/test_desk_and_page_browser.py."""
import re
from datetime import date
from html.parser import HTMLParser

from web.staff.filters import staff_day

from .conftest import login, spill


class _Cells(HTMLParser):
    """The queue table's header texts and each body cell's ``data-label``."""

    def __init__(self):
        super().__init__()
        self.headers, self.labels, self._in_th, self._in_queue = [], [], False, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "tickets" in (attrs.get("class") or ""):
            self._in_queue = True
        if self._in_queue and tag == "th":
            self._in_th = True
            self.headers.append("")
        if self._in_queue and tag == "td":
            self.labels.append(attrs.get("data-label"))

    def handle_endtag(self, tag):
        if tag == "th":
            self._in_th = False
        if tag == "table":
            self._in_queue = False

    def handle_data(self, data):
        if self._in_th:
            self.headers[-1] += data.strip()


def queue_cells(client, path="/staff/"):
    response = client.get(path)
    assert response.status_code == 200
    cells = _Cells()
    cells.feed(response.get_data(as_text=True))
    return cells


def test_staff_of_one_village_get_no_village_column(signed_in, db):
    spill(db)
    cells = queue_cells(signed_in)
    assert "Village" not in cells.headers and "Village" not in cells.labels
    assert "Village of Bayville" not in signed_in.get("/staff/").get_data(as_text=True)
    assert cells.headers[:2] == ["Reference", "Hazard"]


def test_an_admin_sees_which_village_each_ticket_is_from(client, users, db):
    spill(db)
    spill(db, village="poquott")
    assert login(client, users["admin"].email).status_code == 302
    cells = queue_cells(client)
    assert "Village" in cells.headers and cells.labels.count("Village") == 2


def test_every_queue_cell_is_named_for_the_phone_cards(signed_in, db):
    spill(db, notify_by=date(2026, 12, 1), written_by=date(2026, 12, 4))
    spill(db, hazardous=True)
    cells = queue_cells(signed_in)
    # Each card line shows its column's name: every cell has one, and it is a header's.
    assert len(cells.labels) == 2 * len(cells.headers)
    assert set(cells.labels) == set(cells.headers)


def test_queue_deadlines_are_short_days(signed_in, db):
    spill(db, notify_by=date(2026, 12, 1), written_by=date(2026, 12, 4))
    shown = signed_in.get("/staff/").get_data(as_text=True)
    assert "notice by Tue Dec 1" in shown and "letter by Fri Dec 4" in shown
    assert staff_day("2026-11-30") == "Mon Nov 30" and staff_day(None) == ""
    # A new ticket says so once, in its Status cell.
    assert len(re.findall(r'class="badge badge-new"', shown)) == 1
