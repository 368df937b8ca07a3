"""Round 41's lessons (issue 27, session 2026-12-06d): a thing got rid of into the MS4 that no
word names is solid waste; Poquott § 132-3's "munitions" said as bullets and shells; a business
word that only says whose one car it is makes no business washing. Wording is this file's own,
not the blind sets'."""
import pytest

from tests.understanding.first_answer import first_answer
from stormwater.understanding.thrown_things import thrown_away


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_broken_thing_jammed_down_the_catch_basin_is_solid_waste(slug):
    text = "the snow plow guy cracked his blade bracket and shoved the busted part into the catch basin by the school. allowed?"
    assert first_answer(slug, text) == ("trash", "prohibited")


@pytest.mark.parametrize("text", [
    "my son tossed an old bike helmet through the storm grate",
    "can we just chuck the old fence post down the storm drain",
])
def test_verbs_of_getting_rid_of_a_thing_into_the_ms4_are_read(text):
    assert thrown_away(text)


@pytest.mark.parametrize("text", [
    "i dropped my keys down the storm drain, can someone get them",  # an accident, no getting rid of
    "we threw the ball in the yard and the rain went down the storm drain",  # the throwing is not into the drain
    "they toss it in the truck, then hose the lot into the storm drain",  # the clause ends before the drain
    "can i dump the kiddie pool water down the storm drain",  # a liquid's verb
])
def test_no_getting_rid_of_a_thing_is_read_where_none_is_said(text):
    assert not thrown_away(text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_liquid_thrown_down_the_drain_is_still_read_by_its_name(slug):
    text = "can i throw a bucket of pool water down the storm drain"
    assert first_answer(slug, text)[0] != "trash"


def test_bullets_and_shotgun_shells_are_poquotts_listed_munitions():
    text = "found a coffee can of old shotgun shells in the shed, can i just bury them in the catch basin out front"
    assert first_answer("poquott", text)[1] == "prohibited"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_company_car_washed_at_home_by_its_driver_is_individual_residential_car_washing(slug):
    text = "my boss gives me a company car, and i wash it at home in my own driveway with the hose and a bucket. rinse goes to the curb drain. ok?"
    assert first_answer(slug, text) == ("car_wash_residential", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_company_car_wash_and_a_fleet_are_still_a_business_washing(slug):
    assert first_answer(slug, "the company car wash fundraiser drains to the storm drain, ok?") == ("car_wash_commercial", "prohibited")
    assert first_answer(slug, "we wash our company cars in the lot every friday, rinse to the storm drain, ok?")[1] != "allowed"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_groundwater_pumped_out_full_of_clay_is_open_without_asking_whats_in_it(slug):
    from stormwater.understanding.meaning import read_question
    text = ("the well driller is pumping groundwater out of the new hole and it comes out brown with clay, across the lawn "
            "into the storm drain. its only groundwater?")
    assert read_question(text).clarify is None
    assert first_answer(slug, text) == ("pumped_groundwater", "not_named")


def test_brown_groundwater_with_nothing_said_in_it_is_still_asked():
    from stormwater.understanding.meaning import read_question
    assert read_question("the groundwater we pump from the hole comes out brown, to the storm drain, ok?").clarify == "water_contents"
