"""The desk's pages as a clerk reads them (issue 32): the queue's columns and cards, note
authors, labels, transcripts, phone numbers and the inbox. The widths themselves are measured
in Chromium by tests/e2e/browser/test_desk_and_page_browser.py."""
import re
from datetime import date
from html.parser import HTMLParser

from stormwater.alerts import outbox
from stormwater.staff import phone_display
from web.staff.filters import staff_day

from .conftest import login, spill
from .test_web_desk import add_text, post


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


def test_phone_numbers_read_as_people_write_them():
    assert phone_display.readable("+15165550100") == "(516) 555-0100"
    assert phone_display.readable("516.555.0100") == "(516) 555-0100"
    assert phone_display.tel_href("(516) 555-0100") == "tel:+15165550100"
    # Not a North American number: shown as given, dialled with its digits.
    assert phone_display.readable("+44 20 7946 0958") == "+44 20 7946 0958"
    assert phone_display.tel_href("+44 20 7946 0958") == "tel:+442079460958"
    assert phone_display.readable("555-0100") == "555-0100" and phone_display.tel_href("none") == ""


def test_the_ticket_page_reads_as_a_clerk_expects(signed_in, db, users):
    readback = "Here is what I have:\nWhere: 12 Main Street\nWhat: motor oil"
    ticket = spill(db, reporter_phone="+15165550123", channel="sms",
                   transcript=[{"who": "resident", "text": "oil"}, {"who": "bot", "text": readback}])
    page = f"/staff/tickets/{ticket.reference}"
    assert post(signed_in, page + "/notes", {"body": "Called back."}, form_page=page).status_code == 302
    shown = signed_in.get(page).get_data(as_text=True)
    # The phone number is a tap-to-call link, written for people.
    assert '<a href="tel:+15165550123">(516) 555-0123</a>' in shown and "+15165550123<" not in shown
    # The note's author by name, as the history names them.
    note = shown[shown.index('id="notes"'):shown.index('id="note-form"')]
    assert "Bay Clerk" in note and users["bay"].email not in note
    # The read-back keeps its lines, in an element that shows them.
    assert '<span class="text">' + readback + "</span>" in shown
    # The checkbox's words are its label.
    match = re.search(r'<input id="(\w+)" name="shared" type="checkbox"[^>]*> <label class="check" for="(\w+)">Share with the reporter', shown)
    assert match and match.group(1) == match.group(2)


def test_the_inbox_says_how_many_reports_were_not_emailed_without_listing_them_again(signed_in, db):
    tickets = [spill(db), spill(db)]
    for ticket in tickets:
        outbox.enqueue(db, dedupe_key=f"new:{ticket.reference}", village="bayville", purpose="new_ticket", channel="email", recipient="smo@bayville.example",
                       subject=f"New report {ticket.reference}", body="", ticket_reference=ticket.reference)
    db.conn.execute("UPDATE alert_outbox SET state = 'held'")
    db.conn.commit()
    shown = signed_in.get("/staff/inbox").get_data(as_text=True)
    assert "2 new reports</strong>\n  were not e-mailed" in shown and 'href="/staff/?status=new"' in shown
    assert not any(t.reference in shown for t in tickets)
    # No empty column header (axe: empty-table-header).
    assert '<th scope="col"></th>' not in shown


def test_a_text_in_the_inbox_shows_its_sender_to_call_back(signed_in, db):
    add_text(db, "SM1", "bayville")
    shown = signed_in.get("/staff/inbox").get_data(as_text=True)
    assert '<a href="tel:+15165550199">(516) 555-0199</a>' in shown
