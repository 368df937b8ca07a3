"""The water of a fire fought carries what burned and what it swept along ("battery junk",
"mud and debris"): both texts exempt "water from firefighting activities", so a solid named
beside a fire fought is that water's, not a discharge of its own (issue 27). With no fire
fought, a fire service's water over a solid is that solid's. A fire told in the past
("flared back up", "burned last night") is a fire. Wording is this file's own."""
import pytest

from stormwater.law.villages import get_village
from tests.law.answers import verdicts


def answered(slug, text):
    """The first (discharge, verdict) the help desk answers ``text`` with in village ``slug``."""
    return verdicts(get_village(slug), text)[0]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "a truck battery caught fire on our street and the fire dept hosed it for an hour, with all that battery junk in it the water went into the drain. is that legal",
    "the shed burned last night, the fire company soaked it and now mud and debris washed into the catch basin, legal?",
    "the diner caught fire overnight, fire trucks poured water on it for hours. now gray water with soot runs down the street into the drains. is that legal",
    "the scooter battery kept flaring back up so the fire trucks sprayed it for an hour, the runoff full of junk went down the storm drain. allowed?",
])
def test_a_solid_beside_a_fire_fought_is_the_fire_waters(slug, text):
    assert answered(slug, text) == ("firefighting_water", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_fire_services_water_over_a_solid_with_no_fire_is_the_solids(slug):
    assert answered(slug, "the fire department hosed the mud off the road into the drain, ok?") == ("sediment", "prohibited")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_gray_water_with_no_fire_is_still_laundry_water(slug):
    assert answered(slug, "the gray water with lint from my washing machine goes to the gutter, ok?")[0] == "washing_machine"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_fire_told_in_texting_style_is_a_fire_fought(slug):
    text = "the shed went up in flames last nite, fire co sprayed it 2 hrs, black runoff w/ junk went in the storm drain. r they in trouble?"
    assert answered(slug, text) == ("firefighting_water", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "the barn burned down, it had bags of fertilizer and a drum of motor oil in it, the fire company hosed it all night and the runoff went to the catch basin. legal?",
    "the pool supply shed caught fire and the firemen sprayed it for an hour, the water full of pool chemicals ran down into the storm drain, is that allowed",
])
def test_chemicals_in_the_water_of_a_fire_fought_leave_the_exemption_open(slug, text):
    """The texts exempt "water from firefighting activities" and do not say whether the exemption
    stays with water carrying what was stored where the fire was fought (fertilizer, oil, pool
    chemicals): not named, never a "Not allowed" that ignores the exemption nor a plain "Allowed"."""
    assert all(verdict == "not_named" for _, verdict in verdicts(get_village(slug), text)), text


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_spill_a_fire_service_flushes_with_no_fire_is_still_the_spills(slug):
    assert answered(slug, "the fire dept flushed the gasoline spill into the storm drain with a hose") == ("motor_oil", "prohibited")
