"""Water that carries something is no plain exemption (issue 27, round 11): rain that looks of
what it picked up, a surface hosed off with what covers it said, and a colour of water that
holds something other than sewage. The wording is this file's own, not the blind sets'."""
import pytest

from stormwater.understanding.catalogue import normalize
from stormwater.understanding.discharge_reader import raw_words, read_discharge
from stormwater.understanding.water_looks import colour_of_water
from stormwater.understanding.water_qualifiers import STORMWATER_WITH, USED, used_water
from stormwater.understanding.water_use import surface_hosed_off
from tests.understanding.first_answer import first_answer


_first = first_answer


@pytest.mark.parametrize("text", [
    "we scooped the rainwater out of the batting cage pit, it was brown and gritty from the clay. can it go in the street drain?",
    "the rain water in my wheelbarrow is all rusty from sitting, can I tip it into the gutter?",
    "after the storm the rain water in the dumpster came out greenish and it smells. ok to let it drain to the catch basin?",
])
def test_rain_said_to_look_of_something_picked_up_is_stormwater_with_something(text):
    assert read_discharge(text).facets.water == STORMWATER_WITH
    for slug in ("bayville", "poquott"):
        assert _first(slug, text)[1] == "not_named"


@pytest.mark.parametrize("text", [
    "can I empty my rain barrel into the street drain? the rain water is clear",
    "the rain water from my gutters is clean, can it run to the street?",
    "can rainwater from my roof go to the storm drain",
])
def test_rain_with_its_own_look_or_none_said_stays_rain(text):
    assert read_discharge(text).facets.water != STORMWATER_WITH
    for slug in ("bayville", "poquott"):
        assert _first(slug, text) == ("rainwater", "allowed")


@pytest.mark.parametrize("text", [
    "the crows left our shed roof covered in feathers and berries, if i hose the roof off is that ok",
    "the patio is caked with mud from the party. we are hosing down the patio into the yard drain",
    "our awning is coated with pollen and sap. can i hose it off into the gutter?",
])
def test_a_surface_hosed_off_with_what_covers_it_said_is_used_water(text):
    raw = raw_words(text)
    assert surface_hosed_off(raw)
    assert used_water(raw)
    assert USED in read_discharge(text).facets.contents


@pytest.mark.parametrize("text", [
    "i hose the roof off every spring, ok?",
    "the deck is covered with water after the storm, can i hose it off",
    "the hose the neighbor left is covered in mud",
    "my roof is covered with moss",
])
def test_no_surface_hosed_or_nothing_said_on_it_is_no_hosing_off(text):
    assert not surface_hosed_off(raw_words(text))


def test_a_hosed_roof_going_down_the_gutters_is_no_rain():
    text = "pigeons covered our garage roof with mess and feathers. if i hose the roof off it all goes down the downspout to the street drain, ok?"
    reading = read_discharge(text)
    assert reading.facets.water == "potable" and USED in reading.facets.contents
    for slug in ("bayville", "poquott"):
        assert _first(slug, text)[1] == "not_named"
    # rain off the same roof is still rain
    assert _first("bayville", "can rain off my garage roof go down the downspout to the street drain") == ("rainwater", "allowed")


@pytest.mark.parametrize("text, held", [
    ("the quench barrel is black water full of rust", True),
    ("it turned into black water with metal bits in it", True),
    ("pour the black water full of sawdust out", True),
    ("dump the camper's black water", False),
    ("black water full of toilet paper", False),
    ("black water from the rv", False),
])
def test_a_colour_of_water_holding_something_is_a_look(text, held):
    norm = normalize(text)
    assert colour_of_water(norm, norm.index("black water")) is held


def test_black_water_as_a_look_names_no_sewage_but_a_black_tank_does():
    looked = "my forge quench tub is black water full of rust and iron scale, just tap water really. can i empty it at the curb drain?"
    assert _first("bayville", looked)[1] == "not_named"
    assert _first("poquott", looked)[1] == "not_named"
    for text in ("can i dump the rv black water in the storm drain", "can i empty the black tank into the street drain"):
        assert _first("bayville", text) == ("sewage", "prohibited")
