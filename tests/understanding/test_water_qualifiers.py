"""Qualifiers that take a water out of the category its name suggests (issue 27). The wording
is this file's own, not the blind sets'."""
import re

import pytest

from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.law.villages import get_village
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.meaning import read_question
from stormwater.understanding.water_qualifiers import drained_through_outlet, makeshift_pool, sanitary_overflow, stormwater_with, used_water
from tests.understanding.first_answer import first_answer


_first = first_answer


def test_a_pool_for_animals_or_made_of_something_else_is_no_swimming_pool():
    assert makeshift_pool("we fill a stock tank as a pool for the kids")
    assert makeshift_pool("the dog pool in the yard")
    assert not makeshift_pool("we drain the swimming pool every fall")
    # Bayville's exemption is for "dechlorinated swimming pool discharges": not named;
    # Poquott's § 132-3 lists pool water, whatever holds it
    assert _first("bayville", "can I dump the horse's pool water in the gutter")[1] == "not_named"
    assert _first("poquott", "can I dump the horse's pool water in the gutter") == ("pool_water", "prohibited")
    assert _first("bayville", "can I drain my swimming pool to the street")[1] == "conditional"


def test_stormwater_gone_foul_or_with_salt_in_it_is_not_named_never_allowed_nor_not_allowed():
    assert stormwater_with("the snow pile melts with grit and road salt in it")
    for slug in ("bayville", "poquott"):
        assert _first(slug, "the water in my rain barrel is stagnant and full of algae, can I dump it in the gutter?")[1] == "not_named"
        assert _first(slug, "the plowed snow melts with road salt and grit into the catch basin, is that ok")[1] == "not_named"
        assert _first(slug, "can my rain barrel overflow to the street?")[1] == "allowed"


def test_what_moves_the_rain_after_with_is_no_contents_of_it():
    # "with a buried pipe" says how the rain gets there, not what is in it
    assert not stormwater_with("we led the rain water to the back with a buried pipe")
    assert not stormwater_with("the runoff goes to the swale with a short hose")
    assert stormwater_with("the runoff goes out with a film of oil on it")
    assert _first("poquott", "we led the rain water from the yard to the storm drain with a buried pipe, fine?") == ("rainwater", "allowed")


def test_an_overflowing_sanitary_sewer_is_sewage_and_a_storm_sewer_is_not():
    assert sanitary_overflow("the sewer main by the school backs up into the catch basin")
    assert not sanitary_overflow("the storm sewer overflows in heavy rain")
    assert _first("poquott", "the sewer line in the road overflows into the catch basin, is that legal?") == ("sewage", "prohibited")


def test_water_drained_through_a_hydrant_is_the_hydrants_water():
    norm = "they emptied the tank through a hydrant"
    assert drained_through_outlet(norm, norm.index("hydrant"))
    for slug in ("bayville", "poquott"):
        assert _first(slug, "the water district emptied the reservoir tank through a hydrant into the drains, allowed?")[1] == "allowed"


@pytest.mark.parametrize("slug, verdict", [("poquott", "not_named"), ("bayville", "allowed")])
def test_near_boiling_tap_water_is_open_in_poquott_whose_pollutants_list_heat(slug, verdict):
    text = "my boiler relief dumps scalding hot tap water to the curb, allowed?"
    assert {"heat", "boiling"} & set(read_discharge(text).facets.contents)
    assert _first(slug, text)[1] == verdict


def test_a_dye_is_no_dye_test_unless_a_test_is_said():
    assert read_question("can I pour leftover tie dye down the drain").key != "dye_test"
    assert read_question("the plumber is doing a dye test on my downspouts").key == "dye_test"
    assert _first("bayville", "can I pour leftover tie dye down the drain")[1] in ("prohibited", "not_named")


def test_the_neighbours_car_washed_with_soap_is_residential_car_washing():
    for slug in ("bayville", "poquott"):
        assert _first(slug, "my neighbour washes his pickup every sunday and the soapy water runs to the drain, ok?") == (
            "car_wash_residential", "allowed")


def test_a_saltwater_pool_keeps_the_pool_rule_and_says_salt_is_not_named():
    from stormwater.dialogue.meaning_replies import contents_note

    note = contents_note(get_village("bayville"), "pool_water", "we have a salt water pool, can it go to the street?")
    assert note is not None and "salt" in note.summary
    assert contents_note(get_village("bayville"), "pool_water", "can I drain my pool to the street?") is None
    assert _first("bayville", "we have a salt water pool, can it go to the street?") == ("pool_water", "conditional")


def test_a_business_wash_water_is_not_allowed_and_a_household_hose_is_no_business():
    from stormwater.understanding.who_washes import runs_a_business

    assert runs_a_business("we run a bakery on main street".split())
    assert runs_a_business("i own the deli".split())
    assert not runs_a_business("i run a hose from the sump".split())
    for slug in ("bayville", "poquott"):
        assert _first(slug, "I own a dog grooming salon, can we dump the wash water in the lot drain?") == ("detergent", "prohibited")
        # the street wash exemption's words are no business's wash water
        assert _first(slug, "is residential street wash water ok in the storm drain?")[1] == "allowed"


