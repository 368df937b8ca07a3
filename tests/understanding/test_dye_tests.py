"""A dye test told as wanted, scheduled or being done ("the lender wants a septic dye test") is a
dye test told; a question about what one is, is not (issue 27). Wording is this file's own."""
import pytest

from stormwater.understanding.dye_tests import dye_test_told


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
