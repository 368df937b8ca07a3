"""Whole reports through /api/chat against the real Rasa server, action server and database."""
import re
import time
import uuid

import pytest
import requests

from stormwater.store.database import connect
from stormwater.reports.ticket_store import get_ticket
from stormwater.alerts import outbox

pytestmark = pytest.mark.services


class Resident:
    """One browser talking to one village's help desk."""

    def __init__(self, base_url, village):
        self.base_url, self.village, self.sender = base_url, village, uuid.uuid4().hex

    def says(self, message):
        response = requests.post(
            f"{self.base_url}/api/chat",
            json={"sender": self.sender, "message": message, "village": self.village},
            timeout=30,
        )
        assert response.status_code == 200, response.text
        return response.json()["messages"]


def texts(messages):
    return " ".join(m.get("text", "") for m in messages)


def payload(messages, kind):
    found = [m["custom"] for m in messages if (m.get("custom") or {}).get("type") == kind]
    return found[0] if found else None


# How each of the form's questions opens (bot/domain.yml), to answer whatever is asked.
QUESTIONS = {
    "responsible": "own home, business or work",
    "material": "What was released",
    "hazard": "Could it be",
    "location": "Where is it",
    "discovered": "was it discovered",  # "When was it discovered?"
    "reached_drain": "storm drain or catch basin?",
    "commercial": "commercial or industrial",
    "amount": "About how much",
    "reporter_name": "What is your name",
    "reporter_phone": "What number can staff call",
    "test_when": "When will the dye test",
    "handoff_question": "What would you like village staff",
    "confirm": "Here is what I'll file",
}


def asked(messages):
    """The question the last reply asks (a slot name), or ``None``."""
    text = texts(messages[-1:]) if messages else ""
    return next((slot for slot, words in QUESTIONS.items() if words in text), None)


def answer_form(resident, first, answers, max_turns=16):
    """Answer each question from ``answers`` until the report is filed; every question asked once.

    Returns (all replies, the questions in the order asked, the filed payload).
    """
    replies, order = list(first), []
    messages = first
    for _ in range(max_turns):
        filed = payload(messages, "ticket_filed")
        if filed:
            return replies, order, filed
        slot = asked(messages)
        assert slot, texts(messages)
        assert slot not in order, f"{slot} asked twice: {order}"
        assert slot in answers, f"unexpected question {slot}: {texts(messages)}"
        order.append(slot)
        messages = resident.says(answers[slot])
        replies += messages
    raise AssertionError(f"not filed after {order}")


