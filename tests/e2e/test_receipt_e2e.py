"""The e-mail receipt through /api/chat on the real services (issue 32): file a report, take the
offer, type the address; the ticket keeps it and the outbox holds the receipt (no SMTP here:
nothing is sent)."""
import re
import time

import pytest

from stormwater.reports.ticket_store import get_ticket
from stormwater.store.database import connect
from tests.e2e.test_reports_e2e import Resident, answer_form, texts

pytestmark = pytest.mark.services


def test_a_receipt_is_offered_and_queued_for_the_typed_address(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    told = resident.says("my neighbour dumps grease in the storm drain every night")
    first = resident.says(told[-1]["buttons"][0]["payload"])
    answers = {"material": "grease", "hazard": "none of these", "location": "14 Shore Rd", "discovered": "last night",
               "commercial": "no, it's a private home", "amount": "a bucket", "reporter_name": "anonymous", "reporter_phone": "none", "confirm": "yes"}
    replies, _, ticket = answer_form(resident, first, answers)
    reference = ticket["reference"]
    offer = replies[-1]
    assert offer["text"].startswith(f"Would you like a receipt of {reference} by e-mail?")
    assert [b["title"] for b in offer["buttons"]] == ["Email me a receipt", "No thanks"]
    asked = resident.says(offer["buttons"][0]["payload"])
    assert texts(asked) == "What e-mail address should the receipt go to?"
    unclear = resident.says("<b>me@</b>")
    assert "does not look like an e-mail address" in texts(unclear)
    queued = resident.says("pat.lee@example.org")
    assert f"a receipt of {reference} will go to pat.lee@example.org" in texts(queued)

    db = connect(helpdesk.settings.instance / "helpdesk.db")
    assert get_ticket(db, reference).reporter_email == "pat.lee@example.org"
    deadline = time.monotonic() + 10  # the launcher's alert worker holds it: no SMTP is configured
    rows = []
    while time.monotonic() < deadline:
        rows = db.conn.execute("SELECT recipient, channel, state, body FROM alert_outbox WHERE dedupe_key LIKE ?",
                               [f"receipt:{reference}:%"]).fetchall()
        if rows and rows[0][2] == "held":
            break
        time.sleep(0.2)
    [(recipient, channel, state, body)] = rows
    assert (recipient, channel, state) == ("pat.lee@example.org", "email", "held")
    assert f"Reference: {reference}" in body and "Where: 14 Shore Rd" in body and f"{base_url}/status" in body
    check = re.search(r"check code (\d{4})", texts(replies)).group(1)
    # the check code is never e-mailed (the test server's port may hold the same four digits)
    assert check not in body.replace(base_url, "")
    # The offer is answered: an address typed again is not taken without one.
    again = resident.says("other@example.org")
    assert "only to send the receipt" in texts(again)
