"""Issue 27, round 11, through the real services: who washes the vehicles decides "individual
residential car washing" (a trade's fleet, a dealer's lot, whatever the resident compares it
with), and a fire service washing with soap, no fire fought, gets no firefighting badge.
Wording is this file's own."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "we want to wash our service vans with car soap every week in the back lot, which drains to the storm sewer. is car washing allowed?",
        "the used truck lot behind my yard soaps up the pickups all day and it runs into the gutter. same as washing your car at home, right?",
    ],
)
def test_a_business_washing_its_vehicles_gets_no_residential_car_washing_badge(base_url, village, text):
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got, response
    assert ("car_wash_residential", "allowed") not in got, got


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_fire_service_washing_animals_with_soap_gets_no_firefighting_badge(base_url, village):
    text = "the fire department hosed down the goats at the petting zoo and the soapy suds ran into the drain, thats fire department water so its ok right?"
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got, response
    assert ("firefighting_water", "allowed") not in got, got


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_shop_piping_its_used_tap_water_into_the_storm_sewer_is_a_connection(base_url, village):
    text = "our print shop wants to pipe the warm rinse water from our ink rollers into the storm sewer out back. its only tap water, ok?"
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got, response
    assert all(verdict != "allowed" for _, verdict in got), got