def test_bayville_nonhazardous_spill_is_filed_with_deadlines_and_a_letter(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("I spilled a bucket of soapy water and it went into the storm drain")
    assert "call 911" in first[0]["text"]
    answers = {"location": "12 Main St", "discovered": "11/27/2026", "commercial": "no", "reporter_name": "Pat Lee",
               "reporter_phone": "516-555-0199", "confirm": "yes"}
    replies, order, ticket = answer_form(resident, first, answers)
    # Whose it is, the material, the amount and the drain came with the first message.
    assert order == ["location", "discovered", "commercial", "reporter_name", "reporter_phone", "confirm"]
    readback = next(m["text"] for m in replies if "Here is what I'll file" in m.get("text", ""))
    assert "12 Main St" in readback and "a bucket" in readback and "Pat Lee" in readback
    assert ticket and ticket["reference"].startswith("BAY-") and ticket["kind"] == "spill"
    # Discovered Friday 11/27/2026: notice by Monday 11/30, written confirmation by Thursday 12/3.
    assert (ticket["hazardous"], ticket["notify_by"], ticket["written_by"]) == (False, "2026-11-30", "2026-12-03")
    filed = replies[-10:]
    assert "Monday, November 30, 2026" in texts(filed) and "Thursday, December 3, 2026" in texts(filed)
    assert "does not replace the notice" in texts(filed)
    # Then the calendar file and the update-texts question (issue 18); "yes" is recorded.
    calendar = payload(filed, "deadlines_calendar")
    assert calendar and calendar["calendar_url"].startswith(base_url + "/letters/")
    assert requests.get(calendar["calendar_url"], timeout=10).headers["Content-Type"].startswith("text/calendar")
    assert replies[-1]["text"] == "Can we text you when staff update this report?"
    # A number typed in a web chat is asked to confirm by one text (issue 29).
    assert "we sent one text to +15165550199" in texts(resident.says("yes"))

    # Linked absolutely, under the public URL make run sets to the address it serves.
    assert ticket["letter_url"].startswith(base_url + "/letters/")
    letter = requests.get(ticket["letter_url"], timeout=10)
    assert letter.status_code == 200 and ticket["reference"] in letter.text and "Pat Lee" in letter.text

    db = connect(helpdesk.settings.instance / "helpdesk.db")
    stored = get_ticket(db, ticket["reference"])
    assert (stored.location, stored.reporter_phone, stored.fields["amount"]) == ("12 Main St", "(516) 555-0199", "a bucket")
    assert any(line["text"] == "12 Main St" for line in stored.transcript)

    assert db.conn.execute("SELECT phone, wanted FROM reporter_updates WHERE ticket_reference = ?",
                           [ticket["reference"]]).fetchall() == [("+15165550199", 1)]
    # The launcher's alert worker picked up the new-report alert (held here: no SMTP is configured).
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not [a for a in outbox.for_ticket(db, ticket["reference"]) if a.state == "held"]:
        time.sleep(0.2)
    alerts = outbox.for_ticket(db, ticket["reference"])
    assert [(a.channel, a.state) for a in alerts if a.purpose == "new_ticket"] == [("email", "held")]
    # and the one confirmation text to the typed number
    assert [(a.channel, a.recipient) for a in alerts if a.purpose == "reporter_update"] == [("sms", "+15165550199")]
    status = resident.says(f"what's the status of {ticket['reference']}?")
    assert payload(status, "ticket_status") == {"type": "ticket_status", "reference": ticket["reference"], "status": "new"}
    stranger = Resident(base_url, "bayville").says(f"what's the status of {ticket['reference']}?")
    assert payload(stranger, "ticket_status") is None and "check code" in texts(stranger)
    # The filed message's check code opens it from any conversation (issue 32).
    check = re.search(r"check code (\d{4})", texts(filed)).group(1)
    other = Resident(base_url, "bayville").says(f"status of {ticket['reference']}, check code {check}")
    assert payload(other, "ticket_status") == {"type": "ticket_status", "reference": ticket["reference"], "status": "new"}
    assert "was filed on" in texts(other) and "Pat Lee" not in texts(other)


def test_poquott_neighbour_dumping_is_an_illicit_discharge_report_without_deadlines(base_url):
    resident = Resident(base_url, "poquott")
    # Somebody else's discharge: the answer first (issue 12), then "Report it" starts the report.
    told = resident.says("my neighbour dumps grease in the storm drain every night")
    assert (payload(told, "discharge_answer") or {}).get("verdict") == "prohibited"
    assert [b["title"] for b in told[-1]["buttons"]] == ["Report it"]
    first = resident.says(told[-1]["buttons"][0]["payload"])
    assert "call 911" in first[0]["text"]
    answers = {"material": "grease", "hazard": "none of these", "location": "14 Shore Rd", "discovered": "last night",
               "commercial": "no, it's a private home", "amount": "a bucket", "reporter_name": "anonymous", "reporter_phone": "none", "confirm": "yes"}
    replies, order, ticket = answer_form(resident, first, answers)
    assert "responsible" not in order and "reached_drain" not in order  # "my neighbour", "in the storm drain"
    # A name kept out is not a number refused: the note, then the phone question once ("none" skips it).
    assert order.count("reporter_phone") == 1 and "can't call you" in texts(replies)
    assert ticket and ticket["reference"].startswith("PQT-")
    assert (ticket["kind"], ticket["notify_by"], ticket["written_by"]) == ("illicit_discharge", None, None)


def test_hazardous_spill_with_a_question_and_a_correction_midway(base_url):
    resident = Resident(base_url, "poquott")
    first = resident.says("I spilled gasoline and it ran into the catch basin")
    assert "call 911" in first[0]["text"] and "1-800-457-7362" in texts(first)
    assert asked(first) == "location"  # mine, gasoline (hazardous), reached a drain: all said
    question = resident.says("how much is the fine for this?")
    assert "$350" in texts(question) and asked(question) == "location"
    resident.says("corner of Main St and Shore Rd")
    resident.says("yesterday at 5pm")
    corrected = resident.says("no, it was 11/25/2026")
    assert "changed the time of discovery" in texts(corrected)
    answers = {"commercial": "no", "amount": "a gallon", "reporter_name": "Dana Cruz", "reporter_phone": "631 555 0142", "confirm": "yes"}
    replies, _, ticket = answer_form(resident, corrected, answers)
    assert ticket and ticket["hazardous"] is True and ticket["notify_by"] is None
    assert "call 911" in texts(replies[-4:])


def test_cancel_files_nothing_and_says_so(base_url):
    resident = Resident(base_url, "bayville")
    resident.says("I want to report a spill")
    cancelled = resident.says("cancel")
    assert "nothing was filed" in texts(cancelled)
    assert payload(cancelled, "ticket_filed") is None


def test_cancel_in_other_words_midway_files_nothing(base_url):
    resident = Resident(base_url, "poquott")
    resident.says("there's paint running into the catch basin on Shore Rd")
    resident.says("no")
    stopped = resident.says("hold on, I don't want to do this report after all")
    assert "nothing was filed" in texts(stopped)
    assert payload(stopped, "ticket_filed") is None


def test_dye_test_notice_and_a_message_to_staff_are_filed(base_url):
    resident = Resident(base_url, "poquott")
    first = resident.says("I'm doing a dye test on my lateral on Friday, I'm giving notice")
    assert "verbal notification to the village's Stormwater Management Officer before a dye test" in texts(first)
    answers = {"location": "5 Bay Ave", "test_when": "Friday at 10am", "reporter_name": "Sam Ortiz",
               "reporter_phone": "631-555-0150", "confirm": "yes"}
    _, _, dye = answer_form(resident, first, answers)
    assert dye and dye["kind"] == "dye_test" and dye["hazardous"] is False

    offered = resident.says("I want to talk to a person")
    assert "pass a message to village staff" in texts(offered)
    accepted = resident.says("yes")
    assert "What would you like village staff to help you with" in texts(accepted)
    answers = {"handoff_question": "Please call me about the catch basin that floods on my street", "reporter_name": "Sam Ortiz",
               "reporter_phone": "631-555-0150", "confirm": "yes"}
    replies, _, ticket = answer_form(resident, accepted, answers)
    assert ticket and ticket["kind"] == "handoff" and "office hours" in texts(replies[-3:])
