"""The desk's pages through the Flask test client: village walls, status moves, notes,
dates, escaping, photos, exports and the inbox."""
import csv
import io
import json
from datetime import date, datetime, timedelta, timezone

import pytest

from stormwater.staff import audit
from stormwater.staff.media import MediaUnavailable
from stormwater.staff.workflow import MOVES
from stormwater.store.database import immediate
from stormwater.reports.ticket_store import get_ticket, status_for

from .conftest import NOW, csrf_token, login, spill

PHOTO = {"url": "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1", "content_type": "image/jpeg"}


def post(client, path, data, form_page=None):
    token = csrf_token(client, form_page or path.rsplit("/", 1)[0])
    return client.post(path, data={**data, "csrf_token": token})


def page_text(client, path):
    response = client.get(path)
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


@pytest.fixture
def poquott_ticket(db):
    return spill(db, village="poquott", location="Poquott secret place", fields={"photos": [PHOTO]})


def test_other_villages_tickets_are_not_found(signed_in, db, poquott_ticket):
    ref = poquott_ticket.reference
    assert signed_in.get(f"/staff/tickets/{ref}").status_code == 404
    assert signed_in.get(f"/staff/tickets/{ref}/photos/1").status_code == 404
    own = spill(db)
    token = csrf_token(signed_in, f"/staff/tickets/{own.reference}")
    for action, data in (("status", {"status": "acknowledged", "expected": "new"}), ("notes", {"body": "peek"}),
                         ("assignee", {"assignee": ""}), ("notice", {"received_on": "2026-11-30"}),
                         ("confirmation", {"received_on": "2026-11-30"})):
        response = signed_in.post(f"/staff/tickets/{ref}/{action}", data={**data, "csrf_token": token})
        assert response.status_code == 404, action
    assert get_ticket(db, ref).status == "new" and audit.entries(db, "ticket", ref) == []
    queue_page = page_text(signed_in, "/staff/")
    assert ref not in queue_page and "Poquott secret place" not in queue_page
    assert signed_in.get("/staff/?village=poquott").status_code == 403
    assert ref not in signed_in.get("/staff/export.csv").get_data(as_text=True)
    assert signed_in.get("/staff/summary?village=poquott").status_code == 403
    assert signed_in.get("/staff/summary.csv?village=poquott").status_code == 403


def test_an_admin_sees_every_village(client, users, db, poquott_ticket):
    login(client, users["admin"].email)
    assert poquott_ticket.reference in page_text(client, "/staff/")
    assert "Poquott secret place" in page_text(client, f"/staff/tickets/{poquott_ticket.reference}")


def walk_to(client, db, ticket, target):
    """Move ``ticket`` through the web forms along the shortest path to ``target``."""
    paths = {"new": [], "acknowledged": ["acknowledged"], "investigating": ["acknowledged", "investigating"],
             "resolved": ["acknowledged", "investigating", "resolved"], "closed": ["closed"]}
    for status in paths[target]:
        current = get_ticket(db, ticket.reference).status
        response = post(client, f"/staff/tickets/{ticket.reference}/status",
                        {"status": status, "expected": current, "reason": "duplicate" if status == "closed" else ""},
                        form_page=f"/staff/tickets/{ticket.reference}")
        assert response.status_code == 302, (current, status, response.status_code)


@pytest.mark.parametrize("start, target", sorted((a, b) for a, bs in MOVES.items() for b in bs))
def test_every_status_move_through_the_page_and_its_audit_entry(signed_in, db, users, start, target):
    ticket = spill(db)
    walk_to(signed_in, db, ticket, start)
    before = len(audit.entries(db, "ticket", ticket.reference))
    response = post(signed_in, f"/staff/tickets/{ticket.reference}/status",
                    {"status": target, "expected": start, "reason": "not in our MS4" if target == "closed" else ""},
                    form_page=f"/staff/tickets/{ticket.reference}")
    assert response.status_code == 302
    assert get_ticket(db, ticket.reference).status == target
    entries = audit.entries(db, "ticket", ticket.reference)
    assert len(entries) == before + 1
    last = entries[-1]
    assert (last.actor, last.action, last.before["status"], last.after["status"]) == (
        users["bay"].email, "status", start, target)
    shown = page_text(signed_in, f"/staff/tickets/{ticket.reference}")
    assert f'id="ticket-status">{target}<' in shown and f"Status is now {target}." in shown


