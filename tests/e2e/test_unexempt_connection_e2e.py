"""Issue 27, through the real services: a pipe into the storm sewer evidently carrying no exempt
water (a business's rinse water, soap, animals' waste) is a prohibited connection in both
villages, quoting the connection passage; a pipe whose water is not said keeps "not named".
Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_grooming_salons_wash_station_piped_into_the_catch_basin_is_prohibited(base_url, village):
    text = "the grooming salon on main street has its wash station drain tied into the catch basin out back, is that allowed?"
    response, _ = chat(base_url, text, village)
    assert verdicts(response) == [("illicit_connection", "prohibited")], said(response)
    assert "connection" in said(response).lower()


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_pipe_whose_water_is_not_said_gets_no_badge(base_url, village):
    response, _ = chat(base_url, "is it ok to run a pipe from my backyard into the storm drain?", village)
    assert [v for _, v in verdicts(response)] in ([], ["not_named"]), said(response)
