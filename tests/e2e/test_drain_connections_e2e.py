"""Issue 27, through the real services: a drain said to be joined to the storm sewer is asked
about as a connection. An interior floor drain's connection is prohibited in both villages
whatever water is said to run through it; a footing drain to be hooked into the storm sewer
gets its verdict (Bayville: the connection permit) before the permit rules. Wording is this
file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_shop_floor_drain_hooked_into_the_catch_basin_is_prohibited_though_only_rain_goes_in(base_url, village):
    text = "the old drain in our workshop floor is hooked into the catch basin out front, nothing but rainwater ever goes in it, allowed?"
    response, _ = chat(base_url, text, village)
    assert verdicts(response) == [("floor_drain", "prohibited")], said(response)


def test_a_footing_drain_to_be_hooked_into_the_storm_sewer_gets_its_verdict_then_the_permit_rules(base_url):
    text = "the excavator will hook the new foundation drain tile directly into the catch basin, what do we need from the village?"
    bayville, _ = chat(base_url, text, "bayville")
    assert verdicts(bayville) == [("footing_drain", "conditional")], said(bayville)
    assert "permit" in said(bayville).lower()
    poquott, _ = chat(base_url, text, "poquott")
    assert [v for _, v in verdicts(poquott)] in (["allowed"], ["not_named"]), said(poquott)
