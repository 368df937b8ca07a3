"""Round 44 and 45's lessons (issue 27, session 2026-12-06e): the ground a place is made of
("a dirt floor basement") is no dirt discharged; a word's ending says it is a pesticide
("fungicide"); "water it" is watering; a parking lot's drains run into the storm sewer are a connection. Wording is this file's own, not the blind sets'."""
import pytest

from stormwater.understanding.discharge_reader import read_discharge, read_facets
from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("place", ["dirt floor basement", "gravel parking lot", "dirt crawl space"])
def test_the_ground_a_place_is_made_of_is_not_the_thing_discharged(place):
    reading = read_discharge(f"our {place} gets groundwater in it every spring and the sump pump sends it to the street drain")
    assert reading.key != "sediment" or reading.facets.role is not None


def test_groundwater_pumped_from_a_dirt_floor_basement_is_the_sump_pumps_in_poquott():
    text = "our old farmhouse has a dirt floor basement and groundwater seeps up every spring, the sump pump sends it out to the street drain. ok?"
    assert first_answer("poquott", text) == ("sump_pump", "allowed")
    assert first_answer("bayville", text)[0] != "sediment"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_dirt_hosed_into_the_drain_is_still_sediment(slug):
    assert first_answer(slug, "can i hose the dirt from my garden bed into the storm drain?") == ("sediment", "prohibited")


def test_a_word_ending_in_cide_is_a_pesticide_unless_a_list_names_it():
    assert "lawn_chemicals" in read_facets("they sprayed a fungicide on the new turf").contents
    assert "lawn_chemicals" in read_facets("a miticide on the roses").contents
    assert "lawn_chemicals" in read_facets("no fungicide, just water").denied
    facets = read_facets("we put algaecide in the fountain")
    assert "chemicals" in facets.contents and "lawn_chemicals" not in facets.contents
    assert read_facets("the homicide detectives hosed the driveway").contents == ()  # no pest killed


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_lawn_watering_after_a_fungicide_is_no_plain_lawn_watering(slug):
    text = "the lawn guy sprayed a fungicide on the grass and then the sprinklers came on, the runoff goes down to the storm drain. is that allowed?"
    assert first_answer(slug, text) == (None, "not_named")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_water_it_said_of_new_sod_is_lawn_watering(slug):
    text = "the nursery said water it twice a day, the new sod, and the extra runs down to the storm drain. is that ok"
    assert first_answer(slug, text) == ("lawn_watering", "allowed")


def test_water_as_a_noun_before_it_is_no_watering():
    from stormwater.understanding.watered_objects import plants_watered
    assert plants_watered("the water it leaves on the lawn runs off") is None


def test_lot_drains_run_into_the_storm_sewer_are_a_connection_in_bayville():
    text = "the builder wants to tie the new parking lot drains straight into the village storm sewer, its only rain. do we need a permit"
    assert first_answer("bayville", text) == ("piped_stormwater", "conditional")
    assert first_answer("poquott", text) == ("rainwater", "allowed")


# --- round 46's lessons ------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_fire_started_and_soaked_by_the_fire_company_is_firefighting(slug):
    text = "a kid with fireworks started a brush fire in the empty lot, the fire company came and soaked it and the water ran to the catch basin. problem?"
    assert first_answer(slug, text) == ("firefighting_water", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_the_laundry_room_is_where_the_hose_bib_is_not_the_washing_machines_water(slug):
    text = "i drained the water heater through the hose bib in the laundry room, plain tap water, out to the street drain. ok?"
    assert first_answer(slug, text)[0] != "washing_machine"


def test_what_the_resident_paid_a_car_wash_does_not_reopen_whose_washing_it_is():
    from stormwater.understanding.meaning import read_question
    text = "im sick of paying 20 bucks at the car wash place. now i wash my own car in the driveway, the suds go to the drain. fine?"
    assert read_question(text).clarify is None
    assert read_question("the neighborhood kids wash cars in our driveway, they charge $5 a car. the suds go to the drain").clarify == "car_wash_owner"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_spigot_named_where_sand_was_rinsed_does_not_vouch_for_the_sand(slug):
    text = "after the beach we rinse the chairs at the spigot and shovel the sand pile into the catch basin. ok?"
    assert first_answer(slug, text) == ("sediment", "prohibited")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_just_hose_water_beside_a_prohibited_word_is_no_firm_badge(slug):
    text = "the roofer found a paint stain on the ceiling so he runs the garden hose over the roof for an hour. its just hose water, fine right?"
    assert first_answer(slug, text)[1] == "not_named"


# --- round 47's lessons ------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_litter_picked_up_then_the_street_hosed_is_street_wash(slug):
    text = "after the yard sale we picked up all the litter, then hosed down the street in front of our house into the drain. ok?"
    assert first_answer(slug, text) == ("street_wash", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_leaves_swept_up_then_hosed_into_the_drain_are_still_discharged(slug):
    assert first_answer(slug, "we swept up the leaves, then hosed them into the drain") == ("yard_waste", "prohibited")


def test_what_a_water_smells_like_is_no_water_of_its_own():
    from stormwater.understanding.water_looks import likened_away
    assert likened_away("It smells like a pool") == "It smells like a     "
    assert likened_away("it smells like gas") == "it smells like gas"  # what may be in it stays
    assert read_discharge("the hydrant has been running an hour and smells like a pool").facets.water != "pool"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_flushed_hydrant_that_smells_like_a_pool_is_still_flushing(slug):
    text = "the water company is flushing the hydrant on our corner, its been running an hour and smells like a pool. allowed?"
    assert first_answer(slug, text) == ("water_line_flushing", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_cups_raked_into_the_catch_basin_are_solid_waste(slug):
    text = "after the 5k the volunteers raked the piles of paper cups into the catch basin. is that a violation"
    assert first_answer(slug, text) == ("trash", "prohibited")


def test_what_a_waters_colour_comes_from_is_no_thing_discharged():
    from stormwater.understanding.material_kinds import kind_spans
    assert kind_spans("it pours out the seams brown from the wood and runs to the drain") == []
