"""End to end through /api/chat: answers typed at one question that belong to another field
(found trying the desk as a resident, in our own words): "no its not mine" at the storm-drain
question, "no name pls" at the business question, "idk what it is ..." at the whose question."""
import pytest

from tests.e2e.test_report_listening_e2e import stored_ticket
from tests.e2e.test_reports_e2e import Resident, texts
from tests.e2e.test_typed_reports_e2e import asked, converse

pytestmark = pytest.mark.services


def test_whose_and_the_name_typed_at_other_questions_go_to_their_own_fields(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    first = resident.says("theres some blue stuff running down the gutter on Main St near the firehouse")
    assert asked(first) == "responsible"
    reply = resident.says("idk what it is, looks like antifreeze maybe")
    assert asked(reply) == "responsible", texts(reply)  # not "not sure": the resident spoke of the material
    replies, order, filed = converse(resident, reply, {
        "responsible": "not sure", "discovered": "just now", "hazard": "not sure",
        "reached_drain": ["no its not mine", "not sure"],
        "commercial": ["no name pls", "no"],
        "amount": "maybe a gallon", "reporter_phone": "none", "confirm": "yes",
    })
    assert order.count("reached_drain") == 2 and order.count("commercial") == 2
    assert "reporter_name" not in order  # declined already; the phone is still asked
    fields = stored_ticket(helpdesk, filed["reference"]).fields
    assert fields["responsible"] == "no" and fields["reached_drain"] == "unsure" and fields["commercial"] == "no"
    assert fields["reporter_name"] == "anonymous" and "antifreeze" in fields["material"]
