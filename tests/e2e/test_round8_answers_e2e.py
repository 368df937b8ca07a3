"""Issue 27 round 8, through the real services: questions that got the report form or "not sure I
understood" now get the discharge answer. A denied emergency word ("it's not a fire"), one's own
practice vouched for as plain water, and something told as put into a drain (or leave asked to)
are questions about a discharge. Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services

REPORT_STARTED = "take down the details"
NOT_UNDERSTOOD = "not sure I understood"


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


@pytest.mark.parametrize(
    "village, text",
    [
        ("bayville", "the parade crew sprays the bridge deck with hydrant water and it runs into the drains, is that ok since it's not a fire?"),
        ("poquott", "emptying my horse trough onto the lane with a bilge pump, it is only clean well water"),
        ("bayville", "the art club tipped the leftover glaze rinse into the storm drain behind the school, is that legal?"),
        ("poquott", "can we just dump the cloudy tank water into the catch basin?"),
    ],
)
def test_the_question_gets_a_discharge_answer_not_the_report_nor_a_shrug(base_url, village, text):
    response, _ = chat(base_url, text, village)
    assert response.status_code == 200, response.text
    assert payloads(response), said(response)
    assert REPORT_STARTED not in said(response)
    assert NOT_UNDERSTOOD not in said(response)


def test_a_fire_still_burning_still_starts_the_report(base_url):
    response, _ = chat(base_url, "the dumpster behind the diner is on fire and the water is running into the storm drain", "bayville")
    assert REPORT_STARTED in said(response) or "911" in said(response)
    assert payloads(response) == []
