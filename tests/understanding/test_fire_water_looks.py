"""The water that put a fire out, however it looks (issue 27): "black water" that runs off a fire
is a colour, not a holding tank's sewage, and a pile "smoldering" is a fire the fire company
fought. A toilet's or an RV's black water stays sewage. Phrasings are this test's own."""
import pytest

from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.meaning import read_question
from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages


@pytest.mark.parametrize("text", [
    "the barn down the road caught fire and the fire department hosed it all night, black water ran into the culvert. legal?",
    "the wood chip pile at the tree service was smoldering so the fire company soaked it, and the black water is running down our street into the drain",
])
def test_black_water_off_a_fire_the_fire_company_fought_is_firefighting_water(text):
    reading = read_discharge(text)
    assert "sewage" not in read_question(text).keys
    assert reading.facets.water == "firefighting"


@pytest.mark.parametrize("text", [
    "can i empty the camper's black water tank into the storm drain at the campground",
    "the boat next to mine is pumping black water overboard by the outfall",
])
def test_a_tanks_black_water_stays_sewage(text):
    assert read_question(text).key == "sewage"


@pytest.mark.parametrize(
    "text",
    [
        "the compost heap at the farm down the road started smoldering and the fire company soaked it all night, the dark water ran to the storm drain. legal?",
        "the leaf pile by the curb caught fire and the fire department sprayed it down, the runoff went into the catch basin",
    ],
)
def test_what_burned_in_a_fire_fought_is_no_discharge_of_its_own(text):
    """The water that fought the fire is 'water from firefighting activities' in both texts."""
    reading = read_question(text)
    for slug in ("bayville", "poquott"):
        answer = answer_discharge(load_villages()[slug], reading.key, text)
        assert (answer.discharge, answer.verdict) == ("firefighting_water", "allowed"), slug


def test_a_pollutant_said_apart_from_the_fire_keeps_no_firm_badge():
    text = "a van caught fire on our block and the fire company put it out, now theres oily water in the catch basin. ok?"
    reading = read_question(text)
    for slug in ("bayville", "poquott"):
        assert answer_discharge(load_villages()[slug], reading.key, text).verdict == "not_named", slug


def test_a_thing_said_before_another_clause_about_a_fire_did_not_burn():
    text = "there was motor oil by the shed. later the shed caught fire and the fire department hosed it down into the drain"
    reading = read_question(text)
    for slug in ("bayville", "poquott"):
        assert answer_discharge(load_villages()[slug], reading.key, text).discharge != "firefighting_water", slug
