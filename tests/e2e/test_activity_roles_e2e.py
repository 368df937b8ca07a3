"""Issue 27, the lead's own trial of the desk, through the real services: a filling that
overflows is the fill water's, never the pool's badge that contradicts Poquott's text (which
exempts no pool water) or Bayville's (which exempts only dechlorinated swimming pool
discharges); a fire service's training water gets no firm badge. Wording is this file's own."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "we use the hydrant to fill the pool and some overflows into the street, problem?",
        "i fill the kiddie pool with tap water and it overflows down the driveway into the drain, is that ok?",
    ],
)
def test_water_overflowing_a_pool_being_filled_is_the_potable_waters(base_url, village, text):
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got and got[0] == ("water_line_flushing", "allowed"), got
    assert all(discharge != "pool_water" for discharge, _ in got), got


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_fire_services_training_water_is_not_named_with_the_firefighting_exemption_closest(base_url, village):
    response, _ = chat(base_url, "the fire company flows its hoses into the storm drain at their monthly drill, allowed?", village)
    (payload,) = payloads(response)
    assert payload["verdict"] == "not_named", payload
    assert payload["closest_exemptions"][0] == "firefighting_water", payload