def test_closing_without_a_reason_shows_why_and_changes_nothing(signed_in, db):
    ticket = spill(db)
    response = post(signed_in, f"/staff/tickets/{ticket.reference}/status", {"status": "closed", "expected": "new"},
                    form_page=f"/staff/tickets/{ticket.reference}")
    assert response.status_code == 409
    assert "closing a ticket needs a reason" in response.get_data(as_text=True)
    assert get_ticket(db, ticket.reference).status == "new"
    # Forward past a step is one change now; staying put (or going back) is still refused.
    same = post(signed_in, f"/staff/tickets/{ticket.reference}/status", {"status": "new", "expected": "new"},
                form_page=f"/staff/tickets/{ticket.reference}")
    assert same.status_code == 409 and get_ticket(db, ticket.reference).status == "new"
    unknown = post(signed_in, f"/staff/tickets/{ticket.reference}/status", {"status": "gone", "expected": "new"},
                   form_page=f"/staff/tickets/{ticket.reference}")
    assert unknown.status_code == 400


def test_notes_from_the_page_reach_the_reporter_only_when_shared(signed_in, db, users):
    ticket = spill(db)
    page = f"/staff/tickets/{ticket.reference}"
    assert post(signed_in, page + "/notes", {"body": "internal: check the basin"}, form_page=page).status_code == 302
    assert status_for(db, ticket.reference, "reporter-key").shared_note is None
    assert post(signed_in, page + "/notes", {"body": "A crew cleaned the drain.", "shared": "y"}, form_page=page).status_code == 302
    assert status_for(db, ticket.reference, "reporter-key").shared_note == "A crew cleaned the drain."
    shown = page_text(signed_in, page)
    assert "internal: check the basin" in shown and "shared with the reporter" in shown
    empty = post(signed_in, page + "/notes", {"body": "   "}, form_page=page)
    assert empty.status_code == 400
    long_note = "x" * 6000
    too_long = post(signed_in, page + "/notes", {"body": long_note}, form_page=page)
    # Refused, and what was typed is still in the form.
    assert too_long.status_code == 400 and long_note in too_long.get_data(as_text=True)
    assert [e.action for e in audit.entries(db, "ticket", ticket.reference)] == ["note", "note"]


def test_assignment_and_notice_dates_from_the_page(signed_in, db, users):
    ticket = spill(db, notify_by=date(2026, 11, 19), written_by=date(2026, 11, 24))
    page = f"/staff/tickets/{ticket.reference}"
    shown = page_text(signed_in, page)
    # No notice recorded yet: only the notice is overdue (a confirmation follows only an
    # in-person or telephone notice).
    assert "Notice overdue" in shown and "Written confirmation overdue" not in shown
    assert "Notice to the Stormwater Management Officer (SMO) by" in shown
    assert post(signed_in, page + "/assignee", {"assignee": str(users["bay2"].id)}, form_page=page).status_code == 302
    assert get_ticket(db, ticket.reference).assignee_id == users["bay2"].id
    assert post(signed_in, page + "/assignee", {"assignee": str(users["pqt"].id)}, form_page=page).status_code in (400, 409)
    assert post(signed_in, page + "/notice", {"received_on": "2026-11-20"}, form_page=page).status_code == 302
    assert post(signed_in, page + "/confirmation", {"received_on": "2026-11-24"}, form_page=page).status_code == 302
    stored = get_ticket(db, ticket.reference)
    assert (stored.notice_received_on, stored.confirmation_due, stored.confirmation_received_on) == (
        date(2026, 11, 20), date(2026, 11, 25), date(2026, 11, 24))
    shown = page_text(signed_in, page)
    assert "Notice overdue" not in shown and "Written confirmation overdue" not in shown
    future = post(signed_in, page + "/notice", {"received_on": (NOW.date() + timedelta(days=1)).isoformat()}, form_page=page)
    assert future.status_code == 409 and "cannot be in the future" in future.get_data(as_text=True)
    assert post(signed_in, page + "/notice", {"received_on": "30/11/2026"}, form_page=page).status_code == 400
    # Issue 29: dates back to year 1 were accepted.
    for ancient in ("0001-01-01", "1926-11-20"):
        for form in ("/notice", "/confirmation"):
            refused = post(signed_in, page + form, {"received_on": ancient}, form_page=page)
            assert refused.status_code == 409 and "years ago" in refused.get_data(as_text=True), (form, ancient)
    # and a discovery time inside the hour the clocks skip
    skipped = post(signed_in, page + "/correction", {"field": "discovered_at", "discovered": "2026-03-08T02:30"}, form_page=page)
    assert skipped.status_code == 409 and "does not exist" in skipped.get_data(as_text=True)
    assert [e.action for e in audit.entries(db, "ticket", ticket.reference)] == ["assign", "notice", "confirmation"]


def test_ticket_text_is_escaped(signed_in, db):
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    ticket = spill(db, location=evil, reporter_name=evil, fields={"material": evil},
                   transcript=[{"who": "resident", "text": evil}])
    post(signed_in, f"/staff/tickets/{ticket.reference}/notes", {"body": evil}, form_page=f"/staff/tickets/{ticket.reference}")
    for path in (f"/staff/tickets/{ticket.reference}", "/staff/"):
        shown = page_text(signed_in, path)
        assert "<script>alert" not in shown and "<img src=x" not in shown
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in shown


