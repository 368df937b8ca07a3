"""Issue 27 round 7, through the real services: an exemption's water carrying what is not its
own, a fire service's foam, a fire told as already out, water pumped out in an emergency, and a
fact added after an answer. Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services

REPORT_STARTED = "take down the details"


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_street_hosed_of_food_after_a_fair_gets_no_street_wash_allowed(base_url, village):
    response, _ = chat(base_url, "after the street fair there's spilled food and sticky soda all over, can we hose the street into the drain?", village)
    assert [v for _, v in verdicts(response)] == ["not_named"], said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_fire_companys_training_foam_is_firefighting_water(base_url, village):
    response, _ = chat(base_url, "the volunteer fire company held a training burn down the block and their foam ran into the storm drain, allowed?", village)
    assert verdicts(response) == [("firefighting_water", "allowed")], said(response)


def test_a_fire_the_resident_put_out_is_answered_not_reported(base_url):
    response, _ = chat(base_url, "my smoker caught fire and I hosed it till it was out, the sooty water went down the gutter. am I in trouble?", "bayville")
    assert REPORT_STARTED not in said(response)
    assert [v for _, v in verdicts(response)] and all(v in ("allowed", "not_named") for _, v in verdicts(response)), said(response)


def test_water_pumped_out_after_a_storm_gets_a_verdict_first(base_url):
    response, _ = chat(base_url, "after the storm the warehouse across the road is pumping its flooded loading dock out into the street. is that allowed?", "poquott")
    assert verdicts(response), said(response)


def test_no_chlorine_said_after_a_hot_tub_answer_answers_the_hot_tub_again(base_url):
    first, sender = chat(base_url, "can I drain my hot tub into the street?", "bayville")
    assert [d for d, _ in verdicts(first)] == ["hot_tub_water"], said(first)
    then, _ = chat(base_url, "its been sitting 5 days, no chlorine", "bayville", sender)
    assert [d for d, _ in verdicts(then)] == ["hot_tub_water"], said(then)


def test_a_condensate_line_tied_into_the_storm_drain_needs_bayvilles_permit_and_is_left_open_in_poquott(base_url):
    text = "the drain line from our central air is hooked into the catch basin out front, is that allowed"
    bayville, _ = chat(base_url, text, "bayville")
    assert verdicts(bayville) == [("piped_exempt_water", "conditional")], said(bayville)
    assert "permit" in said(bayville).lower()
    poquott, _ = chat(base_url, text, "poquott")
    # § 132-3, definition A of illicit connections: "any conveyances which allow any nonstormwater discharge" (round 54)
    assert verdicts(poquott) == [("piped_exempt_water_home", "not_named")], said(poquott)
    assert "illicit connections" in said(poquott).lower()
