"""An organised group's vehicle washing, named only by its soap, through the real services
(issue 27): the facet rule reaches car washing and whose washing it is decides the exemption,
so no "Allowed" badge for "individual residential car washing". Wording is this file's own."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_youth_group_washing_church_vans_with_soap_gets_no_residential_exemption(base_url, village):
    response, _ = chat(base_url, "the youth group washes the church vans with soap in the parking lot every weekend, is that ok?", village)
    answers = [(p["discharge"], p["verdict"]) for p in payloads(response)]
    assert answers, response.json()
    assert ("car_wash_residential", "allowed") not in answers
    assert answers[0] == ("car_wash_commercial", "prohibited")


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_brushes_rinsed_in_a_kitchen_sink_get_no_storm_drain_badge(base_url, village):
    response, _ = chat(base_url, "i clean my oil paint brushes in the kitchen sink with thinner, thats ok right?", village)
    answers = [(p["discharge"], p["verdict"]) for p in payloads(response)]
    assert answers, response.json()
    assert all(verdict == "not_named" for _, verdict in answers), answers
