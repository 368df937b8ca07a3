"""Calibrated abstention by category through the real services (issue 27, round 5): what the
classifier did not place, or heard as a topic, still gets the discharge's verdict; a word that is
not the thing discharged gives no badge; a question is asked only when one fact decides.
Wording is this file's own, not the test sets'."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def firm(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response) if p["verdict"] != "not_named"]


def test_a_cleaner_hosed_off_a_deck_asked_about_gets_a_verdict_not_the_fallback(base_url):
    response, _ = chat(base_url, "i scrub the deck with a cleaner and hose it off into the road, problem?", "bayville")
    answers = payloads(response)
    assert answers and answers[0]["verdict"] in ("prohibited", "not_named")


def test_a_release_asked_about_as_a_violation_gets_its_verdict_first(base_url):
    response, _ = chat(base_url, "a wall of foam from the hangar's suppression system ran down the storm drains, isn't that a violation?", "poquott")
    answers = payloads(response)
    assert answers and answers[0]["verdict"] == "prohibited"


def test_a_paid_car_wash_by_the_kids_is_asked_about_never_allowed(base_url):
    response, _ = chat(base_url, "my kids want to wash cars in our driveway and charge the neighbors, is that ok?", "bayville")
    assert not firm(response)
    assert any(m.get("buttons") for m in response.json()["messages"])


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_treated_condensate_and_a_tub_filled_at_a_sink_get_no_firm_badge(base_url, village):
    for message in (
        "the hvac tech put an algaecide in the condensate pan, the line drains to the street, ok?",
        "we fill the inflatable tub from the kitchen sink and then drain it onto the lawn, ok?",
    ):
        response, _ = chat(base_url, message, village)
        assert payloads(response) and not firm(response), message
