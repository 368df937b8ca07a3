"""Issue 18's "done when", each a test: alerts reach a real SMTP server and the Twilio stand-in,
nothing is lost or sent twice while the mail server is down, reporters get exactly one text
per change (none after "no" or STOP), the .ics parses with the right dates, the staff desk
shows each alert's state."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from stormwater.alerts import outbox
from stormwater.store import sms_consent
from stormwater.alerts.config import AlertConfigError, email_off_notice, parse_alerts, village_alerts
from stormwater.store.settings import Settings, SettingsError, SmtpSettings
from stormwater.alerts.digest import enqueue_due_digests
from stormwater.alerts.transports import Mailer
from stormwater.alerts.worker import Transports, deliver_due
from stormwater.law.deadlines import spill_deadlines
from stormwater.store.paths import REPO_ROOT
from stormwater.staff import workflow
from stormwater.reports import ticket_events
from stormwater.reports.ticket_store import file_ticket, record_note
from stormwater.store.settings import start_process
from tests.alerts.conftest import ACCOUNT_SID, AUTH_TOKEN, OPTED_OUT, SERVICE_UNAVAILABLE
from tests.staff.conftest import NOW, login

NY = ZoneInfo("America/New_York")
ON_CALL = "+15165550105"  # data/villages/bayville.yml, alerts.recipients
REPORTER = "+15165550199"


def hazardous_report(db, now, **extra):
    values = dict(village="bayville", kind="spill", channel="sms", hazardous=True, location="Bay Avenue storm drain",
                  fields={"material": "gasoline"}, reporter_name="Pat Doe", reporter_phone="(516) 555-0199",
                  reporter_email="pat@example.org", sender_key="reporter-key", now=now)
    values.update(extra)
    return file_ticket(db, **values)


def wait_for(check, seconds: float):
    """Poll ``check`` until it returns something true or ``seconds`` pass (then fail)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    pytest.fail(f"nothing after {seconds} s")


