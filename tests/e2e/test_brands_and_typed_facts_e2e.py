"""Brand names and deciding facts typed at a clarifying question, through the real services
(issue 27): "drano" is a drain cleaner, "dawn" dish soap; "we add a little bleach" answers
"is anything in the water?", and "its the shop's truck" answers whose car wash it is."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


def test_a_brand_gets_its_kinds_verdict(base_url):
    response, _ = chat(base_url, "can i pour drano down the storm drain?", "bayville")
    assert response.status_code == 200, response.text
    # Bayville § 63A-5A: only stormwater and the listed exempt discharges
    assert verdicts(response) == [("solvents", "prohibited")]
    washed, _ = chat(base_url, "what if i use dawn to wash my car in my driveway", "bayville")
    # "individual residential car washing" (§ 63A-5B(1)): the soap a car is washed with is its water's own
    assert verdicts(washed) == [("car_wash_residential", "allowed")]


def test_at_dawn_is_a_time_of_day_not_a_soap(base_url):
    response, _ = chat(base_url, "can i hose off my driveway at dawn?", "poquott")
    assert all(discharge != "detergent" for discharge, _ in verdicts(response))


def test_what_is_in_the_water_typed_answers_the_question(base_url):
    first, sender = chat(base_url, "the sump pump water smells funny, can it go to the street", "bayville")
    assert "Is anything in the water" in first.json()["messages"][0]["text"]
    second, _ = chat(base_url, "we add a little bleach", "bayville", sender)
    # § 63A-5B(1) exempts only "uncontaminated crawl space or basement sump pump discharges"
    assert verdicts(second) == [("contaminated_sump_pump", "prohibited")]


def test_whose_car_wash_typed_as_an_owner(base_url):
    first, sender = chat(base_url, "car wash in the lot?", "bayville")
    assert "Whose car wash" in first.json()["messages"][0]["text"]
    second, _ = chat(base_url, "its the shop's truck", "bayville", sender)
    assert verdicts(second) == [("car_wash_commercial", "prohibited")]


def test_whose_car_wash_typed_as_a_team_raising_money(base_url):
    first, sender = chat(base_url, "car wash in the lot?", "poquott")
    assert "Whose car wash" in first.json()["messages"][0]["text"]
    second, _ = chat(base_url, "the youth soccer team is raising money", "poquott", sender)
    assert verdicts(second) == [("car_wash_commercial", "prohibited")]
