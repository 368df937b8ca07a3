"""Category words a resident uses for what is in the water (issue 27, session 2026-12-05b): what
a plant is fed is a fertilizer, a test reagent is a chemical (a pool's own treatment chemicals stay the pool water's), a commode's waste is sewage, urine
is a biological material; a vehicle word that names another thing ("the car seat cover") is no
vehicle washed. Wording is this file's own, not the blind sets'."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.understanding.catalogue import normalize
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.word_roles import washes_a_vehicle
from tests.understanding.first_answer import first_answer


_first = first_answer


@pytest.mark.parametrize("text, category", [
    ("i mix nutrients into the watering can for my balcony herbs and the extra drips down to the gutter", "lawn_chemicals"),
    ("the hydroponic tubs get nutrients every week and i empty them at the curb", "lawn_chemicals"),
    ("the lab tech pours the leftover test reagents into the parking lot drain", "chemicals"),
])
def test_what_a_plant_is_fed_or_a_test_reagent_is_read_as_its_category(text, category):
    assert category in read_discharge(text).facets.contents


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_commodes_waste_rinsed_to_the_drain_is_sewage_in_the_water(slug):
    text = "i empty grandma's bedside commode and rinse it with the hose on the lawn, it runs to the storm drain, ok?"
    assert _first(slug, text) == ("polluted_water", "prohibited")


def test_urine_hosed_to_the_drain_is_a_listed_biological_material_in_poquott_and_never_exempt():
    text = "the kennel hoses the dog urine off the runs into the street drain, allowed?"
    assert _first("poquott", text) == ("listed_pollutant", "prohibited")
    assert _first("bayville", text)[1] not in ("allowed", "conditional")


@pytest.mark.parametrize("text, vehicle", [
    ("i scrubbed the car seat cover in the driveway and hosed it off", False),
    ("washing the truck mats on the lawn", False),
    ("washing my truck in the driveway", True),
    ("i hosed off the car after the beach", True),
])
def test_a_vehicle_word_naming_another_thing_is_no_vehicle_washed(text, vehicle):
    assert washes_a_vehicle(normalize(text)) is vehicle


def test_a_key_found_by_meaning_alone_yields_to_what_the_words_say_is_in_the_water():
    text = "i took the car seat cover off, scrubbed it with a bathroom cleaner on the driveway and hosed it off into the street. fine?"
    assert discharge_question(text, ["car wash"])["keys"] == []
    assert discharge_question("washing my car in the driveway with soap, fine?", ["car wash"])["keys"] == ["car_wash_residential"]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "the rv dump station at the county park overflows every holiday weekend and runs into the gutter, is that allowed",
    "a coach driver emptied the lavatory tank right over the catch basin in the commuter lot, can he do that",
])
def test_a_dump_station_or_a_coach_lavatory_holds_sewage(slug, text):
    # RV and coach waste is the ordinances' sewage ("treated or untreated sewage" in Poquott's § 132-3)
    assert _first(slug, text) == ("sewage", "prohibited")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_condensation_is_air_conditioning_condensate_only_from_an_air_conditioner(slug):
    # the texts exempt "air-conditioning condensate": water condensing on anything else is not named
    assert _first(slug, "water from condensation on our walk-in freezer line runs to the lot drain, allowed?") == (None, "not_named")
    assert _first(slug, "the radon vent pipe drips condensation all winter onto the driveway and into the gutter, ok?") == (None, "not_named")
    assert _first(slug, "the condensation from my AC drips to the street, ok?") == ("ac_condensate", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "after the block party they hosed the food scraps off the tables into the catch basin, is that ok",
    "can i rinse the melon rinds and peels off the patio into the gutter",
])
def test_food_scraps_are_garbage(slug, text):
    # the putrescible part of solid waste: Poquott's § 132-3 names "garbage" among pollutants
    assert _first(slug, text) == ("trash", "prohibited")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_rain_named_beside_what_it_carries_off_a_bin_is_no_plain_rainwater(slug):
    # the food scraps are what the rain carries (stormwater with something in it: the text does not say)
    text = "our food scraps bin by the steps leaks a brown stinky juice after all the rain and it runs into the street drain, ok?"
    assert _first(slug, text) == (None, "not_named")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_groundwater_off_a_field_said_fertilized_is_no_plain_groundwater(slug):
    # what the land is fed is in the water it drains: the texts' "uncontaminated" is not said
    text = "the orchard next door fertilizes a lot and its drain tile pipe spills groundwater into our road ditch, allowed?"
    assert _first(slug, text)[1] == "not_named"
    assert _first(slug, "groundwater from the drain tile under the field runs into the road ditch to the storm drain, allowed?") == \
        ("groundwater", "allowed")