def test_hazardous_report_at_2am_reaches_the_smtp_server_and_twilio_within_10_s(db, db_path, smtp_server, twilio, monkeypatch):
    monkeypatch.setenv("HELPDESK_PUBLIC_URL", "https://help.example.org")  # as the action server has it
    start_process()  # the action server reads it at its start
    env = dict(os.environ, HELPDESK_DATABASE=db_path, HELPDESK_SMTP_HOST="127.0.0.1",
               HELPDESK_SMTP_PORT=str(smtp_server.port), HELPDESK_SMTP_SECURITY="none",
               HELPDESK_SMTP_FROM="helpdesk@alerts.example", TWILIO_ACCOUNT_SID=ACCOUNT_SID,
               TWILIO_AUTH_TOKEN=AUTH_TOKEN, TWILIO_API_BASE_URL=twilio.url,
               HELPDESK_PUBLIC_URL="https://help.example.org", HELPDESK_ALERTS_POLL_SECONDS="0.2")
    worker = subprocess.Popen([sys.executable, "-m", "ops.alerts_worker"], cwd=REPO_ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        local = datetime.now(NY)
        two_am = local.replace(hour=2, minute=0, second=0, microsecond=0)
        two_am -= timedelta(days=1) if two_am > local else timedelta(0)
        ticket = hazardous_report(db, two_am)
        filed = time.monotonic()
        mail = wait_for(lambda: [m for m in smtp_server.messages if ticket.reference in m["message"]["Subject"]], 10)
        texts = wait_for(lambda: twilio.to(ON_CALL), 10 - (time.monotonic() - filed))
        assert time.monotonic() - filed < 10
    finally:
        worker.terminate()
        output = worker.communicate(timeout=15)[0].decode()
    assert worker.returncode == 0, output
    assert len(mail) == 1 and mail[0]["to"] == ["smo@bayville.example"]
    body = mail[0]["body"]
    for expected in (ticket.reference, "spill", "May be hazardous: YES", "Bay Avenue storm drain",
                     f"https://help.example.org/staff/tickets/{ticket.reference}"):
        assert expected in body
    # Reference, kind, hazard, location, deadlines and the desk link: no more personal data.
    for private in ("Pat Doe", "555-0199", "pat@example.org", "gasoline"):
        assert private not in body and private not in mail[0]["message"]["Subject"]
    assert len(texts) == 1 and texts[0]["From"] == "+15165550100" and ticket.reference in texts[0]["Body"]
    assert texts[0]["path"] == f"/2010-04-01/Accounts/{ACCOUNT_SID}/Messages.json"
    assert "Pat Doe" not in texts[0]["Body"] and "555-0199" not in texts[0]["Body"]
    assert [a.state for a in outbox.for_ticket(db, ticket.reference)] == ["sent", "sent"]


def test_a_nonhazardous_report_emails_but_texts_nobody(db):
    ticket = hazardous_report(db, NOW, hazardous=False)
    assert [(a.channel, a.recipient) for a in outbox.for_ticket(db, ticket.reference)] == [("email", "smo@bayville.example")]


def test_smtp_down_for_minutes_loses_nothing_and_sends_nothing_twice(db, smtp_server, smtp_env):
    smtp_server.stop()  # the port is closed: connection refused, as when the mail server is down
    t0 = datetime(2026, 11, 30, 15, 0, tzinfo=timezone.utc)
    tickets = [hazardous_report(db, t0, hazardous=False), hazardous_report(db, t0, hazardous=False, kind="handoff")]
    expected = {(t.reference, to) for t in tickets for to in ["smo@bayville.example"]}
    expected.add((tickets[1].reference, "clerk@bayville.example"))
    # The same alert written again (a retried request) is still one row.
    assert outbox.on_ticket_filed(db, tickets[0], now=t0) == 0
    transports = Transports(mailer=Mailer(Settings.from_env().smtp))
    moment = t0
    while moment < t0 + timedelta(minutes=6):  # six minutes of rounds, one every 5 s
        deliver_due(db, transports, now=moment)
        moment += timedelta(seconds=5)
    rows = [a for t in tickets for a in outbox.for_ticket(db, t.reference)]
    assert len(rows) == 3 and {a.state for a in rows} == {"pending"} and all(a.attempts >= 3 for a in rows)
    assert smtp_server.messages == []
    smtp_server.start()  # the mail server is back
    while moment < t0 + timedelta(minutes=20):
        deliver_due(db, transports, now=moment)
        moment += timedelta(seconds=5)
    received = smtp_server.messages
    got = {(m["message"]["Subject"].split()[-2], m["to"][0]) for m in received}
    assert got == expected and len(received) == len(expected)  # every alert, none twice
    assert len({m["message"]["Message-ID"] for m in received}) == len(received)
    assert {a.state for t in tickets for a in outbox.for_ticket(db, t.reference)} == {"sent"}


def test_a_refused_address_fails_for_good_and_is_not_retried(db, smtp_server, smtp_env):
    smtp_server.handler.refuse.add("smo@bayville.example")
    ticket = hazardous_report(db, NOW, hazardous=False)
    transports = Transports(mailer=Mailer(Settings.from_env().smtp))
    assert deliver_due(db, transports, now=NOW).counts["failed"] == 1
    assert deliver_due(db, transports, now=NOW + timedelta(hours=1)).counts == {"sent": 0, "retry": 0, "failed": 0, "held": 0}
    [alert] = outbox.for_ticket(db, ticket.reference)
    assert alert.state == "failed" and "550" in alert.last_error and alert.attempts == 1


def test_a_twilio_outage_is_retried_and_sent_once(db, twilio, text_sender):
    twilio.errors[ON_CALL] = SERVICE_UNAVAILABLE
    ticket = hazardous_report(db, NOW)
    transports = Transports(texts=text_sender)
    assert deliver_due(db, transports, now=NOW).counts["retry"] == 1
    del twilio.errors[ON_CALL]
    deliver_due(db, transports, now=NOW + timedelta(minutes=1))
    deliver_due(db, transports, now=NOW + timedelta(minutes=2))
    assert len(twilio.to(ON_CALL)) == 2  # the 503, then one that went through
    assert [a.state for a in outbox.for_ticket(db, ticket.reference) if a.channel == "sms"] == ["sent"]


def _reporter_ticket(db, wanted):
    ticket = hazardous_report(db, NOW, hazardous=False, channel="web")
    if wanted is not None:
        sms_consent.record_updates_choice(db, ticket.reference, REPORTER, wanted, confirmed=True, now=NOW)
    return ticket


def _walk_through_the_workflow(db, ticket, actor, transports):
    later = NOW
    for status in ("acknowledged", "investigating"):
        later += timedelta(minutes=10)
        workflow.change_status(db, ticket.reference, status, actor=actor, now=later)
        deliver_due(db, transports, now=later)
    record_note(db, ticket.reference, author=actor.email, body="Crew cleaned the catch basin.", shared=True, now=later)
    record_note(db, ticket.reference, author=actor.email, body="internal only", shared=False, now=later)
    for status in ("resolved", "investigating", "closed"):
        later += timedelta(minutes=10)
        workflow.change_status(db, ticket.reference, status, actor=actor, now=later,
                               reason="duplicate" if status == "closed" else None)
        deliver_due(db, transports, now=later)
        deliver_due(db, transports, now=later + timedelta(minutes=1))  # a second round sends nothing again


def test_a_reporter_who_said_yes_gets_exactly_one_text_per_change(db, users, twilio, text_sender):
    ticket = _reporter_ticket(db, True)
    _walk_through_the_workflow(db, ticket, users["bay"], Transports(texts=text_sender))
    bodies = [r["Body"] for r in twilio.to(REPORTER)]
    # investigating, the shared note, resolved, investigating again, closed: acknowledging and
    # the internal note send nothing.
    assert len(bodies) == 5
    assert "investigating" in bodies[0] and "Crew cleaned the catch basin." in bodies[1]
    assert "resolved" in bodies[2] and "investigating" in bodies[3] and "closed" in bodies[4]
    assert all(ticket.reference in b and "Reply STOP" in b for b in bodies)
    assert all(r["From"] == "+15165550100" for r in twilio.to(REPORTER))


@pytest.mark.parametrize("wanted", [False, None])
def test_a_reporter_who_said_no_or_was_not_asked_gets_none(db, users, twilio, text_sender, wanted):
    ticket = _reporter_ticket(db, wanted)
    _walk_through_the_workflow(db, ticket, users["bay"], Transports(texts=text_sender))
    assert twilio.to(REPORTER) == []
    assert [a.purpose for a in outbox.for_ticket(db, ticket.reference)] == ["new_ticket"]


def test_a_reporter_who_sent_stop_gets_none_and_21610_is_never_retried(db, users, twilio, text_sender):
    twilio.errors[REPORTER] = OPTED_OUT  # Twilio's answer once the number has texted STOP
    ticket = _reporter_ticket(db, True)
    _walk_through_the_workflow(db, ticket, users["bay"], Transports(texts=text_sender))
    # One attempt, answered 21610: recorded, never retried, and no later text is even queued.
    assert len(twilio.to(REPORTER)) == 1
    updates = [a for a in outbox.for_ticket(db, ticket.reference) if a.purpose == "reporter_update"]
    assert [(a.state, a.attempts) for a in updates] == [("failed", 1)] and "21610" in updates[0].last_error
    assert sms_consent.is_opted_out(db, REPORTER)


def test_stop_texted_to_the_help_desk_stops_update_texts(db, users, twilio, text_sender):
    ticket = _reporter_ticket(db, True)
    sms_consent.record_opt_out(db, REPORTER, "stop_keyword", now=NOW)
    _walk_through_the_workflow(db, ticket, users["bay"], Transports(texts=text_sender))
    assert twilio.to(REPORTER) == []


def test_the_ics_parses_with_the_deadlines_on_the_villages_dates(db, bayville):
    # Friday 11:30 p.m. in Bayville is already Saturday in UTC: the dates must be New York's.
    discovered = datetime(2026, 12, 4, 23, 30, tzinfo=NY)
    deadlines = spill_deadlines(discovered, bayville)
    ticket = hazardous_report(db, discovered, hazardous=False, notify_by=deadlines.notify_by,
                              written_by=deadlines.written_by, discovered_at=discovered)
    from stormwater.alerts.calendar import deadlines_ics

    calendar = Calendar.from_ical(deadlines_ics(ticket, bayville))
    assert str(calendar["version"]) == "2.0" and str(calendar["x-wr-timezone"]) == "America/New_York"
    events = calendar.walk("VEVENT")
    starts = [e.decoded("dtstart") for e in events]
    assert starts == [date(2026, 12, 7), date(2026, 12, 10)]  # next business day: Monday; then 3 business days
    assert starts == [deadlines.notify_by, deadlines.written_by]
    assert all(type(s) is date for s in starts)  # all-day: the village's own day, not a UTC instant
    for event in events:
        description = str(event["description"])
        assert "Stormwater Management Officer" in description and bayville.contact("smo")["phone"] in description
        assert ticket.reference in str(event["summary"])
    assert len({str(e["uid"]) for e in events}) == 2


def test_the_letter_page_offers_the_ics(client, db, bayville):
    deadlines = spill_deadlines(NOW, bayville)
    ticket = hazardous_report(db, NOW, hazardous=False, notify_by=deadlines.notify_by, written_by=deadlines.written_by)
    response = client.get(f"/letters/{ticket.letter_token}/deadlines.ics")
    assert response.status_code == 200 and response.mimetype == "text/calendar"
    assert [e.decoded("dtstart") for e in Calendar.from_ical(response.data).walk("VEVENT")] == [
        deadlines.notify_by, deadlines.written_by]
    assert f"/letters/{ticket.letter_token}/deadlines.ics" in client.get(f"/letters/{ticket.letter_token}").get_data(as_text=True)
    no_deadline = hazardous_report(db, NOW)
    assert client.get(f"/letters/{no_deadline.letter_token}/deadlines.ics").status_code == 404
    assert client.get("/letters/not-a-token/deadlines.ics").status_code == 404


def test_the_staff_desk_shows_each_alerts_state(signed_in, db, users, smtp_server, smtp_env, twilio, text_sender):
    twilio.errors[REPORTER] = OPTED_OUT
    smtp_server.stop()
    ticket = _reporter_ticket(db, True)
    transports = Transports(mailer=Mailer(Settings.from_env().smtp), texts=text_sender)
    deliver_due(db, transports, now=NOW)  # the e-mail waits (server down), the on-call text...
    workflow.change_status(db, ticket.reference, "investigating", actor=users["bay"], now=NOW)
    deliver_due(db, transports, now=NOW)  # ...and the reporter's text fails with 21610
    page = signed_in.get(f"/staff/tickets/{ticket.reference}").get_data(as_text=True)
    section = page[page.index('id="alerts"'):page.index("</table>", page.index('id="alerts"'))]
    assert section.count("<tr class=\"alert-") == 2
    assert "pending" in section and "1 attempt so far" in section and "smo@bayville.example" in section
    assert "failed" in section and "21610" in section
    smtp_server.start()
    deliver_due(db, transports, now=NOW + timedelta(minutes=5))
    page = signed_in.get(f"/staff/tickets/{ticket.reference}").get_data(as_text=True)
    assert 'class="alert-sent"' in page and 'class="alert-pending"' not in page


def test_with_email_off_alerts_wait_in_the_staff_inbox(signed_in, db, users, monkeypatch):
    monkeypatch.delenv("HELPDESK_SMTP_HOST", raising=False)
    assert "alert e-mail is OFF" in email_off_notice()
    ticket = hazardous_report(db, NOW, hazardous=False)
    assert deliver_due(db, Transports(mailer=None), now=NOW).counts["held"] == 1
    inbox = signed_in.get("/staff/inbox").get_data(as_text=True)
    # Said once, with a link to the queue where the ticket already is: not listed again.
    assert "1 new report</strong>\n  was not e-mailed" in inbox and ticket.reference not in inbox
    assert 'href="/staff/?status=new"' in inbox
    page = signed_in.get(f"/staff/tickets/{ticket.reference}").get_data(as_text=True)
    assert "not sent: e-mail is off" in page
    # Once someone takes the ticket up, it leaves the inbox.
    workflow.change_status(db, ticket.reference, "acknowledged", actor=users["bay"], now=NOW)
    assert 'id="held-alerts"' not in signed_in.get("/staff/inbox").get_data(as_text=True)


def test_the_daily_digest_comes_once_a_day_at_the_villages_hour(db, users):
    old = datetime(2026, 11, 20, 15, 0, tzinfo=timezone.utc)
    deadlines_ticket = hazardous_report(db, old, hazardous=False, notify_by=date(2026, 11, 23), written_by=date(2026, 11, 26))
    quiet = hazardous_report(db, old, hazardous=False, kind="handoff")
    fresh = hazardous_report(db, NOW, hazardous=False)
    db.conn.execute("INSERT INTO sms_messages (message_sid, from_number, to_number, body, received_at, village, status, handled)"
                    " VALUES ('SM' || hex(randomblob(16)), '+15165550199', '+15165550100', 'hello', ?, 'bayville', 'held', 0)",
                    [NOW.isoformat()])
    db.conn.commit()
    before_hour = datetime(2026, 11, 30, 6, 59, tzinfo=NY)
    assert enqueue_due_digests(db, now=before_hour) == 0
    at_hour = datetime(2026, 11, 30, 7, 0, tzinfo=NY)
    assert enqueue_due_digests(db, now=at_hour) == 2  # Bayville and Poquott
    assert enqueue_due_digests(db, now=at_hour + timedelta(hours=3)) == 0  # once a day
    body = db.conn.execute("SELECT body FROM alert_outbox WHERE purpose = 'digest' AND village = 'bayville'").fetchone()[0]
    overdue = body[body.index("Overdue"):body.index("Open tickets")]
    stale = body[body.index("Open tickets"):body.index("Messages waiting")]
    assert deadlines_ticket.reference in overdue and quiet.reference not in overdue
    assert deadlines_ticket.reference in stale and quiet.reference in stale and fresh.reference not in stale
    assert "Messages waiting in the staff inbox: 1" in body
    assert "Pat Doe" not in body and "555-0199" not in body
    assert enqueue_due_digests(db, now=at_hour + timedelta(days=1)) == 2  # the next day's


def test_the_village_files_alert_settings_are_checked():
    assert village_alerts("bayville").for_report("spill", True)[-1].address == ON_CALL
    assert [r.address for r in village_alerts("bayville").for_report("spill", False)] == ["smo@bayville.example"]
    for bad in ({"recipients": [{"email": "not-an-address"}]}, {"recipients": [{"sms": "555-0105"}]},
                {"recipients": [{"email": "a@b.example", "sms": "+15165550105"}]},
                {"recipients": [{"email": "a@b.example", "kinds": ["parking"]}]},
                {"digest": {"hour": 25, "email": ["a@b.example"]}}, {"digest": {"hour": 7}}):
        with pytest.raises(AlertConfigError):
            parse_alerts("testville", bad)


def test_smtp_settings_come_from_the_environment_only():
    assert SmtpSettings.parse({}) is None
    settings = SmtpSettings.parse({"HELPDESK_SMTP_HOST": "mail.example.org", "HELPDESK_SMTP_FROM": "desk@example.org",
                                      "HELPDESK_SMTP_USER": "desk", "HELPDESK_SMTP_PASSWORD": "s3cret"})
    assert (settings.port, settings.security, settings.user, settings.password) == (587, "starttls", "desk", "s3cret")
    assert SmtpSettings.parse({"HELPDESK_SMTP_HOST": "m", "HELPDESK_SMTP_SECURITY": "tls",
                                  "HELPDESK_SMTP_FROM": "d@example.org"}).port == 465
    with pytest.raises(SettingsError, match="HELPDESK_SMTP_SECURITY"):
        SmtpSettings.parse({"HELPDESK_SMTP_HOST": "m", "HELPDESK_SMTP_FROM": "d@example.org", "HELPDESK_SMTP_SECURITY": "ssl3"})
    assert "OFF" in email_off_notice({"HELPDESK_SMTP_HOST": "m"})  # no sender: said at start, not a crash


def test_retention_removes_the_reporters_number_from_update_texts(db, users, twilio, text_sender):
    from stormwater.staff.purge import purge_personal_data

    ticket = _reporter_ticket(db, True)
    workflow.change_status(db, ticket.reference, "resolved", actor=users["bay"], now=NOW)
    deliver_due(db, Transports(texts=text_sender), now=NOW)
    assert purge_personal_data(db, days=30, now=NOW + timedelta(days=29)).tickets == ()
    purge_personal_data(db, days=30, now=NOW + timedelta(days=31))
    assert db.conn.execute("SELECT count(*) FROM reporter_updates").fetchone()[0] == 0
    rows = db.conn.execute("SELECT recipient, body, state FROM alert_outbox WHERE purpose = 'reporter_update'").fetchall()
    assert rows == [("", "", "sent")]


def test_the_alert_is_written_in_the_tickets_own_transaction(db):
    from stormwater.store.database import immediate

    with pytest.raises(RuntimeError):
        with immediate(db):
            ticket = hazardous_report(db, NOW)
            assert len(outbox.for_ticket(db, ticket.reference)) == 2  # visible inside it...
            raise RuntimeError("the filing fails after the insert")
    # ...and gone with it: no alert about a ticket that does not exist.
    assert db.conn.execute("SELECT count(*) FROM alert_outbox").fetchone()[0] == 0
    assert db.conn.execute("SELECT count(*) FROM tickets").fetchone()[0] == 0


def test_an_alert_that_cannot_be_queued_never_loses_the_ticket(db, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise KeyError("a village file without its wording")

    monkeypatch.setitem(ticket_events._handlers, ticket_events.FILED, [broken])
    ticket = hazardous_report(db, NOW)
    assert db.conn.execute("SELECT status FROM tickets WHERE reference = ?", [ticket.reference]).fetchone() == ("new",)
    assert outbox.for_ticket(db, ticket.reference) == []
    assert "could not run broken for the ticket event filed" in caplog.text
