"""After an answer that offers a report ("Want village staff to look into it?"), a resident who
goes on telling the report ("dunno who", "this morning") has taken up the offer: the report
starts with what they said, instead of "not sure I understood". Through /api/chat on the real
services."""
import pytest

from tests.e2e.test_report_listening_e2e import stored_ticket
from tests.e2e.test_reports_e2e import Resident, texts
from tests.e2e.test_typed_reports_e2e import converse

pytestmark = pytest.mark.services
ANSWERS = {
    "hazard": "no", "material": "cat litter", "location": "the catch basin in front of 20 Main St",
    "discovered": "this morning", "reached_drain": "yes", "commercial": "no", "amount": "a couple bags",
    "reporter_name": "anonymous", "reporter_phone": "none", "confirm": "yes", "updates": "no thanks",
}


def test_whose_it_is_typed_after_the_offer_starts_the_report_with_it(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    answer = resident.says("someone keeps dumping cat litter in the catch basin in front of 20 Main St")
    assert "look into it" in texts(answer)  # answered first, with the offer
    first = resident.says("dunno who")
    assert "not sure I understood" not in texts(first)
    replies, order, filed = converse(resident, first, ANSWERS)
    assert "responsible" not in order  # "dunno who" was the answer
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.kind == "illicit_discharge" and "20 Main St" in ticket.fields["location"]


def test_a_question_after_the_offer_is_still_a_question(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    resident.says("someone keeps dumping cat litter in the catch basin in front of 20 Main St")
    reply = texts(resident.says("what are the fines?"))
    assert "$350" in reply and "Where is it?" not in reply


def test_a_place_corrected_after_the_offer_starts_the_report_with_that_place(base_url, helpdesk):
    """Found trying the desk as a resident: "no wait, it was at ..." after the answer was "not
    sure I understood", and the typed corner was then asked for again."""
    resident = Resident(base_url, "poquott")
    answer = resident.says("someone dumped what looks like paint thinner into the catch basin on shore rd")
    assert "Not allowed in Poquott" in texts(answer) and "look into it" in texts(answer)
    first = resident.says("no wait, it was at the corner of main st and shore rd")
    assert "not sure I understood" not in texts(first) and "Where is it?" not in texts(first)
    answers = {**ANSWERS, "material": "paint thinner", "hazard": "not sure"}
    replies, order, filed = converse(resident, first, answers)
    assert "location" not in order
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert "main st and shore rd" in ticket.fields["location"].lower()
