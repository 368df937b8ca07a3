"""A failing-septic message that asks about the law, and someone's word that it is fine passed
on, get the verdict first, through the real services (issue 27); a plain septic report still
starts the form. Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services

REPORT_STARTED = "take down the details"


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


def test_a_failing_septic_question_is_answered_with_the_offer_to_report(base_url):
    text = "our septic is failing and the wet spot runs down to the road ditch. are we breaking a rule till its fixed?"
    response, _ = chat(base_url, text, "bayville")
    assert response.status_code == 200, response.text
    assert REPORT_STARTED not in said(response)
    assert payloads(response) and payloads(response)[0]["verdict"] == "prohibited", said(response)


def test_a_failing_septic_report_still_starts_the_form(base_url):
    response, _ = chat(base_url, "my neighbor's cesspool is overflowing onto the road", "poquott")
    assert REPORT_STARTED in said(response), said(response)


def test_a_contractors_claim_that_it_is_fine_is_checked_against_the_law(base_url):
    text = "the mason is washing the mortar off the new steps with acid and it runs down to the street drain. he says its normal"
    response, _ = chat(base_url, text, "poquott")
    assert REPORT_STARTED not in said(response)
    assert payloads(response) and payloads(response)[0]["verdict"] in ("prohibited", "not_named"), said(response)
