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