def test_the_ticket_page_shows_every_field_and_the_transcript(signed_in, db):
    ticket = spill(db, fields={"material": "antifreeze", "reached_drain": "yes", "discharges": ["antifreeze", "motor_oil"]},
                   transcript=[{"who": "resident", "text": "green liquid in the gutter"}, {"who": "bot", "text": "Is it still flowing?"}],
                   reporter_email="pat@example.org", notify_by=date(2026, 12, 1), written_by=date(2026, 12, 4))
    shown = page_text(signed_in, f"/staff/tickets/{ticket.reference}")
    for expected in ("antifreeze, motor oil", "Reached a storm drain", "green liquid in the gutter", "Is it still flowing?",
                     "pat@example.org", "(516) 555-0199", "Pat Doe", "Tue 2026-12-01", "Fri 2026-12-04",
                     f"/letters/{ticket.letter_token}"):
        assert expected in shown, expected
    assert "motor_oil" not in shown and "Reached drain" not in shown  # labels, never raw keys
    # Each field once: the phone number and the reporter's name are not repeated.
    assert shown.count("(516) 555-0199") == 1 and shown.count(">Pat Doe<") == 1
    # The report comes before the forms.
    assert shown.index('id="report"') < shown.index('id="status-form"')


def test_the_letter_link_is_only_on_tickets_a_letter_applies_to(signed_in, db):
    hazardous = spill(db, hazardous=True)
    shown = page_text(signed_in, f"/staff/tickets/{hazardous.reference}")
    assert f"/letters/{hazardous.letter_token}" not in shown and "printable confirmation letter" not in shown
    assert signed_in.get(f"/letters/{hazardous.letter_token}").status_code == 404


def test_staff_correct_the_discovery_time_and_the_deadlines_follow(signed_in, db, users):
    ticket = spill(db, discovered_at=datetime(2026, 11, 30, 14, 0, tzinfo=timezone.utc),
                   notify_by=date(2026, 12, 1), written_by=date(2026, 12, 4))
    page = f"/staff/tickets/{ticket.reference}"
    response = post(signed_in, f"{page}/correction", {"field": "discovered_at", "discovered": "2026-11-27T18:30"},
                    form_page=page)
    assert response.status_code == 302
    fixed = get_ticket(db, ticket.reference)
    assert fixed.discovered_at.isoformat() == "2026-11-27T18:30:00-05:00"
    assert (fixed.notify_by, fixed.written_by) == (date(2026, 11, 30), date(2026, 12, 3))
    shown = page_text(signed_in, page)
    assert "Correction saved" in shown and "Bay Clerk corrected Discovered from" in shown
    refused = post(signed_in, f"{page}/correction", {"field": "discovered_at", "discovered": ""}, form_page=page)
    assert refused.status_code == 409 and "give the date and time" in refused.get_data(as_text=True)
    text = post(signed_in, f"{page}/correction", {"field": "amount", "value": "about two gallons"}, form_page=page)
    assert text.status_code == 302 and get_ticket(db, ticket.reference).fields["amount"] == "about two gallons"


class FakeFetcher:
    def __init__(self, result):
        self.result, self.urls = result, []

    def fetch(self, url):
        self.urls.append(url)
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


def test_photos_are_served_to_staff_of_the_village_only(app, client, users, db):
    ticket = spill(db, fields={"photos": [PHOTO]})
    fetcher = app.extensions["staff_media_fetcher"] = FakeFetcher((b"\xff\xd8jpeg", "image/jpeg"))
    assert client.get(f"/staff/tickets/{ticket.reference}/photos/1").status_code == 302
    assert fetcher.urls == []
    login(client, users["pqt"].email)
    assert client.get(f"/staff/tickets/{ticket.reference}/photos/1").status_code == 404
    client.post("/staff/logout", data={"csrf_token": csrf_token(client, "/staff/")})
    login(client, users["bay"].email)
    assert f"/staff/tickets/{ticket.reference}/photos/1" in page_text(client, f"/staff/tickets/{ticket.reference}")
    response = client.get(f"/staff/tickets/{ticket.reference}/photos/1")
    assert response.status_code == 200 and response.data == b"\xff\xd8jpeg" and response.mimetype == "image/jpeg"
    assert "sandbox" in response.headers["Content-Security-Policy"] and response.headers["Cache-Control"] == "no-store"
    assert fetcher.urls == [PHOTO["url"]]
    assert client.get(f"/staff/tickets/{ticket.reference}/photos/2").status_code == 404
    app.extensions["staff_media_fetcher"] = FakeFetcher(MediaUnavailable("Twilio answered 404"))
    assert client.get(f"/staff/tickets/{ticket.reference}/photos/1").status_code == 502


