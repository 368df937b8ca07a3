"""The printable written confirmation, reached by the ticket's unguessable token."""
from datetime import date, datetime, timezone

from stormwater.store.database import connect, migrate
from stormwater.reports.ticket_store import file_ticket


def filed(app, **overrides):
    db = connect(app.config["DATABASE"])
    migrate(db)
    values = dict(
        village="bayville", kind="spill", channel="web", hazardous=False,
        fields={"material": "soapy water", "amount": "2 gallons", "reached_drain": "yes", "commercial": "no"},
        location="12 Main St", discovered_at=datetime(2026, 11, 30, 9, 15, tzinfo=timezone.utc),
        notify_by=date(2026, 12, 1), written_by=date(2026, 12, 4), reporter_name="Pat Lee", reporter_phone="(516) 555-0199",
    )
    values.update(overrides)
    ticket = file_ticket(db, **values)
    db.close()
    return ticket


def test_letter_is_prefilled_and_addressed_to_the_smo(app, client):
    ticket = filed(app)
    page = client.get(f"/letters/{ticket.letter_token}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    for expected in (ticket.reference, "soapy water", "2 gallons", "12 Main St", "Pat Lee", "(516) 555-0199",
                     "Stormwater Management Officer", "Friday, December 4, 2026", "Bayville Code ch. 63A, § 63A-14"):
        assert expected in html
    assert page.headers["Cache-Control"] == "no-store"
    assert "noindex" in page.headers["X-Robots-Tag"]


def test_letter_shows_residents_words_as_text(app, client):
    ticket = filed(app, location='<script>alert(1)</script><img src=x onerror="alert(2)">')
    html = client.get(f"/letters/{ticket.letter_token}").get_data(as_text=True)
    assert "<script>alert(1)" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_unknown_or_guessed_tokens_are_not_found(app, client):
    ticket = filed(app)
    assert client.get("/letters/" + "A" * 24).status_code == 404
    assert client.get(f"/letters/{ticket.reference}").status_code == 404
    assert client.get("/letters/" + "x" * 500).status_code == 404


def test_the_deadline_sentence_reads_whole(app, client):
    html = " ".join(client.get(f"/letters/{filed(app).letter_token}").get_data(as_text=True).split())
    assert ("within three business days of your notice. If you gave notice on the last allowed day,"
            " Tuesday, December 1, 2026, mail it by <strong>Friday, December 4, 2026</strong>.") in html
    assert ", )" not in html and "day, )" not in html


def test_no_letter_for_a_hazardous_or_someone_elses_release(app, client):
    for ticket in (filed(app, hazardous=True, notify_by=None, written_by=None, fields={"material": "paint thinner"}),
                   filed(app, kind="illicit_discharge", notify_by=None, written_by=None)):
        assert client.get(f"/letters/{ticket.letter_token}").status_code == 404


def _closed_at(app, ticket, when):
    db = connect(app.config["DATABASE"])
    with db.conn:
        db.conn.execute("UPDATE tickets SET status = 'closed', closed_at = ? WHERE id = ?", [when.isoformat(), ticket.id])
    db.close()


def test_a_letter_link_expires_a_year_after_the_ticket_is_closed(app, client):
    # Issue 29: letter tokens never expired.
    from datetime import timedelta

    from stormwater.reports.ticket_store import LETTER_VALID_AFTER_CLOSING

    now = datetime.now(timezone.utc)
    recent, old = filed(app), filed(app)
    _closed_at(app, recent, now - LETTER_VALID_AFTER_CLOSING + timedelta(days=1))
    _closed_at(app, old, now - LETTER_VALID_AFTER_CLOSING - timedelta(minutes=1))
    assert client.get(f"/letters/{recent.letter_token}").status_code == 200
    for path in (f"/letters/{old.letter_token}", f"/letters/{old.letter_token}/deadlines.ics"):
        gone = client.get(path)
        assert gone.status_code == 404 and "Pat Lee" not in gone.get_data(as_text=True), path
        assert gone.headers["Cache-Control"] == "no-store"


def test_the_letter_gives_the_earliest_date_when_village_hall_may_be_open(app, client):
    # Issue 33: found Friday 9 October 2026; Monday 12 October is Columbus Day, which the federal
    # calendar skips but Village Hall may keep open.
    ticket = filed(app, discovered_at=datetime(2026, 10, 9, 14, 0, tzinfo=timezone.utc),
                   notify_by=date(2026, 10, 13), written_by=date(2026, 10, 16))
    html = " ".join(client.get(f"/letters/{ticket.letter_token}").get_data(as_text=True).split())
    assert ("If you gave notice on the last allowed day, Monday, October 12, 2026, or Tuesday, October 13, 2026 if "
            "Village Hall is closed for Columbus Day: call (516) 555-0101 to check, mail it by <strong>Thursday, "
            "October 15, 2026, or Friday, October 16, 2026 if Village Hall is closed for Columbus Day") in html


def test_the_letter_has_a_print_button_and_whole_check_boxes(app, client):
    ticket = filed(app)
    html = client.get(f"/letters/{ticket.letter_token}").get_data(as_text=True)
    # The button is hidden until letter.js (allowed by the page's CSP: 'self') shows it, and
    # sits in a part that is not printed.
    assert '<p class="noprint"><button type="button" id="print-letter" hidden>Print this letter</button></p>' in html
    assert '<script src="/static/letter.js" defer></script>' in html
    assert "Ctrl+P" not in html
    # Each box with its words is one unbreakable piece.
    assert '<span class="box">[&nbsp;]&nbsp;in&nbsp;person</span> <span class="box">[&nbsp;]&nbsp;by&nbsp;telephone</span>' in html
    script = client.get("/static/letter.js")
    assert script.status_code == 200 and b"window.print()" in script.data
