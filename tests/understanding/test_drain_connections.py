"""A drain, fixture or pipe said to be joined to the storm sewer (issue 27): the connection is
what is asked about, read by what it drains. Wording is this file's own."""
import pytest

from stormwater.understanding.drain_connections import FIXTURE, FLOOR, connected_drain, joined_to_ms4


@pytest.mark.parametrize(
    "text",
    [
        "the drain in the middle of my workshop floor runs right out to the storm drain by the curb, only rain gets tracked in",
        "my basement floor drain empties into the village storm sewer, its just melted snow off the boots",
        "the old shop drain in our garage is hooked into the catch basin out front, nothing but rainwater goes in it",
        "years ago someone tied the drain in the barn slab to the street drain; all it ever gets is slush",
        "the basement drains at my rental run into the storm sewer, only a little rain gets in",  # plural
    ],
)
def test_an_interior_floor_drain_joined_to_the_storm_sewer_is_read_whatever_water_is_claimed(text):
    assert connected_drain(text) == FLOOR


@pytest.mark.parametrize(
    "text",
    [
        "the plumber would tie the drain from the espresso counter into the storm main instead of the sewer, it's clean water",
        "the bar sink in the back drains straight into the storm sewer",
        "can the shower in the locker room empty into the catch basin? only rinse water",
        "we'd like to run the drain line of the rinse station to the storm pipe rather than the septic",
    ],
)
def test_an_indoor_fixtures_drain_joined_to_the_storm_sewer_is_read(text):
    assert connected_drain(text) == FIXTURE


@pytest.mark.parametrize(
    "text",
    [
        "the rain goes down the storm drain, is that ok?",  # no drain of a building: rain itself
        "the floor drain in my garage is plugged, is that a problem?",  # no connection said
        "my garage floor drain goes to a drywell in the yard",  # not the storm sewer
        "our basement floor drain is connected to the sanitary sewer",
        "the floor drain never went to the storm sewer, it goes to the septic tank",  # denied
        "the sump line is tied into the catch basin",  # a water the law's list names: its own rules
        "the downspout is hooked into the storm sewer",  # rain's leader, no indoor drain
        "the drain out by the patio runs to the storm drain",  # no floor, fixture nor sanitary sewer said
    ],
)
def test_no_indoor_drain_connection_is_read_without_an_indoor_drain_joined_to_the_storm_sewer(text):
    assert connected_drain(text) is None


@pytest.mark.parametrize(
    "text, joined",
    [
        ("the excavator plans to hook the new foundation drain tile directly into the catch basin", True),
        ("we want to connect the perimeter drain of our addition to the storm drain in the street", True),
        ("the contractor will run the footing drain pipe straight into the storm main", True),
        ("the rain goes down the storm drain", False),
        ("the pipe is not connected to the storm drain", False),
        ("my sump pump hose goes to the gutter", False),
    ],
)
def test_a_conduit_joined_to_the_storm_sewer_is_a_connection_whatever_it_drains(text, joined):
    assert joined_to_ms4(text) is joined
