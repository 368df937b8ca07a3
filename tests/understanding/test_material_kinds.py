"""Biological materials nobody listed, read by WordNet's noun categories (issue 27).

The phrases here are this file's own; none comes from a blind set.
"""
import pytest

from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.material_kinds import BIOLOGICAL, kind_spans, verbs_masked
from stormwater.understanding.meaning import read_question
from tests.understanding.first_answer import first_answer


def _named(norm):
    return [norm[start:end] for start, end, _ in kind_spans(norm)]


@pytest.mark.parametrize("norm, expected", [
    ("we plucked the ducks and the feathers blew around", ["feathers"]),  # the bird, a verb too, is not
    ("the fish scales are stuck to the dock", ["fish scales"]),  # the longest phrase, not "fish"
    ("two cow pies in the pen", ["cow pies"]),
    ("the geese left", ["geese"]),  # an irregular plural
    ("walnut husks and pumpkin guts", ["walnut", "husks", "pumpkin"]),
])
def test_nouns_of_biological_materials_are_found(norm, expected):
    assert _named(norm) == expected


@pytest.mark.parametrize("norm", [
    "i put it down and will mix it in",  # more often an adverb or a verb than the noun
    "the kids and my neighbor",  # people are living things, never a material
    "his head and hands",  # body parts are not the thing
    "the water ran into the street drain",
    "the pole got bent like a pretzel",  # what a thing is likened to
    "the leaf blower guys and the food trucks",  # a modifier of an artifact's or a person's noun
    "he hoses the sprayer out before he leaves",  # a verb, not leaf's plural
    "the soaking water from the shiitake tank is brown",  # a water named: the mushroom is what it held
    "we hosed down the lot, it was mostly spilled popcorn",  # a surface washed: its water held the popcorn
    "after the crab boil we swept up",  # the event a time is told by
    "can i dump the leftover lemonade in the gutter",  # a drink: whether it is a biological material is open
])
def test_words_that_are_no_material_are_not_found(norm):
    assert kind_spans(norm) == []


def test_every_span_is_of_the_biological_category():
    assert {kind for _, _, kind in kind_spans("shrimp shells, coffee and hay")} == {BIOLOGICAL}


@pytest.mark.parametrize("text", [
    "after the chicken processing day we hose the feathers into the catch basin, is that ok",
    "can i sweep the walnut husks off the driveway into the storm drain",
    "we rinse the pumpkin guts and seeds from the carving contest down the street drain",
])
def test_a_material_nobody_listed_is_read_as_biological(text):
    assert read_discharge(text).facets.water == BIOLOGICAL


@pytest.mark.parametrize("text, key", [
    # the catalogue names it: WordNet is not asked
    ("can i blow the grass clippings into the storm drain", "yard_waste"),
    ("can i hose the dog poop into the drain", "pet_waste"),
    ("we drained the pool by the old oak, is that ok", "pool_water"),
])
def test_a_discharge_the_catalogue_names_wins(text, key):
    reading = read_discharge(text)
    assert reading.key == key and reading.facets.water != BIOLOGICAL


def test_a_category_of_the_facets_file_wins():
    assert read_discharge("we hosed the sawdust and wood ash into the catch basin").facets.water == "incinerator_residue"


@pytest.mark.parametrize("text", [
    "i rinse my hands under the hose by the drain, fine?",  # a body part
    "is it ok to wash the mud off by the oak tree",  # a place
])
def test_a_noun_that_is_not_the_thing_discharged_is_not_read(text):
    assert read_discharge(text).facets.water != BIOLOGICAL


@pytest.mark.parametrize("text, masked", [
    ("the crew leaves the truck idling", "the crew ------ the truck idling"),
    ("he leaves it running all day", "he ------ it running all day"),
    ("the wet leaves the crew blew", "the wet leaves the crew blew"),  # a noun after its adjective
    ("bags of leaves the city picks up", "bags of leaves the city picks up"),
    ("can i blow leaves into the street", "can i blow leaves into the street"),
])
def test_leaves_said_as_a_verb_is_masked(text, masked):
    assert verbs_masked(text) == masked


def test_a_verb_names_no_yard_waste():
    text = "the landscaper leaves the truck running with the ac on and it drips into the storm drain, ok?"
    assert "yard_waste" not in read_question(text).keys
    assert "yard_waste" in read_question("the landscaper leaves the leaves in the street by the drain, ok?").keys


@pytest.mark.parametrize("text", [
    "we tipped the kiddie pool out, rose petals and lemon slices in it, into the street drain ok?",
    "the wading pool is full of acorns and mulberries, can i dump it down the storm drain",
])
def test_what_a_pool_held_is_read_beside_the_pool(text):
    """Bayville exempts "dechlorinated swimming pool discharges" and names no pool of petals: open."""
    reading = read_discharge(text)
    assert reading.key == "pool_water" and reading.facets.water == BIOLOGICAL
    assert first_answer("bayville", text)[1] == "not_named"


@pytest.mark.parametrize("text", [
    "we drained the pool by the old oak, is that ok",  # where, not what
    "i drained the kiddie pool near the rose bushes into the gutter",
    "emptied the pool onto the street under the maple, fine?",
])
def test_a_place_beside_a_pool_is_not_what_it_held(text):
    reading = read_discharge(text)
    assert reading.key == "pool_water" and reading.facets.water != BIOLOGICAL
