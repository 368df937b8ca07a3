"""A report taken up after a verdict starts from the thing the question named, "not named"
answers included: "my landlord keeps draining the boiler into the street, thats legal?" is
answered, and "report it" then goes on without asking "What was released?"; the ticket files
the thing in the resident's words. By the web chat and by SMS (signed as Twilio signs), on the
real services."""
import os

os.environ.setdefault("TWILIO_AUTH_TOKEN", "test-token-not-a-secret")

import re  # noqa: E402
import uuid  # noqa: E402

import pytest  # noqa: E402

from tests.e2e.test_report_listening_e2e import stored_ticket  # noqa: E402
from tests.e2e.test_reports_e2e import QUESTIONS, Resident, asked, payload, texts  # noqa: E402
from tests.e2e.test_sms_e2e import BAYVILLE_NUMBER, POQUOTT_NUMBER, POQUOTT_REFERENCE, REFERENCE, Texter  # noqa: E402
from tests.e2e.test_typed_reports_e2e import converse  # noqa: E402
from tests.e2e.phones import new_phone

pytestmark = pytest.mark.services
BOILER = "my landlord keeps draining the boiler into the street, thats legal?"
# a thing no category names in either village ("flour paste" is food: Poquott's "biological materials")
GLITTER = "the craft store keeps hosing glitter paste into the drain, is that ok?"
ANSWERS = {
    "hazard": "none of these", "location": "in front of 40 Main St", "discovered": "this morning",
    "reached_drain": "yes", "commercial": "no", "amount": "a few gallons", "reporter_name": "anonymous",
    "reporter_phone": "none", "confirm": "yes", "updates": "no thanks",
}
# By text the choices are numbers: "4" is "None of these", "2" is "No", "1" is "Yes, file it".
SMS_ANSWERS = {**ANSWERS, "hazard": "4", "commercial": "2", "confirm": "1"}


def _answered_then_report(resident, question, verdict):
    answer = resident.says(question)
    found = payload(answer, "discharge_answer")
    assert found and found["verdict"] == verdict, texts(answer)
    assert "look into it" in texts(answer)  # the offer to report
    first = resident.says("report it")
    assert asked(first) != "material" and QUESTIONS["material"] not in texts(first), texts(first)
    return first


def test_the_boiler_not_named_then_report_it_files_the_boiler_without_asking_what(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = _answered_then_report(resident, BOILER, "not_named")
    replies, order, filed = converse(resident, first, ANSWERS)
    assert "material" not in order and "responsible" not in order  # "my landlord": someone else's
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert "boiler" in ticket.fields["material"], ticket.fields


def test_a_thing_nobody_listed_then_report_it_files_it_in_the_residents_words(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    first = _answered_then_report(resident, GLITTER, "not_named")
    replies, order, filed = converse(resident, first, ANSWERS)
    assert "material" not in order
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.fields["material"] == "glitter paste", ticket.fields


def _sms_asked(reply):
    """The question a text ends with: the slot whose words stand last in it."""
    found = [(reply.rfind(words), slot) for slot, words in QUESTIONS.items() if words in reply]
    return max(found)[1] if found else None


def _sms_report(phone, question, reference):
    answer = phone.texts(question)
    assert "Not named" in answer and "look into it" in answer, answer
    reply = phone.texts("1")  # "Reply 1 for Report it"
    order = []
    for _ in range(16):
        filed = reference.search(reply)
        if filed:
            return order, filed.group(0)
        slot = _sms_asked(reply)
        assert slot and slot not in order and slot in SMS_ANSWERS, (slot, order, reply)
        order.append(slot)
        reply = phone.texts(SMS_ANSWERS[slot])
    raise AssertionError(f"not filed after {order}")


def test_the_boiler_by_sms_is_reported_without_asking_what(base_url, helpdesk):
    phone = Texter(base_url, BAYVILLE_NUMBER, new_phone("+1516555"))
    order, reference = _sms_report(phone, BOILER, REFERENCE)
    assert order[0] != "material" and "material" not in order, order
    assert "boiler" in stored_ticket(helpdesk, reference).fields["material"]


def test_a_thing_nobody_listed_by_sms_is_reported_in_the_residents_words(base_url, helpdesk):
    phone = Texter(base_url, POQUOTT_NUMBER, new_phone("+1631555"))
    order, reference = _sms_report(phone, GLITTER, POQUOTT_REFERENCE)
    assert order[0] != "material" and "material" not in order, order
    assert re.fullmatch(r"glitter paste", stored_ticket(helpdesk, reference).fields["material"])
