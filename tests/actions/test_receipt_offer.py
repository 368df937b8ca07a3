"""The e-mail receipt's offer after a web-chat report (issue 32): the buttons, a yes, a typed
address (the outbox row), a no, hostile or huge input; none after "don't contact me" or by SMS."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from rasa_sdk.events import SlotSet

from actions import action_db, report_start
from actions.respond_affirm import ActionRespondAffirm
from actions.respond_deny import ActionRespondDeny
from actions.fallback import ActionFallback
from actions.receipt import ActionReceiptAddress
from actions.report_filing import ActionFileReport
from stormwater.store.database import connect
from tests.actions.conftest import make_tracker

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))
SPILL = {
    "report_kind": "spill", "responsible": "yes", "material": "soapy water", "location": "12 Main St",
    "discovered": "today at 9am", "discovered_at": "2026-11-30T09:00:00-05:00", "reached_drain": "yes",
    "commercial": "no", "amount": "2 gallons", "reporter_name": "Pat Lee", "reporter_phone": "none",
}
OFFER = "Would you like a receipt of {} by e-mail? Type your e-mail address, or tap a button."


@pytest.fixture(autouse=True)
def database(monkeypatch, tmp_path):
    monkeypatch.setattr(report_start, "now", lambda: NOW)
    monkeypatch.setenv("HELPDESK_DATABASE", str(tmp_path / "tickets.db"))
    monkeypatch.setenv("HELPDESK_PUBLIC_URL", "https://help.example.org")
    action_db.start()
    return tmp_path / "tickets.db"


def file_report(run, slots=SPILL, channel="web"):
    tracker = make_tracker("yes", "affirm", village_meta="bayville", slots=slots)
    tracker.latest_message["metadata"]["channel"] = channel
    messages, events = run(ActionFileReport(), tracker)
    return messages, events, messages[0]["custom"]["reference"]


def answer(run, action, text, intent, reference):
    return run(action, make_tracker(text, intent, village_meta="bayville", slots={"offer": f"receipt:{reference}"}))


def receipts(database):
    db = connect(database)
    try:
        return db.conn.execute("SELECT o.recipient, o.channel, t.reporter_email FROM alert_outbox o JOIN tickets t"
                               " ON t.reference = o.ticket_reference WHERE o.dedupe_key LIKE 'receipt:%'").fetchall()
    finally:
        db.close()


def test_the_offer_comes_with_two_buttons_and_yes_asks_for_the_address(run, database):
    messages, events, reference = file_report(run)
    [offer] = [m for m in messages if m.get("text") == OFFER.format(reference)]
    assert [(b["title"], b["payload"]) for b in offer["buttons"]] == [("Email me a receipt", "yes"), ("No thanks", "no")]
    assert SlotSet("offer", f"receipt:{reference}") in events
    said, events = answer(run, ActionRespondAffirm(), "yes", "affirm", reference)
    assert said[0]["text"] == "What e-mail address should the receipt go to?" and events == []
    said, events = answer(run, ActionReceiptAddress(), "it's pat.lee@example.org", "give_email", reference)
    assert said[0]["text"].startswith(f"Thanks: a receipt of {reference} will go to pat.lee@example.org.")
    assert events == [SlotSet("offer", None)]
    assert receipts(database) == [("pat.lee@example.org", "email", "pat.lee@example.org")]


def test_an_address_nlu_did_not_recognise_still_answers_the_offer(run, database):
    _, _, reference = file_report(run)
    said, _ = answer(run, ActionFallback(), "sure send to p.lee@example.com", "nlu_fallback", reference)
    assert "will go to p.lee@example.com" in said[0]["text"]
    assert receipts(database) == [("p.lee@example.com", "email", "p.lee@example.com")]


def test_no_thanks_stores_nothing(run, database):
    _, _, reference = file_report(run)
    said, events = answer(run, ActionRespondDeny(), "no", "deny", reference)
    assert said[0]["text"].startswith("OK, no e-mail.") and events == [SlotSet("offer", None)]
    assert receipts(database) == []


@pytest.mark.parametrize("text, reply", [
    ("<img src=x onerror=alert(1)>@evil", "That does not look like an e-mail address I can use."),
    ("pat@example.org; DROP TABLE tickets; bob@example.org", "That does not look like an e-mail address I can use."),
    ("pat@example.org " + "A" * 5000, "That is too long to be an e-mail address."),
])
def test_hostile_or_huge_input_gets_a_clear_answer_and_the_offer_stays(run, database, text, reply):
    _, _, reference = file_report(run)
    said, events = answer(run, ActionReceiptAddress(), text, "give_email", reference)
    assert said[0]["text"].startswith(reply) and events == []
    assert receipts(database) == []


def test_an_address_without_an_offer_is_not_kept(run, database):
    file_report(run)
    said, events = run(ActionReceiptAddress(), make_tracker("pat@example.org", "give_email", village_meta="bayville"))
    assert said[0]["text"] == "I use an e-mail address only to send the receipt of a report you just filed here."
    assert receipts(database) == []


def test_no_offer_after_dont_contact_me_or_by_sms(run, database):
    messages, events, _ = file_report(run, slots={**SPILL, "no_contact": True})
    assert not [m for m in messages if "receipt" in (m.get("text") or "")]
    assert not [e for e in events if e.get("name") == "offer" and e.get("value")]
    messages, events, _ = file_report(run, channel="sms")
    assert not [m for m in messages if "receipt" in (m.get("text") or "")]


def test_after_the_update_question_the_receipt_is_offered_next(run, database):
    _, events, reference = file_report(run, slots={**SPILL, "reporter_phone": "(516) 555-0199"})
    assert SlotSet("offer", f"updates:{reference}") in events  # one offer at a time
    said, events = run(ActionRespondDeny(), make_tracker("no", "deny", village_meta="bayville",
                                                         slots={"offer": f"updates:{reference}"}))
    assert said[-1]["text"] == OFFER.format(reference)
    assert events[-1] == SlotSet("offer", f"receipt:{reference}")
    said, events = run(ActionRespondDeny(), make_tracker("no, don't contact me", "deny", village_meta="bayville",
                                                         slots={"offer": f"updates:{reference}"}))
    assert events == [SlotSet("offer", None)]  # "don't contact me": no receipt offer either
