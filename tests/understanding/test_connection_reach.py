"""A pipe said to lead into the storm sewer with a long object between (issue 27): articles and
possessives do not count toward the reach from the pipe word to the MS4, so a described water
("the warm rinse water from our two ice machines") still makes a connection. Wording is this
file's own."""
import pytest

from stormwater.understanding.exemption_water import piped_into_ms4


@pytest.mark.parametrize(
    "text",
    [
        "we plan to pipe the warm rinse water from our ice machines into the storm drain by the door",
        "can i hook the drain hose of my basement dehumidifier into the catch basin at the curb",
        "they piped the overflow from the big koi pond behind their garage into the storm sewer",
    ],
)
def test_a_pipe_with_a_long_object_still_leads_into_the_ms4(text):
    assert piped_into_ms4(text), text


@pytest.mark.parametrize(
    "text",
    [
        "we pipe the water from the ice machines out to the lawn, and the storm drain is across the street",
        "the drain pipe of my dehumidifier ends near the lawn sprinklers by the walkway next to the storm drain",
        "we did not pipe the condensate from the big rooftop units into the storm sewer",
        # let out onto a surface first, then running to the drain: overland, no connection
        "the condensate drips out a short pipe onto the blacktop and runs to the catch basin",
    ],
)
def test_no_pipe_into_the_ms4_when_it_leads_elsewhere_or_is_denied(text):
    assert not piped_into_ms4(text), text
