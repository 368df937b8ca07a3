"""A dye test told as wanted, scheduled or being done ("the lender wants a septic dye test") is a
dye test told; a question about what one is, is not (issue 27). Wording is this file's own."""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.dye_tests import dye_test_told
from stormwater.understanding.meaning import read_question


@pytest.mark.parametrize(
    "text",
    [
        "the home inspector wants a septic dye test before closing, some dye might reach the street drain. do i need to tell anyone?",
        "the village scheduled a dye test of our sewer lateral next week, the curb inlet is right there. is that ok",
        "our plumber is doing the dye test on the floor drains thursday, do we need permission",
        "i want to pour tracing dye in the downspout to see where it comes out",
    ],
)
def test_a_dye_test_wanted_or_planned_is_told(text):
    assert dye_test_told(text), text


@pytest.mark.parametrize(
    "text",
    [
        "what is a dye test exactly?",
        "would flushing dye down the toilet be considered a dye test",
        "i spilled a bottle of fabric dye on the driveway",
    ],
)
def test_no_dye_test_is_told(text):
    assert not dye_test_told(text), text


@pytest.mark.parametrize(
    "text",
    [
        "nobody knows where the old shop sink goes, so the plumber will squirt tracer dye down it to see if it comes out in the street drain. ok?",
        "the home inspector wants to run dye through the laundry drain to find out where it ends up, might show up in the catch basin",
    ],
)
def test_a_dye_test_told_is_the_thing_asked_whatever_drain_it_runs_through(text):
    """Both texts allow dye testing with a verbal notice to the SMO before the test."""
    reading = read_question(text)
    assert reading.keys == ("dye_test",)
    for slug in ("bayville", "poquott"):
        assert answer_discharge(load_villages()[slug], reading.key, text).verdict == "conditional", slug


@pytest.mark.parametrize(
    "text",
    [
        "the inspector flushed dye down the toilet to see where it goes and it came out in the catch basin. what happens now?",
        "when the plumber puts dye down our toilet it shows up in the storm drain, is that illegal?",
    ],
)
def test_a_dye_test_whose_result_is_told_asks_about_what_it_found(text):
    """A toilet the dye traced to the storm sewer is the question, never the dye test's
    'allowed with notice' badge."""
    assert not dye_test_told(text)
    reading = read_question(text)
    assert "dye_test" not in reading.keys
    for slug in ("bayville", "poquott"):
        assert answer_discharge(load_villages()[slug], reading.key, text).verdict != "conditional", slug