def test_a_cars_mud_is_its_wash_waters_own_and_oil_hosed_off_with_it_is_not():
    for slug in ("bayville", "poquott"):
        assert _first(slug, "the van is caked in mud from the beach, can I hose it off in my driveway?") == ("car_wash_residential", "allowed")
        assert _first(slug, "some motor oil leaked under my car in the driveway, can I hose it off to the gutter?")[1] == "prohibited"


def _badges(slug, text):
    reading = read_question(text)
    replies, _ = answer_replies(get_village(slug), reading.key, text, reading.keys[1:4])
    return [(r.custom["discharge"], r.custom["verdict"]) for r in replies if (r.custom or {}).get("type") == "discharge_answer"]


@pytest.mark.parametrize(
    "raw, used",
    [
        ("the bakery's sink runs cold tap water rinsing the whisks all day", True),
        ("we clean our paint rollers in a bucket of water , then dump it", True),
        ("the geese's plastic tubs are full of droppings by evening", True),
        ("hose water cooling the compressor drips out the back", True),
        # water going somewhere, or a container of plain water, says no use
        ("the hydrant water is washing down the street into the drain", False),
        ("a bucket full of clean water from the tap", False),
        ("can i drain my pool into the street ?", False),
        ("i let the tap run to clear the line", False),
    ],
)
def test_water_used_on_something_is_read_as_used(raw, used):
    assert used_water(raw) is used


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_tap_water_that_rinsed_something_is_not_the_potable_waters_exemption(slug):
    # both texts exempt "water line flushing"/potable water: not water that rinsed a shop's utensils
    text = "the bakery's sink runs cold tap water rinsing the whisks all day, can it drain out back to the storm drain?"
    assert all(verdict != "allowed" for _, verdict in _badges(slug, text)), _badges(slug, text)


def test_a_pool_full_of_what_animals_left_gets_the_pollutants_answer_not_the_pools():
    text = "the geese's plastic wading pools are full of poop by evening and I tip them out toward the street drain. ok?"
    # Bayville: "dechlorinated swimming pool discharges" names no such water; the pet waste is prohibited
    got = _badges("bayville", text)
    assert got and all(verdict != "conditional" for _, verdict in got), got
    assert ("pet_waste", "prohibited") in got


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_washings_own_water_and_firefighting_keep_their_exemptions(slug):
    # a washing's water has washed something by definition; a fire service cooling embers fights a fire
    assert _badges(slug, "can I wash my car in the driveway with the hose?")[0] == ("car_wash_residential", "allowed")
    assert _badges(slug, "the fire department was cooling the embers with hose water and it ran into the storm drain")[0] == ("firefighting_water", "allowed")


@pytest.mark.parametrize(
    "text",
    [
        "my son details cars with an acid wheel cleaner in the driveway, what if the village spots him, who pays?",
        "i rinse paint brushes at the curb, if the town catches me is that a fine?",
        "we hose the shop floor to the street, what if the county inspects us?",
        # the body's rules are the law's side ("against the village rules")
        "i wash my own van in my spot with a bucket and it runs to the drain, is that against the village rules?",
    ],
)
def test_a_body_that_watches_or_enforces_is_not_the_one_discharging(text):
    assert read_discharge(text).facets.who != "public"


def test_a_body_doing_it_is_still_public():
    assert read_discharge("the town sprays weed killer along the curbs, is that allowed?").facets.who == "public"


@pytest.mark.parametrize("text", [
    "i soak the wetsuits overnight in a big tub of tap water and tip it on the driveway",
    "we rinse the fishing reels for a while in a cooler of hose water and dump it by the curb",
])
def test_water_something_soaked_in_is_used_even_a_few_words_on(text):
    # the object, a time, then the water's container: that water carries what it touched
    assert used_water(text.lower())


@pytest.mark.parametrize("text, used", [
    ("we flushed the old truck radiator with tap water and poured it in the drain", True),
    ("i backflush the pressure washer pump with the hose after every job", True),
    ("flushing the boat engine with fresh water in the driveway", True),
    ("the crew was flushing the water main with hydrant water", False),
    ("we flushed the house lines with cold water for ten minutes", False),
    ("flushing the hydrant into the street", False),
    ("flush it down the drain", False),
])
def test_a_thing_flushed_with_water_makes_the_water_used_but_a_water_line_flushed_does_not(text, used):
    from stormwater.understanding.flushed_water import flushed_with_water

    tokens = re.sub(r"([,;.!?])", r" \1 ", text.lower()).split()
    assert flushed_with_water(tokens) is used


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_tap_water_that_flushed_a_machine_gets_no_potable_water_badge(slug):
    _, verdict = _first(slug, "we flushed the old heating loop with city water and drained it at the street drain, fine?")
    assert verdict not in ("allowed", "conditional")
    assert _first(slug, "the water department is flushing the hydrants on our street, is that allowed into the drain?") == ("water_line_flushing", "allowed")
