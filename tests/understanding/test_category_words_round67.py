"""Issue 27, round 67: what a thing is cleaned with is a product in its water ("descaled the
coffee urn with the citric powder"), and a thing watered into a lawn is carried by the lawn's
water ("spread the milky spore and watered it in"): neither is the exemption's water as it came.
Written in new words of our own, from the causes of round 67's misses (the set itself is not
quoted)."""
import pytest

from stormwater.understanding.added_things import thing_added
from tests.understanding.first_answer import turn_verdicts as verdicts


@pytest.mark.parametrize("text", [
    "we descaled the coffee urn at the church hall with the citric powder, then dumped the tap water out the side door to the drain",
    "sanitizing the soda fountain lines at my shop with the quat tablets, it drains out back to the alley catch basin, only tap water right",
])
@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_water_a_thing_was_cleaned_with_a_product_in_is_no_plain_tap_water(slug, text):
    assert thing_added(text)
    assert ("water_line_flushing", "allowed") not in verdicts(slug, text)


@pytest.mark.parametrize("text", [
    "cleaned the gutters with a brush and a hose, just water, it went down the downspout to the street",
    "scrubbing the deck with my son this weekend, only water, it runs off to the storm drain",
    "i clean the patio with plain water and a push broom",
    "we cleaned the basement after the flood",
])
def test_a_tool_a_person_or_water_cleaned_with_is_no_product(text):
    assert not thing_added(text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_thing_watered_into_the_lawn_is_carried_by_its_water(slug):
    text = "spread the milky spore on the front lawn and watered it in well, a bunch ran down the curb to the drain. is that a problem"
    assert thing_added(text)
    assert ("lawn_watering", "allowed") not in verdicts(slug, text)


@pytest.mark.parametrize("text", [
    "i water the lawn in the morning and some runs down the driveway",
    "watered them in the evening when it was cool",
    "the sprinklers water the beds in front of the house",
])
def test_watering_in_a_time_or_a_place_waters_nothing_in(text):
    assert not thing_added(text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_plain_lawn_watering_stays_allowed(slug):
    assert verdicts(slug, "i water the lawn in the morning and some runs down the driveway into the drain, ok?") == [
        ("lawn_watering", "allowed")]
