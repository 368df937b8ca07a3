"""Round 43's lessons (issue 27, session 2026-12-06d): a fire's apparatus by its short name
("two engines"), sprinklers that went off in a fire, an appliance thrown into the MS4, a car wash
the children run as a trade, a signed paper letting them pump, and "i don't know if" as a hedge.
Wording is this file's own, not the blind sets'."""
import pytest

from tests.understanding.first_answer import first_answer
from stormwater.understanding.thrown_things import thrown_solid


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_engines_that_hosed_a_fire_down_make_its_water_firefightings(slug):
    text = "the brush along the tracks caught fire and three engines hosed it down, the water ran into the storm drain. legal?"
    assert first_answer(slug, text) == ("firefighting_water", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_sprinklers_that_went_off_in_a_fire_are_the_fires(slug):
    text = "there was a fire at the warehouse, the sprinklers went off and the fire dept sprayed it too, and the water ran into the catch basin. allowed?"
    assert first_answer(slug, text) == ("firefighting_water", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_an_appliance_shoved_into_the_grate_is_solid_waste_not_its_water(slug):
    text = "someone jammed an old fan and a broken air conditioner down the storm grate on our corner. can the village do anything"
    assert first_answer(slug, text) == ("trash", "prohibited")


@pytest.mark.parametrize("text", [
    "i shove the discharge hose into the catch basin and drain the pool",  # the hose is the way the pool goes
    "can i throw a bucket of pool water down the storm drain",  # a liquid said
])
def test_a_hose_or_a_liquid_put_into_the_drain_is_no_solid_thrown(text):
    assert not thrown_solid(text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_car_wash_the_children_run_for_the_neighbours_is_a_trade(slug):
    text = "my daughter and her friends run a car wash in our driveway every saturday for the neighbors, soap and all, to the street drain. ok?"
    assert first_answer(slug, text) == ("car_wash_commercial", "prohibited")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_signed_paper_letting_them_pump_is_the_smos_written_approval(slug):
    text = ("the marina basement flooded and the village stormwater officer signed a paper letting the contractor pump it into "
            "the storm drain till friday. so its legal?")
    assert first_answer(slug, text) == ("smo_approved_discharge", "conditional")


def test_not_knowing_whether_the_chlorine_was_taken_out_vouches_for_nothing():
    text = "the hotel is draining its pool into the catch basin, i dont know if they took the chlorine out first. allowed?"
    assert first_answer("bayville", text) == ("pool_water", "conditional")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_dye_tablets_flushed_to_learn_where_the_sinks_go_are_a_dye_test(slug):
    text = ("the church wants to know where its basement sinks drain, so the plumber is flushing dye tablets down them and "
            "watching the catch basin out front. he will call the village stormwater officer first. ok?")
    assert first_answer(slug, text) == ("dye_test", "conditional")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_car_wash_with_an_spdes_permit_and_the_smos_letter_is_the_permit_rule_not_asked_whose(slug):
    text = ("the express car wash by the highway says its overflow goes to the village storm sewer under its spdes permit, "
            "with a letter from the stormwater officer approving it. is that allowed?")
    assert first_answer(slug, text) == ("spdes_permitted", "conditional")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_car_rental_place_washing_its_cars_is_a_business(slug):
    text = "the car rental place by the train station washes its returned cars in the lot, soapy water to the storm drain. allowed?"
    assert first_answer(slug, text) == ("car_wash_commercial", "prohibited")
    assert first_answer(slug, "i washed my rental car in my driveway before returning it, ok?") == ("car_wash_residential", "allowed")


def test_raw_meat_thaw_water_is_poquotts_listed_biological_material():
    text = "i thaw raw chicken for the dogs in a cooler of water and dump the pink water on the driveway to the storm drain. problem?"
    assert first_answer("poquott", text) == ("listed_pollutant", "prohibited")


@pytest.mark.parametrize("text", [
    "i want to report my neighbor, he dumps stuff down the storm drain all the time",  # "stuff" the noun
    "a drop of oil went down the storm drain",  # "drop" the noun
])
def test_a_verb_that_is_a_noun_too_throws_nothing_without_its_object(text):
    from stormwater.understanding.thrown_things import thrown_away
    assert not thrown_away(text)


def test_a_list_of_things_tossed_into_the_catch_basin_is_one_object():
    from stormwater.understanding.thrown_things import thrown_object
    assert thrown_object("he tossed the plastic, the glass and the mirror into the catch basin") == "the plastic , the glass and the mirror"
