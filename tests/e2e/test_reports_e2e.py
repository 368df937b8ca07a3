"""Whole reports through /api/chat against the real Rasa server, action server and database."""
import uuid

import pytest
import requests

from stormwater.storage import connect
from stormwater.tickets import get_ticket

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


def test_bayville_nonhazardous_spill_is_filed_with_deadlines_and_a_letter(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("I spilled a bucket of soapy water and it went into the storm drain")
    assert "call 911" in first[0]["text"]
    assert "responsible" in texts(first)
    assert "Where is it" in texts(resident.says("yes"))  # the material came with the first message
    assert "When was it discovered" in texts(resident.says("12 Main St"))
    assert "storm drain or catch basin" in texts(resident.says("11/27/2026"))
    resident.says("yes")
    resident.says("no")
    resident.says("about 2 gallons")
    resident.says("Pat Lee")
    filed = resident.says("516-555-0199")
    ticket = payload(filed, "ticket_filed")
    assert ticket and ticket["reference"].startswith("BAY-") and ticket["kind"] == "spill"
    # Discovered Friday 11/27/2026: notice by Monday 11/30, written confirmation by Thursday 12/3.
    assert (ticket["hazardous"], ticket["notify_by"], ticket["written_by"]) == (False, "2026-11-30", "2026-12-03")
    assert "Monday, November 30, 2026" in texts(filed) and "Thursday, December 3, 2026" in texts(filed)
    assert "does not replace the notice" in texts(filed)

    letter = requests.get(base_url + ticket["letter_url"], timeout=10)
    assert letter.status_code == 200 and ticket["reference"] in letter.text and "Pat Lee" in letter.text

    db = connect(helpdesk.settings.instance / "helpdesk.db")
    stored = get_ticket(db, ticket["reference"])
    assert (stored.location, stored.reporter_phone, stored.fields["amount"]) == ("12 Main St", "(516) 555-0199", "about 2 gallons")
    assert any(line["text"] == "12 Main St" for line in stored.transcript)

    status = resident.says(f"what's the status of {ticket['reference']}?")
    assert payload(status, "ticket_status") == {"type": "ticket_status", "reference": ticket["reference"], "status": "new"}
    stranger = Resident(base_url, "bayville").says(f"what's the status of {ticket['reference']}?")
    assert payload(stranger, "ticket_status") is None and "conversation" in texts(stranger)


def test_poquott_neighbour_dumping_is_an_illicit_discharge_report_without_deadlines(base_url):
    resident = Resident(base_url, "poquott")
    first = resident.says("my neighbour dumps grease in the storm drain every night")
    assert "call 911" in first[0]["text"]
    resident.says("no")
    for answer in ("14 Shore Rd", "last night", "yes", "no", "a bucket"):
        resident.says(answer)
    filed = resident.says("anonymous")  # no phone question for an anonymous report
    assert "can't call you" in texts(filed)
    ticket = payload(filed, "ticket_filed")
    assert ticket and ticket["reference"].startswith("PQT-")
    assert (ticket["kind"], ticket["notify_by"], ticket["written_by"]) == ("illicit_discharge", None, None)


def test_hazardous_spill_with_a_question_and_a_correction_midway(base_url):
    resident = Resident(base_url, "poquott")
    first = resident.says("I spilled gasoline and it ran into the catch basin")
    assert "call 911" in first[0]["text"] and "1-800-457-7362" in texts(first)
    resident.says("yes")
    question = resident.says("how much is the fine for this?")
    assert "$350" in texts(question) and "Where is it" in texts(question)
    resident.says("corner of Main St and Shore Rd")
    resident.says("yesterday at 5pm")
    corrected = resident.says("no, it was 11/25/2026")
    assert "changed the time of discovery" in texts(corrected)
    for answer in ("yes", "no", "a gallon", "Dana Cruz", "631 555 0142"):
        filed = resident.says(answer)
    ticket = payload(filed, "ticket_filed")
    assert ticket and ticket["hazardous"] is True and ticket["notify_by"] is None
    assert "call 911" in texts(filed)


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
    assert "verbal notification to the SMO before a dye test" in texts(first)
    for answer in ("5 Bay Ave", "Friday at 10am", "Sam Ortiz"):
        resident.says(answer)
    dye = payload(resident.says("631-555-0150"), "ticket_filed")
    assert dye and dye["kind"] == "dye_test" and dye["hazardous"] is False

    offered = resident.says("I want to talk to a person")
    assert "pass a message to village staff" in texts(offered)
    assert "What would you like village staff to help you with" in texts(resident.says("yes"))
    resident.says("Please call me about the catch basin that floods on my street")
    resident.says("Sam Ortiz")
    handoff = resident.says("631-555-0150")
    ticket = payload(handoff, "ticket_filed")
    assert ticket and ticket["kind"] == "handoff" and "office hours" in texts(handoff)
