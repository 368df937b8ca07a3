"""A street washed is street wash water (street_washing.py). Wording is this file's own."""
import pytest

from stormwater.understanding.catalogue import normalize
from stormwater.understanding.street_washing import washes_a_street
from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("text", [
    "the scouts scrub our street with brooms and plain water before the parade",
    "we hose down the block after the cookout",
    "every spring i rinse off my road in front of the house",
])
def test_a_verb_of_washing_with_a_street_for_object_washes_a_street(text):
    assert washes_a_street(normalize(text))


@pytest.mark.parametrize("text", [
    "can i wash the road salt off my car",  # the street's noun names the salt
    "i scrub the pots out on the street",  # the street is where, not what is washed
    "we walked down our street after the storm",  # no washing
    "can i just hose the rangoli powder into the street",  # where it goes, not what is washed
])
def test_no_street_washed(text):
    assert not washes_a_street(normalize(text))


def test_a_residential_street_scrubbed_with_plain_water_is_the_exempt_street_wash():
    text = "the kids scrub our street with buckets of plain water before the block party, it runs to the storm drains. ok?"
    for slug in ("bayville", "poquott"):
        assert first_answer(slug, text)[1] == "allowed", slug


def test_a_road_before_what_is_cleaned_names_no_street_washed():
    text = "i'm cleaning the winter road sand off my sidewalk, can i sweep it into the storm drain?"
    assert first_answer("bayville", text) == ("sediment", "prohibited")
