"""What a pipe into the storm sewer carries, read as evidently no exempt water (issue 27,
connection_carries.py). Wording is this file's own."""
from dataclasses import replace

import pytest

from stormwater.understanding.connection_carries import carries_unexempt, work_station
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.drain_connections import through_a_pipe


def carries(text):
    return carries_unexempt(text, read_discharge(text).facets)


@pytest.mark.parametrize(
    "text",
    [
        "the pipe from our shop carries the tank rinse water to the catch basin",  # a business's used water
        "a line takes the process water from the plant to the storm sewer",
        "the pipe under the lot carries shampoo water from the grooming area to the storm drain",  # soap by its plain word
        "the drain of the bait tank at the dock is piped to the catch basin",  # animals' matter
        "the paint booth at the body shop has a pipe into the storm drain",  # a work station's drain
        "the old cleaning table at the marina drains through a pipe into the storm sewer",
    ],
)
def test_what_is_evidently_no_exempt_water(text):
    assert carries(text)


@pytest.mark.parametrize(
    "text",
    [
        "a pipe from my yard to the storm drain",  # nothing said of the water
        "can i connect my dehumidifier line to the storm drain",
        "the sump pump line is tied into the storm drain",
        "the downspouts are piped into the catch basin",
        "my pressure washer pipe goes to the storm drain, no soap, only water",  # a denial: the rest may be exempt
        "the gas station has a pipe to the storm drain",  # a station of another kind
        "the rinse water from my garden boots is piped into the storm drain",  # a household's rinse water
        "the wash station by my garage drains through a pipe to the storm drain",  # ... and its wash station
        "we cool the ice machine with tap water and its line runs to the storm drain",  # used water, nothing said in it
        "the gutters on the kennel are piped into the storm drain",  # rain fell on the kennel
        "the roof drains of our horse barn are tied into the catch basin",
        "the water table is high so our basement pipe goes to the storm drain",
    ],
)
def test_what_could_be_exempt_reads_nothing(text):
    assert not carries(text)


def test_a_pollutant_read_in_the_water_is_no_exempt_water_unless_denied():
    facets = read_discharge("the pipe out back goes to the storm drain").facets
    assert not carries_unexempt("the pipe out back goes to the storm drain", facets)
    for contents in (("petroleum",), ("chemicals",), ("food",), ("soap", "sediment")):
        assert carries_unexempt("the pipe out back goes to the storm drain", replace(facets, contents=contents))
    assert not carries_unexempt("", replace(facets, contents=("soap",), denied=("soap",)))
    assert not carries_unexempt("", replace(facets, contents=("sediment", "salt")))
    assert not carries_unexempt("", replace(facets, contents=("used",)))  # cooling water may hold nothing


def test_a_station_word_needs_a_word_of_washing_or_working_before_it():
    assert work_station("the wash station by the barn".split())
    assert work_station("two cleaning tables".split())
    assert not work_station("the fire station down the road".split())
    assert not work_station("the picnic table".split())


@pytest.mark.parametrize(
    "text, said",
    [
        ("the wash rack at the detailing shop drains into the storm drain through an old pipe", True),
        ("everything from the prep area goes into the catch basin via a buried pipe", True),
        ("the soapy water runs into the storm drain through the hose", False),  # a hose is no pipe
        ("the rain goes into the storm drain through the grate", False),
        ("the pipe is behind the shed and the rain goes into the storm drain", False),  # the pipe is not the way in
    ],
)
def test_a_pipe_said_after_the_storm_sewer_as_the_way_in(text, said):
    assert through_a_pipe(text) is said
