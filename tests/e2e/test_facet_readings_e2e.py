"""Issue 33 findings 2, 3 and 4 through the real services: the village's facet rules decide
(issue 27). Wording is this file's own, not the test sets'."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


def test_hosing_the_street_in_front_of_a_restaurant_is_not_residential_street_wash(base_url):
    response, _ = chat(base_url, "can we hose down the street in front of our restaurant every night?", "bayville")
    assert verdicts(response) == [("street_wash_business", "not_named")]
    # the note quotes the exemption's own words
    assert any('"residential street wash water' in (m.get("text") or "") for m in response.json()["messages"])


def test_a_bare_trench_drain_is_not_named_and_says_the_permit(base_url):
    response, _ = chat(base_url, "is it legal that our trench drain runs to the storm drain?", "bayville")
    assert verdicts(response) == [("trench_drain", "not_named")]
    assert any("§ 63A-12" in (m.get("text") or "") for m in response.json()["messages"])


def test_pumping_out_a_basement_is_not_the_sump_pump_exemption(base_url):
    response, _ = chat(base_url, "can I pump out my basement into the street after the storm?", "poquott")
    assert verdicts(response) == [("basement_flood_water", "not_named")]
