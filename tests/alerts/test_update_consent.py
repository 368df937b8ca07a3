"""Issue 29: consent to update texts is the phone owner's. A number typed in a web chat gets
one confirmation text and nothing more until it answers YES; confirmation texts are limited
per number and day; the outbox never texts an update to an unconfirmed number."""
from datetime import timedelta

from stormwater.alerts import outbox
from stormwater.store import sms_consent
from stormwater.alerts.worker import Transports, deliver_due
from stormwater.staff import workflow

from .test_alerts import NOW, hazardous_report

STRANGER = "+12125550199"  # a number someone else typed into a web chat


def _web_report(db, now=NOW):
    ticket = hazardous_report(db, now, hazardous=False, channel="web", reporter_phone="(212) 555-0199")
    sms_consent.record_updates_choice(db, ticket.reference, STRANGER, True, confirmed=False, now=now)
    return ticket


def _move(db, ticket, actor, transports, start=NOW):
    later = start
    for status in ("acknowledged", "investigating", "resolved"):
        later += timedelta(minutes=10)
        workflow.change_status(db, ticket.reference, status, actor=actor, now=later)
        deliver_due(db, transports, now=later)


def test_a_typed_number_gets_one_confirmation_text_and_no_update_until_it_answers_yes(db, users, twilio, text_sender):
    ticket = _web_report(db)
    assert outbox.request_confirmation(db, ticket.reference, "bayville", STRANGER, now=NOW)
    transports = Transports(texts=text_sender)
    deliver_due(db, transports, now=NOW)
    _move(db, ticket, users["bay"], transports)
    bodies = [r["Body"] for r in twilio.to(STRANGER)]
    assert len(bodies) == 1 and f"Reply YES to get updates on {ticket.reference}" in bodies[0]
    assert [a.purpose for a in outbox.for_ticket(db, ticket.reference)].count("reporter_update") == 1

    # The number's owner answers YES: from then on, the updates.
    assert sms_consent.confirm_by_text(db, STRANGER, now=NOW + timedelta(hours=1)) == [ticket.reference]
    later = NOW + timedelta(hours=2)
    workflow.change_status(db, ticket.reference, "investigating", actor=users["bay"], now=later)
    deliver_due(db, transports, now=later)
    assert len(twilio.to(STRANGER)) == 2 and "investigating" in twilio.to(STRANGER)[-1]["Body"]


def test_a_yes_from_another_number_or_too_late_confirms_nothing(db, users):
    ticket = _web_report(db)
    assert sms_consent.confirm_by_text(db, "+15165550123", now=NOW) == []
    assert sms_consent.confirm_by_text(db, STRANGER, now=NOW + sms_consent.CONFIRM_WITHIN + timedelta(minutes=1)) == []
    assert db.conn.execute("SELECT confirmed_at FROM reporter_updates WHERE ticket_reference = ?",
                           [ticket.reference]).fetchone() == (None,)


def test_confirmation_texts_are_limited_per_number_and_day(db, users):
    tickets = [_web_report(db, NOW + timedelta(minutes=i)) for i in range(4)]
    queued = [outbox.request_confirmation(db, t.reference, "bayville", STRANGER, now=NOW + timedelta(minutes=i))
              for i, t in enumerate(tickets)]
    assert queued == [True, True, False, False]
    # Another number is not held back by this one's count; a day later this one may get one again.
    other = hazardous_report(db, NOW, hazardous=False, channel="web")
    assert outbox.request_confirmation(db, other.reference, "bayville", "+15165550123", now=NOW)
    assert outbox.request_confirmation(db, tickets[3].reference, "bayville", STRANGER, now=NOW + timedelta(days=1, minutes=5))
    # One YES confirms every request waiting for that number.
    assert len(sms_consent.confirm_by_text(db, STRANGER, now=NOW + timedelta(days=1, minutes=6))) == 4


def test_an_opted_out_number_gets_no_confirmation_text(db, users):
    ticket = _web_report(db)
    sms_consent.record_opt_out(db, STRANGER, "stop_keyword", now=NOW)
    assert not outbox.request_confirmation(db, ticket.reference, "bayville", STRANGER, now=NOW)


def test_answering_again_for_the_same_number_keeps_its_confirmation(db, users):
    ticket = hazardous_report(db, NOW, hazardous=False, channel="sms")
    sms_consent.record_updates_choice(db, ticket.reference, STRANGER, True, confirmed=True, now=NOW)
    sms_consent.record_updates_choice(db, ticket.reference, STRANGER, True, confirmed=False, now=NOW)
    assert db.conn.execute("SELECT confirmed_at IS NOT NULL FROM reporter_updates").fetchone() == (1,)
    sms_consent.record_updates_choice(db, ticket.reference, "+15165550123", True, confirmed=False, now=NOW)
    assert db.conn.execute("SELECT confirmed_at IS NOT NULL FROM reporter_updates").fetchone() == (0,)
