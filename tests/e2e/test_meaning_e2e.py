"""Qualifiers and clarifying questions through the real services (issues 12 and 14).

The oily sump pump gets the contaminated case; a car wash whose owner the words do not say
gets one question with buttons, answered by a tap, by typing, or by an SMS number; one message
never carries two verdicts, and two discharges named get both, the worse first.
"""

import pytest

from tests.e2e.test_chat_e2e import chat, payloads
from tests.e2e.test_sms_e2e import BAYVILLE_NUMBER, Texter
from tests.e2e.phones import new_phone

pytestmark = pytest.mark.services


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


def test_oily_sump_pump_water_is_not_the_exempt_uncontaminated_discharge(base_url):
    response, _ = chat(base_url, "my sump pump water is oily, can I pump it to the street?", "bayville")
    assert response.status_code == 200, response.text
    # Bayville § 63A-5B(1) exempts only "uncontaminated crawl space or basement sump pump discharges"
    assert verdicts(response) == [("contaminated_sump_pump", "prohibited")]
    assert "uncontaminated crawl space or basement sump pump discharges" in response.json()["messages"][0]["text"]


def test_washing_ones_car_with_soap_is_one_verdict(base_url):
    response, _ = chat(base_url, "can I wash my car with soap in the driveway? the soapy water goes to the drain", "poquott")
    assert verdicts(response) == [("car_wash_residential", "allowed")]


def test_two_discharges_named_get_both_verdicts_the_worse_first(base_url):
    response, _ = chat(base_url, "is it ok if our sump pump and the washing machine both empty into the curb drain", "bayville")
    # § 63A-5B(1): "uncontaminated crawl space or basement sump pump discharges"; laundry water
    # is not stormwater and not among the exemptions (§ 63A-5A)
    assert verdicts(response) == [("washing_machine", "prohibited"), ("sump_pump", "conditional")]


def test_car_wash_of_unknown_owner_asks_with_buttons_then_the_tap_answers(base_url):
    first, sender = chat(base_url, "is car wash water allowed to go in the storm drain?", "bayville")
    assert verdicts(first) == []
    question = first.json()["messages"][0]
    assert "Whose car wash" in question["text"]
    assert [b["title"] for b in question["buttons"]] == ["My own car at home", "A business, school or charity wash"]
    second, _ = chat(base_url, question["buttons"][1]["payload"], "bayville", sender)
    assert verdicts(second) == [("car_wash_commercial", "prohibited")]


def test_car_wash_question_answered_by_typing(base_url):
    first, sender = chat(base_url, "is car wash water allowed to go in the storm drain?", "poquott")
    assert "Whose car wash" in first.json()["messages"][0]["text"]
    second, _ = chat(base_url, "it's for the school fundraiser", "poquott", sender)
    assert verdicts(second) == [("car_wash_commercial", "prohibited")]


def test_car_wash_question_answered_by_sms_number(base_url, helpdesk):
    phone = Texter(base_url, BAYVILLE_NUMBER, new_phone("+1516555"))
    question = phone.texts("is car wash water allowed in the storm drain")
    assert "Whose car wash" in question and "Reply 1 for My own car at home" in question
    answer = phone.texts("1")
    assert answer.startswith("Allowed in Bayville"), answer
    assert "individual residential car washing" in answer


def test_a_question_about_the_neighbors_pool_is_answered_then_report_it_starts_the_report(base_url):
    first, sender = chat(base_url, "my neighbor is draining his pool into the street, is that allowed?", "poquott")
    # Poquott § 132-3 lists "pool water" among pollutants
    assert verdicts(first) == [("pool_water", "prohibited")]
    offer = first.json()["messages"][-1]
    assert [b["title"] for b in offer["buttons"]] == ["Report it"]
    second, _ = chat(base_url, offer["buttons"][0]["payload"], "poquott", sender)
    texts = " ".join(m.get("text", "") for m in second.json()["messages"])
    # the button says "someone else": the report does not ask whose it was
    assert "take down the details" in texts and "Did this come from your own home" not in texts
    assert "Spill Hotline" not in texts  # pool water is not petroleum
