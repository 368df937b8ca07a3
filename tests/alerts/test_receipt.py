"""The resident's e-mail receipt (issue 32): the address check, the text, the outbox row in the
address's own transaction, the worker (SMTP off: held, shown on the desk; on: sent), retention."""
from __future__ import annotations

from datetime import timedelta

import pytest

from stormwater.alerts import outbox
from stormwater.alerts.worker import Transports, deliver_due
from stormwater.reports import receipts, ticket_events
from stormwater.reports.receipts import read_address, request_receipt
from stormwater.reports.ticket_store import file_ticket, get_ticket
from stormwater.staff import workflow
from stormwater.staff.purge import purge_personal_data
from stormwater.store.settings import start_process
from tests.staff.conftest import NOW


@pytest.fixture(autouse=True)
def public_url(monkeypatch):
    monkeypatch.setenv("HELPDESK_PUBLIC_URL", "https://help.example.org")
    start_process()
    yield
    monkeypatch.delenv("HELPDESK_PUBLIC_URL")
    start_process()


def spill(db, **extra):
    values = dict(village="bayville", kind="spill", channel="web", hazardous=False, location="12 Main St, by the curb",
                  fields={"material": "soapy water"}, sender_key="web-key", notify_by=NOW.date() + timedelta(days=1),
                  written_by=NOW.date() + timedelta(days=4), discovered_at=NOW, now=NOW)
    values.update(extra)
    return file_ticket(db, **values)


def receipt_rows(db, reference):
    return db.conn.execute("SELECT purpose, channel, recipient, subject, body, state FROM alert_outbox"
                           " WHERE dedupe_key LIKE ?", [f"receipt:{reference}:%"]).fetchall()


@pytest.mark.parametrize("text, expected", [
    ("jane.doe@example.com", ("jane.doe@example.com", receipts.FOUND)),
    ("yes, send it to Pat.Lee+storm@Example.ORG please.", ("Pat.Lee+storm@example.org", receipts.FOUND)),
    ("no thanks", (None, receipts.NONE)),
    ("jane@localhost", (None, receipts.UNCLEAR)),
    ("a@b.com or c@d.com", (None, receipts.UNCLEAR)),
    ("<script>alert(1)</script>@x", (None, receipts.UNCLEAR)),
    ("bob@example..com", (None, receipts.UNCLEAR)),
    ("x" * 300 + "@example.com", (None, receipts.TOO_LONG)),
    ("a@example.com " + "spam " * 200, (None, receipts.TOO_LONG)),
])
def test_only_one_plausible_address_is_taken(text, expected):
    assert read_address(text) == expected


def test_the_receipt_says_what_was_reported_and_how_to_see_the_status_but_not_the_check_code(db):
    ticket = spill(db)
    assert request_receipt(db, ticket.reference, "pat@example.org", now=NOW)
    assert get_ticket(db, ticket.reference).reporter_email == "pat@example.org"
    [(purpose, channel, recipient, subject, body, state)] = receipt_rows(db, ticket.reference)
    assert (purpose, channel, recipient, state) == ("reporter_update", "email", "pat@example.org", "pending")
    assert subject == f"Your stormwater report {ticket.reference} (Bayville)"
    for words in (f"Reference: {ticket.reference}", "Village: Bayville", "What was reported: soapy water",
                  "Where: 12 Main St, by the curb", "Tuesday, December 1, 2026",
                  f"https://help.example.org/letters/{ticket.letter_token}",
                  "open https://help.example.org/status and enter the reference with the check code"):
        assert words in body, words
    assert ticket.status_check and ticket.status_check not in body
    assert "not legal advice" in body


def test_a_report_without_deadlines_gets_no_deadline_or_letter_lines(db):
    ticket = spill(db, kind="illicit_discharge", notify_by=None, written_by=None, location=None, fields={})
    assert request_receipt(db, ticket.reference, "pat@example.org", now=NOW)
    body = receipt_rows(db, ticket.reference)[0][4]
    assert "What was reported: not given" in body and "Where: not given" in body
    assert "notify" not in body and "/letters/" not in body


def test_the_address_and_the_receipt_are_one_transaction(db, monkeypatch, caplog):
    ticket = spill(db)

    def broken(*args, **kwargs):
        raise KeyError("no wording")

    monkeypatch.setitem(ticket_events._handlers, ticket_events.RECEIPT_REQUESTED, [broken])
    assert not request_receipt(db, ticket.reference, "pat@example.org", now=NOW)
    assert get_ticket(db, ticket.reference).reporter_email is None  # no address kept for nothing
    assert receipt_rows(db, ticket.reference) == []


def test_a_report_gets_at_most_two_receipts(db):
    ticket = spill(db)
    assert request_receipt(db, ticket.reference, "pat@example.org", now=NOW)
    assert request_receipt(db, ticket.reference, "pat.lee@example.org", now=NOW)  # a corrected address
    assert not request_receipt(db, ticket.reference, "stranger@example.net", now=NOW)
    assert [r[2] for r in receipt_rows(db, ticket.reference)] == ["pat@example.org", "pat.lee@example.org"]
    assert get_ticket(db, ticket.reference).reporter_email == "pat.lee@example.org"
    assert not request_receipt(db, "BAY-AAAAAA", "pat@example.org", now=NOW)


def test_with_email_off_the_receipt_is_held_and_the_desk_shows_it(signed_in, db, monkeypatch):
    monkeypatch.delenv("HELPDESK_SMTP_HOST", raising=False)
    ticket = spill(db)
    request_receipt(db, ticket.reference, "pat@example.org", now=NOW)
    deliver_due(db, Transports(mailer=None), now=NOW)
    assert receipt_rows(db, ticket.reference)[0][5] == "held"
    page = signed_in.get(f"/staff/tickets/{ticket.reference}").get_data(as_text=True)
    assert "pat@example.org" in page and "not sent: e-mail is off" in page


def test_the_worker_sends_the_receipt_by_email(db, smtp_server, smtp_env):
    from stormwater.store.settings import Settings
    from stormwater.alerts.transports import Mailer

    ticket = spill(db)
    request_receipt(db, ticket.reference, "pat@example.org", now=NOW)
    db.conn.execute("UPDATE alert_outbox SET state = 'sent' WHERE dedupe_key NOT LIKE 'receipt:%'")
    deliver_due(db, Transports(mailer=Mailer(Settings.from_env().smtp)), now=NOW)
    [sent] = [m for m in smtp_server.messages if m["to"] == ["pat@example.org"]]
    assert sent["message"]["Subject"] == f"Your stormwater report {ticket.reference} (Bayville)"
    assert f"Reference: {ticket.reference}" in sent["body"]


def test_retention_forgets_the_address_and_the_receipt(db, users):
    ticket = spill(db)
    request_receipt(db, ticket.reference, "pat@example.org", now=NOW)
    workflow.change_status(db, ticket.reference, "resolved", actor=users["bay"], now=NOW)
    purge_personal_data(db, days=30, now=NOW + timedelta(days=31))
    assert get_ticket(db, ticket.reference).reporter_email is None
    rows = db.conn.execute("SELECT recipient, body, state FROM alert_outbox WHERE dedupe_key LIKE 'receipt:%'").fetchall()
    assert rows == [("", "", "failed")]  # never sent: given up with the rest
    assert [a.purpose for a in outbox.for_ticket(db, ticket.reference) if a.recipient == "pat@example.org"] == []
