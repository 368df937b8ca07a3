"""Issue 27 round 8: rain or roof runoff said to hold natural debris ("with", "full of", a list
in parentheses after it) is the thing discharged, stormwater with something in it, never the
debris on its own; an act on the debris ("I blow leaves into the drain when it rains") is still
the debris. Sentences are this file's own."""
import pytest

from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.said_contents import parenthesised_contents
from stormwater.understanding.water_qualifiers import STORMWATER_WITH


@pytest.mark.parametrize(
    "text",
    [
        "the roof water with maple seeds and pollen runs to the curb, ok?",
        "our gutter water full of pine needles and twigs goes down the driveway to the street, allowed?",
        "the roof runoff (grit, oak leaves, pollen) spills onto the road, is that fine?",
        "the diverter spits the early roof water (grit, catkins) onto the road, only rain isn't it?",
    ],
)
def test_rain_said_to_hold_natural_debris_is_stormwater_with_something_in_it(text):
    reading = read_discharge(text)
    assert reading.facets.water == STORMWATER_WITH


@pytest.mark.parametrize(
    "text, key",
    [
        ("I blow the leaves into the drain whenever it rains, ok?", "yard_waste"),
        ("rain washes my topsoil pile into the street, is that a problem?", "sediment"),
        ("can i sweep the grass clippings into the storm drain before it rains?", "yard_waste"),
    ],
)
def test_an_act_on_the_debris_is_still_the_debris(text, key):
    reading = read_discharge(text)
    assert reading.key == key and reading.facets.water != STORMWATER_WITH


@pytest.mark.parametrize(
    "text, expected",
    [
        ("the roof water (dust, leaves) runs off", "the roof water with dust, leaves, runs off"),
        ("my pump (a rental) runs all day", "my pump (a rental) runs all day"),
        ("the runoff(grit) goes", "the runoff with grit, goes"),
    ],
)
def test_only_a_list_after_a_water_reads_as_what_it_holds(text, expected):
    assert parenthesised_contents(text) == expected
    assert parenthesised_contents(expected) == expected

