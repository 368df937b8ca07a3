"""Spill reports typed as residents type them, answers at the wrong question included: each
answer goes to its own field, whatever was asked (the lead's conversations A and B)."""
import pytest

from stormwater.reports.ticket_store import get_ticket
from stormwater.store.database import connect
from tests.e2e.test_reports_e2e import Resident, answer_form, asked, texts

pytestmark = pytest.mark.services


def stored(helpdesk, reference):
    return get_ticket(connect(helpdesk.settings.instance / "helpdesk.db"), reference)


def test_conversation_a_material_and_amount_at_the_whose_question_and_a_place_never_a_material(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    assert asked(resident.says("I want to report a spill")) == "responsible"
    both = resident.says("motor oil, maybe a quart")
    said = texts(both)
    assert "Thanks, I noted what it is: motor oil" in said and "Thanks, I noted the amount: maybe a quart" in said
    assert "changed" not in said and asked(both) == "responsible"  # the question asked comes back
    assert asked(resident.says("yes")) == "location"  # what it is (oil, so possibly hazardous) was said already
    assert asked(resident.says("in front of 12 Oak Lane")) == "discovered"
    when = resident.says("2 hours ago")
    assert asked(when) == "reached_drain"
    answers = {"reached_drain": "yes", "commercial": "no", "reporter_name": "Pat Lee", "reporter_phone": "516-555-0199",
               "confirm": "yes"}
    _, order, filed = answer_form(resident, when, answers)
    assert order == ["reached_drain", "commercial", "reporter_name", "reporter_phone", "confirm"]
    assert filed["hazardous"] is True
    ticket = stored(helpdesk, filed["reference"])
    assert (ticket.fields["material"], ticket.fields["amount"], ticket.fields["hazard"]) == ("motor oil", "maybe a quart", "yes")
    assert (ticket.location, ticket.fields["discovered"], ticket.reporter_name) == ("12 Oak Lane", "2 hours ago", "Pat Lee")
    assert ticket.discovered_at is not None


def test_conversation_b_a_hazard_denial_is_not_the_place_and_no_is_not_an_amount(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("there is some soapy water running into the drain from a car wash fundraiser at the church")
    assert "call 911" in texts(first) and asked(first) == "discovered"  # the place, "the church", was said
    denial = resident.says("no chemicals")
    assert asked(denial) == "discovered" and "place" not in texts(denial)
    assert "I noted whether it could be hazardous: no" in texts(denial) and "Sorry" not in texts(denial)
    assert asked(resident.says("an hour ago")) == "commercial"
    assert asked(resident.says("not sure")) == "amount"
    no = resident.says("no")
    assert "I'll note the amount as: not sure" in texts(no) and asked(no) == "reporter_name"
    assert asked(resident.says("Pat Lee")) == "reporter_phone"
    phone = resident.says("516-555-0199")
    assert "changed" not in texts(phone) and asked(phone) == "confirm"
    _, _, filed = answer_form(resident, phone, {"confirm": "yes"})
    assert filed["hazardous"] is False
    ticket = stored(helpdesk, filed["reference"])
    assert "soapy water" in ticket.fields["material"]
    assert (ticket.location, ticket.fields["amount"], ticket.fields["hazard"]) == ("the church", "not sure", "no")
    assert (ticket.fields["discovered"], ticket.fields["commercial"], ticket.reporter_name) == ("an hour ago", "unsure", "Pat Lee")
    assert ticket.reporter_phone == "(516) 555-0199"
