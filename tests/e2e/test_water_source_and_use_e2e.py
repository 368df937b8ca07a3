"""Issue 27, through the real services: the water's source and what it was used for decide what
it is. Reclaimed water is no irrigation water, exempt water someone used on something gets no
"Allowed", a tub filled from a well is the tub's water, and Bayville's pool water with soap in
it gets no dechlorination condition. Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


def verdicts(response):
    return [p["verdict"] for p in payloads(response)]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_reclaimed_water_overspray_is_not_named(base_url, village):
    text = "the country club waters the fairways with treated effluent from the sewage plant and it sprays onto the road into the drain. irrigation is exempt right?"
    response, _ = chat(base_url, text, village)
    assert verdicts(response) == ["not_named"], said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_exempt_water_used_to_rinse_something_gets_no_allowed_badge(base_url, village):
    for text in ("the fire company used hydrant water to rinse out the pancake griddles and it ran down the street, ok?",
                 "i use rain barrel water to scrub the pigeon coop floor and it drains to the curb. its rain so fine?"):
        response, _ = chat(base_url, text, village)
        got = verdicts(response)
        assert got and "allowed" not in got, (text, said(response))


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_hot_tub_filled_from_a_well_is_not_the_wells_water(base_url, village):
    text = "the people next door fill their hot tub from their well and empty it into the road every month. well water is fine right?"
    response, _ = chat(base_url, text, village)
    got = payloads(response)
    assert got and all(p["discharge"] != "water_line_flushing" and p["verdict"] != "allowed" for p in got), said(response)


def test_bayville_pool_water_after_a_foam_party_gets_no_dechlorination_condition(base_url):
    text = "we had a foam party in the pool for my daughter's birthday, can we drain it to the street now?"
    response, _ = chat(base_url, text, "bayville")
    assert verdicts(response) == ["not_named"], said(response)
