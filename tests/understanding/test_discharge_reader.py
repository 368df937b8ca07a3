"""The thing discharged and its facets (stormwater/understanding/discharge_reader.py, issue 27)."""
import pytest

from stormwater.understanding.discharge_reader import read_discharge, read_facets


def test_the_material_is_the_residents_own_words_and_the_catalogue_key():
    reading = read_discharge("can I hose down the street in front of my restaurant?")
    assert (reading.material, reading.key) == ("hose down the street", "street_wash")
    assert reading.facets.who == "business"


def test_a_material_the_catalogue_does_not_name_is_kept_in_the_residents_words():
    reading = read_discharge("is the rinse water from my boat lift motor ok in the canal drain?")
    assert reading.key is None
    assert reading.material == "rinse water"


@pytest.mark.parametrize(
    "text, contents, denied",
    [
        ("no soap, just water from rinsing the boat", (), ("soap",)),
        ("I don't have a fertilizer injector, the sprinkler just runs to the street", (), ("lawn_chemicals",)),
        # a negation does not reach past its clause
        ("it's not chlorinated, but there's some oil on top", ("petroleum",), ()),
        ("the AC condensate has coil cleaner foam in it", ("soap",), ()),
    ],
)
def test_negation_is_scoped_to_what_is_in_the_water(text, contents, denied):
    facets = read_facets(text)
    assert set(contents) <= set(facets.contents) and not set(denied) & set(facets.contents)
    assert set(denied) <= set(facets.denied)


@pytest.mark.parametrize(
    "text, facet, value",
    [
        ("the downspout is piped underground to the storm sewer", "route", "pipe"),
        ("I run a hose from the sump to the curb", "route", "overland"),
        ("groundwater is seeping into the storm drain", "route", "infiltration"),
        ("the trench drain at the garage door", "place", "entrance"),
        ("the floor drain in my basement", "place", "indoor"),
        ("we pump it out with a rented trash pump", "pump", "other"),
        ("my sump pump runs to the street", "pump", "sump"),
        ("the car wash at my shop", "who", "business"),
        ("hosing the street in front of my house", "who", "household"),
        # a business word that only says whose vehicle it is: the one washing it at home
        ("washing the company truck in my driveway", "who", "household"),
        ("the company washes its trucks in the lot", "who", "business"),
        ("I take the work van home; can I wash it there?", "water", "vehicle_wash"),
    ],
)
def test_each_facet_is_read_apart(text, facet, value):
    assert read_facets(text).value(facet) == value


def test_the_things_own_words_are_no_facet():
    # "basement" names the sump, not where the water stands
    reading = read_discharge("my basement sump pump runs to the street")
    assert reading.key == "sump_pump" and reading.facets.place is None and reading.facets.pump == "sump"


def test_a_permit_named_is_read():
    assert "spdes" in read_facets("we have a SPDES permit for the dewatering").permits


def test_a_category_read_without_a_word_of_the_list_still_gives_a_material():
    # the fallback answers a verdict question only when the reader finds the thing discharged
    reading = read_discharge("could I be fined for washing the company van at home?")
    assert reading.key is None and reading.facets.water == "vehicle_wash" and reading.material


@pytest.mark.parametrize("text, category", [
    ("we stopped adding chlorine two weeks ago, can i drain the pool", "chlorine"),
    ("we quit using fertilizer last year, the sprinkler runoff goes to the drain", "lawn_chemicals"),
])
def test_a_thing_one_stopped_putting_in_is_neither_there_nor_denied(text, category):
    facets = read_facets(text)
    assert category not in facets.contents and category not in facets.denied
