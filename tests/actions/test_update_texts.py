"""The end of a report: the calendar file, and "Can we text you when staff update this report?"."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from rasa_sdk.events import SlotSet

from actions import report_start
from actions.respond_affirm import ActionRespondAffirm
from actions.respond_deny import ActionRespondDeny
from actions.report_filing import ActionFileReport
from stormwater.store.database import connect, migrate
from tests.actions.conftest import make_tracker
from actions import action_db

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))
SPILL = {
    "report_kind": "spill", "responsible": "yes", "material": "soapy water", "location": "12 Main St",
    "discovered": "today at 9am", "discovered_at": "2026-11-30T09:00:00-05:00", "reached_drain": "yes",
    "commercial": "no", "amount": "2 gallons", "reporter_name": "Pat Lee", "reporter_phone": "(516) 555-0199",
}
QUESTION = "Can we text you when staff update this report?"


@pytest.fixture(autouse=True)
def database(monkeypatch, tmp_path):
    monkeypatch.setattr(report_start, "now", lambda: NOW)
    monkeypatch.setenv("HELPDESK_DATABASE", str(tmp_path / "tickets.db"))
    monkeypatch.setenv("HELPDESK_PUBLIC_URL", "https://help.example.org")
    action_db.start()  # the action server reads its settings at start
    return tmp_path / "tickets.db"


def file_report(run, slots=SPILL, channel="web"):
    tracker = make_tracker("yes", "affirm", village_meta="bayville", slots=slots)
    tracker.latest_message["metadata"]["channel"] = channel
    messages, events = run(ActionFileReport(), tracker)
    return messages, events, messages[0]["custom"]["reference"]


def choices(database):
    db = connect(database)
    try:
        return [tuple(r) for r in db.conn.execute("SELECT ticket_reference, phone, wanted FROM reporter_updates")]
    finally:
        db.close()


def test_a_reporter_with_a_phone_is_asked_and_yes_is_recorded(run, database):
    messages, events, reference = file_report(run)
    asked = [m for m in messages if m.get("text") == QUESTION]
    assert len(asked) == 1 and [b["payload"] for b in asked[0]["buttons"]] == ["yes", "no"]
    assert SlotSet("offer", f"updates:{reference}") in events
    answer, events = run(ActionRespondAffirm(), make_tracker("yes", "affirm", village_meta="bayville",
                                                             slots={"offer": f"updates:{reference}"}))
    # Typed in a web chat: the number is asked to confirm by one text, and gets nothing else until then.
    assert answer[0]["text"].startswith("OK: we sent one text to +15165550199. Reply YES to it from that phone")
    assert SlotSet("offer", None) in events
    assert choices(database) == [(reference, "+15165550199", 1)]
    assert confirmation_texts(database) == [("+15165550199", 0)]
    assert "Reply YES to get updates on " + reference in outbox_bodies(database)[0]


def confirmation_texts(database):
    db = connect(database)
    try:
        return [tuple(r) for r in db.conn.execute(
            "SELECT o.recipient, u.confirmed_at IS NOT NULL FROM alert_outbox o JOIN reporter_updates u"
            " ON u.ticket_reference = o.ticket_reference WHERE o.purpose = 'reporter_update'")]
    finally:
        db.close()


def outbox_bodies(database):
    db = connect(database)
    try:
        return [r[0] for r in db.conn.execute("SELECT body FROM alert_outbox WHERE purpose = 'reporter_update'")]
    finally:
        db.close()


def test_by_sms_the_updates_go_to_the_sending_number_whatever_number_was_typed(run, database):
    # Issue 29: a text from one number that typed another enrolled the typed number.
    db = connect(database)
    migrate(db)
    with db.conn:
        db.conn.execute("INSERT INTO sms_messages (message_sid, from_number, to_number, body, village, sender_key,"
                        " received_at, status) VALUES ('SM1', '+15165550177', '+15165550100', 'oil spill', 'bayville',"
                        " 'test-sender', '2026-11-30T15:00:00.000+00:00', 'answered')")
    db.close()
    messages, _, reference = file_report(run, {**SPILL, "reporter_phone": "(212) 555-0199"}, channel="sms")
    assert QUESTION in [m.get("text") for m in messages]
    answer, _ = run(ActionRespondAffirm(), make_tracker("yes", "affirm", village_meta="bayville",
                                                        slots={"offer": f"updates:{reference}"}))
    assert "+15165550177" in answer[0]["text"] and "2125550199" not in answer[0]["text"]
    assert choices(database) == [(reference, "+15165550177", 1)]
    assert confirmation_texts(database) == []  # confirmed by the text itself: no confirmation text


def test_no_is_recorded_as_no(run, database):
    _, _, reference = file_report(run)
    answer, _ = run(ActionRespondDeny(), make_tracker("no", "deny", village_meta="bayville",
                                                       slots={"offer": f"updates:{reference}"}))
    assert answer[0]["text"].startswith("OK, no texts")
    assert choices(database) == [(reference, "+15165550199", 0)]


def test_another_conversation_cannot_answer_for_the_reporter(run, database):
    _, _, reference = file_report(run)
    tracker = make_tracker("yes", "affirm", village_meta="bayville", slots={"offer": f"updates:{reference}"})
    tracker.sender_id = "someone-else"
    run(ActionRespondAffirm(), tracker)
    assert choices(database) == []


def test_no_phone_no_question(run, database):
    messages, events, _ = file_report(run, {**SPILL, "reporter_phone": "none"})
    assert QUESTION not in [m.get("text") for m in messages]
    # The only offer left is the e-mail receipt (tests/actions/test_receipt_offer.py).
    assert [e["value"].split(":")[0] for e in events if e.get("name") == "offer" and e.get("value")] == ["receipt"]


def test_the_web_gets_the_calendar_file_and_sms_the_dates_in_words(run):
    web, _, _ = file_report(run)
    [calendar] = [m for m in web if (m.get("custom") or {}).get("type") == "deadlines_calendar"]
    assert calendar["custom"]["calendar_url"].startswith("https://help.example.org/letters/")
    assert calendar["custom"]["calendar_url"] in calendar["text"]
    sms, _, _ = file_report(run, channel="sms")
    assert not [m for m in sms if (m.get("custom") or {}).get("type") == "deadlines_calendar"]
    # By SMS the deadlines are said in the SMS wording (data/messages.yml sms_wording), in words.
    deadlines = [m for m in sms if "no later than" in (m.get("text") or "")]
    payload = sms[0]["custom"]
    assert (payload["notify_by"], payload["written_by"]) == ("2026-12-01", "2026-12-04")
    # Filed on Monday, November 30: the notice is due tomorrow (issue 32), then the letter.
    assert "no later than tomorrow, Tuesday, December 1, 2026:" in deadlines[0]["text"]
    assert "within 3 business days (by Friday, December 4, 2026)" in deadlines[0]["text"]
    # The letter is linked absolutely, under the public URL.
    assert any("https://help.example.org/letters/" in (m.get("text") or "") for m in sms)
