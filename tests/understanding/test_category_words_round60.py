"""Issue 27, round 60: a business's drain tied into the storm sewer carrying rain (Poquott's
definition B of illicit connections reaches any drain from a commercial land use), a fuel
seller's name that is a place, not fuel, and leave asked for the thing itself ("can it all go
in the storm drain") after a list of hazardous things. Written in new words of our own, from
the causes of round 60's misses (the set itself is not quoted)."""
import pytest

from stormwater.dialogue.spill_route import ANSWER, REPORT, route
from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.asking import asks_leave_for_it
from stormwater.understanding.meaning import read_question


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def answered(village, text):
    reading = read_question(text)
    return [(a.discharge, a.verdict) for a in (answer_discharge(village, k, text) for k in (reading.keys or (None,)))]


@pytest.mark.parametrize("text", [
    "we run a bakery and the new lot drains would be tied into the village storm sewer, its only rain. what do we need?",
    "our body shop wants to connect the two parking lot catch basins to the storm sewer in the road, just rain water off the lot",
])
def test_rain_piped_from_a_business_into_the_storm_sewer(villages, text):
    # Poquott § 132-3 B: any drain from a commercial land use, unless documented and approved
    assert answered(villages["poquott"], text) == [("piped_stormwater", "conditional")]
    # Bayville § 63A-12: any connection needs the SMO's permit
    assert answered(villages["bayville"], text) == [("piped_stormwater", "conditional")]


def test_rain_piped_from_a_home_keeps_its_answer_in_poquott(villages):
    text = "we tied the roof leaders of our house into the storm sewer, was that ok?"
    assert answered(villages["poquott"], text) == [("rainwater", "allowed")]


@pytest.mark.parametrize("text", [
    "the gas station's roof leaders are piped into the storm sewer, it's only rain",
    "the canopy gutters at the gas station on our corner run into the catch basin, just rainwater",
])
def test_a_gas_station_is_a_place_not_fuel_in_the_water(villages, text):
    assert "motor_oil" not in read_question(text).keys


def test_fuel_said_at_a_gas_station_is_still_fuel(villages):
    assert "motor_oil" in read_question("a customer spilled gas at the pump of the gas station, can i hose it toward the drain?").keys


@pytest.mark.parametrize("text, leave", [
    ("can it all go in the storm drain", True),
    ("could all of it be dumped down the catch basin", True),
    ("can everything go down the street drain", True),
    ("can it all be cleaned up by tomorrow", False),
    ("i spilled oil and it is going in the drain now", False),
])
def test_leave_asked_for_the_thing_itself(text, leave):
    assert asks_leave_for_it(text) is leave


def test_a_list_of_hazardous_things_with_leave_asked_gets_the_verdict_not_the_spill_form(villages):
    text = ("been plating brass parts in the shed, a tub of sulfuric acid and a tub of lye, both worn out now. "
            "if i neutralize them with baking soda can it all go in the storm drain")
    assert route(text, read_question(text)) == ANSWER
    assert route("i spilled a tub of sulfuric acid in the shed and it is running to the drain", read_question(
        "i spilled a tub of sulfuric acid in the shed and it is running to the drain")) == REPORT


def test_a_conduit_run_underground_by_the_resident_is_no_business_run(villages):
    # the conduit's own word is the thing's ("run my [downspouts] underground"): no "we run a deli"
    text = "can i run my downspouts underground and tie them into the storm drain at the curb? its only rain water off the roof"
    assert answered(villages["poquott"], text) == [("rainwater", "allowed")]