def test_queue_filters_and_csv_export_of_the_same_filter(signed_in, db):
    oil = spill(db, location="Shore Road")
    septic = spill(db, kind="septic", location="Bay Avenue", now=NOW - timedelta(hours=1))
    spill(db, village="poquott", location="Shore Road too")
    assert septic.reference not in page_text(signed_in, "/staff/?kind=spill")
    assert oil.reference in page_text(signed_in, "/staff/?q=shore")
    assert signed_in.get("/staff/?kind=flood").status_code == 400
    assert signed_in.get("/staff/?page=zero").status_code == 400
    rows = list(csv.DictReader(io.StringIO(signed_in.get("/staff/export.csv?q=shore").get_data(as_text=True))))
    assert [r["reference"] for r in rows] == [oil.reference]
    response = signed_in.get("/staff/export.csv")
    assert response.mimetype == "text/csv" and "attachment" in response.headers["Content-Disposition"]
    assert {r["reference"] for r in csv.DictReader(io.StringIO(response.get_data(as_text=True)))} == {oil.reference, septic.reference}


def test_pages_link_to_each_other(signed_in, db):
    for i in range(30):
        spill(db, now=NOW - timedelta(minutes=i))
    first = page_text(signed_in, "/staff/?sort=newest")
    assert "page 1 of 2" in first and 'href="/staff/?sort=newest&amp;page=2"' in first
    second = page_text(signed_in, "/staff/?sort=newest&page=2")
    assert second.count('href="/staff/tickets/') == 5


def test_summary_page_and_csv(signed_in, db):
    spill(db, kind="septic")
    shown = page_text(signed_in, "/staff/summary?year=2026")
    assert "Reports filed in 2026" in shown
    rows = list(csv.reader(io.StringIO(signed_in.get("/staff/summary.csv?year=2026").get_data(as_text=True))))
    assert ["kind", "septic", "1"] in rows and ["village", "bayville", "1"] in rows
    assert ["village", "poquott", "0"] not in rows
    for bad in ("year=twenty", "year=1999", "village=atlantis"):
        assert signed_in.get(f"/staff/summary?{bad}").status_code == 400


def add_text(db, sid, village, status="held", media=()):
    with immediate(db):
        cursor = db.conn.execute(
            "INSERT INTO sms_messages (message_sid, from_number, to_number, body, num_media, media, village, received_at,"
            " status, handled) VALUES (?, '+15165550199', '+15165550100', ?, ?, ?, ?, ?, ?, 0)",
            [sid, f"<b>text {sid}</b>", len(media), json.dumps(list(media)), village, NOW.isoformat(), status],
        )
    return cursor.lastrowid


def test_inbox_lists_and_marks_handled(app, signed_in, db, users):
    mine, theirs = add_text(db, "SM1", "bayville", media=[PHOTO]), add_text(db, "SM2", "poquott")
    shown = page_text(signed_in, "/staff/inbox")
    assert "&lt;b&gt;text SM1&lt;/b&gt;" in shown and "SM2" not in shown
    app.extensions["staff_media_fetcher"] = FakeFetcher((b"png", "image/png"))
    assert signed_in.get(f"/staff/inbox/{mine}/media/1").data == b"png"
    assert signed_in.get(f"/staff/inbox/{theirs}/media/1").status_code == 404
    token = csrf_token(signed_in, "/staff/inbox")
    assert signed_in.post(f"/staff/inbox/{theirs}/handled", data={"csrf_token": token}).status_code == 404
    assert signed_in.post(f"/staff/inbox/{mine}/handled").status_code == 400
    assert signed_in.post(f"/staff/inbox/{mine}/handled", data={"csrf_token": token}).status_code == 302
    assert "No texts waiting" in page_text(signed_in, "/staff/inbox")
    [entry] = audit.entries(db, "sms_message", mine)
    assert entry.actor == users["bay"].email


def test_a_notice_by_fax_owes_no_written_confirmation_on_the_page(signed_in, db):
    ticket = spill(db, notify_by=date(2026, 11, 19), written_by=date(2026, 11, 24))
    page = f"/staff/tickets/{ticket.reference}"
    assert post(signed_in, page + "/notice", {"received_on": "2026-11-19", "method": "fax"}, form_page=page).status_code == 302
    stored = get_ticket(db, ticket.reference)
    assert (stored.notice_method, stored.confirmation_due) == ("fax", None)
    shown = page_text(signed_in, page)
    assert "not required: the ordinance asks for a written confirmation only of a notice in person or by telephone" in shown
    assert "Written confirmation overdue" not in shown
    assert post(signed_in, page + "/notice", {"received_on": "2026-11-19", "method": "carrier pigeon"}, form_page=page).status_code == 400
