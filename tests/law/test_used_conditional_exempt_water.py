"""A conditionally exempt water (a diverted stream, groundwater) a person used on a thing carries
what it touched: the text leaves open whether it is still that water (issue 27). Wording is this
file's own."""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages

VILLAGES = ("bayville", "poquott")


@pytest.fixture(scope="module")
def villages():
    found = load_villages()
    return found if isinstance(found, dict) else {v.slug: v for v in found}


@pytest.mark.parametrize("village_slug", VILLAGES)
@pytest.mark.parametrize("key,text", [
    ("diverted_stream_flows", "the crew filled the new culvert liner with creek water for a leak test and drained it to the catch basin"),
    ("diverted_stream_flows", "we scrub the canoes on the bank with stream water and it runs to the road drain"),
    ("groundwater_infiltration", "we rinse the tile saw blades in the yard with groundwater from the dewatering pump and it goes to the drain"),
])
def test_used_conditional_exempt_water_is_not_named(villages, village_slug, key, text):
    assert answer_discharge(villages[village_slug], key, text).verdict == "not_named"


@pytest.mark.parametrize("village_slug", VILLAGES)
def test_the_stream_water_itself_keeps_its_condition(villages, village_slug):
    text = "an old diverted stream runs through a pipe under our yard into the storm drain, is that ok?"
    assert answer_discharge(villages[village_slug], "diverted_stream_flows", text).verdict == "conditional"
