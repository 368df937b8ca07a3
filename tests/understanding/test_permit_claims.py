"""A permit said to be held is a facet of the discharge; one asked about is not (issue 27)."""
import pytest

from stormwater.understanding.discharge_reader import read_facets


@pytest.mark.parametrize("text", [
    "the bottling plant runs its rinse water to the ditch, they hold a SPDES permit",
    "our contractor says he has a DEC permit for the dewatering, so it's fine?",
    "the quarry pipes its wash water to the creek. they have a state permit. anything else they need?",
])
def test_a_permit_said_to_be_held_is_read(text):
    assert read_facets(text).permits == ("spdes",)


@pytest.mark.parametrize("text", [
    "do i need a state permit to drain the hot tub",
    "is a SPDES permit required for washing trucks in the yard?",
    "how do we get a DEC permit for the pond overflow",
    "they pump it out without a state permit",
])
def test_a_permit_asked_about_or_denied_is_not(text):
    assert read_facets(text).permits == ()
