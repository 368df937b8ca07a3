"""A question about the resident's own discharge is answered, however it is punctuated (issue 27).

Through the real services: "...problem?", "thats just water right", "any issue with either
one" and "fire sprinkler test" got the 911 lines and the report form before; now they get the
verdict first. "Can I get fined for X" gets X's verdict and the penalties. An emergency still
starts the report. Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services

REPORT_STARTED = "take down the details"


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


@pytest.mark.parametrize(
    "village, text",
    [
        ("bayville", "my dehumidifier hose runs out the basement window onto the driveway and down to the drain, problem?"),
        ("poquott", "the condensate from my mini split drips down the wall and into the gutter. thats just water right"),
        ("bayville", "doing our annual fire sprinkler test and the water runs into the catch basin, is that ok"),
        ("poquott", "I let the kiddie pool drain into the gutter every evening - that's fine, correct"),
        ("bayville", "we empty the mop bucket from the shop out back and it runs to the catch basin, that's fine right?"),
        ("poquott", "my gutters are piped straight into the street drain, any problem?"),
    ],
)
def test_a_question_about_ones_own_discharge_gets_a_verdict_not_the_report(base_url, village, text):
    response, _ = chat(base_url, text, village)
    assert response.status_code == 200, response.text
    assert payloads(response), said(response)
    assert REPORT_STARTED not in said(response)


def test_can_i_get_fined_for_it_gets_its_verdict_and_the_penalties(base_url):
    response, _ = chat(base_url, "can I get fined for dumping paint thinner down the storm drain", "bayville")
    assert [(p["discharge"], p["verdict"]) for p in payloads(response)] == [("solvents", "prohibited")]
    assert [p["topic"] for p in payloads(response, "law_answer")] == ["penalties"]
    assert REPORT_STARTED not in said(response)


def test_an_emergency_still_starts_the_report(base_url):
    response, _ = chat(base_url, "there's smoke and flames coming out of the storm drain by the gas station", "bayville")
    assert REPORT_STARTED in said(response) or "911" in said(response)
    assert payloads(response) == []


def test_an_emergency_pumping_question_gets_the_waters_verdict_then_the_emergency_rule(base_url):
    response, _ = chat(base_url, "the cellar took in water in the storm and the heating oil tank leaked into it, can we pump it to the road?", "poquott")
    assert response.status_code == 200, response.text
    assert payloads(response)[0]["verdict"] == "prohibited", said(response)
    assert REPORT_STARTED not in said(response)


@pytest.mark.parametrize(
    "text",
    [
        "can I get fined for washing the company van in my driveway?",
        # read as no intent with confidence: the fallback finds the category and answers
        "I bring the work van home on weekends. could I be fined for washing the company van at home?",
    ],
)
def test_can_i_get_fined_for_a_category_nobody_listed_gets_that_categorys_verdict(base_url, text):
    response, _ = chat(base_url, text, "bayville")
    assert [(p["discharge"], p["verdict"]) for p in payloads(response)] == [("car_wash_residential", "allowed")], said(response)
    assert [p["topic"] for p in payloads(response, "law_answer")] == ["penalties"]


def test_what_the_water_holds_said_after_an_answer_answers_it_again(base_url):
    first, sender = chat(base_url, "can I let my pool out into the road", "bayville")
    assert [p["verdict"] for p in payloads(first)] == ["conditional"]
    then, _ = chat(base_url, "it's a salt water pool", "bayville", sender)
    assert [(p["discharge"], p["verdict"]) for p in payloads(then)] == [("pool_water", "conditional")], said(then)
    assert "salt" in said(then).lower() and "not" in said(then).lower()


def test_is_that_polluting_asks_for_the_verdict(base_url):
    response, _ = chat(base_url, "my truck's air conditioner drips onto the road when it idles, is that polluting anything?", "poquott")
    assert [(p["discharge"], p["verdict"]) for p in payloads(response)] == [("ac_condensate", "allowed")], said(response)
