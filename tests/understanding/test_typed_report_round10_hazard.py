"""The hazard and the material come from the thing and the words around it (issue 28, round 10):
a look or a container is not yet the thing; a kind word in front of a hazardous name, or a
harmless source that takes the word as its own, leaves the hazard to be asked; a neighbour's
pool or spa may still hold its chlorine or bromine. Written in our own words, not the sets'."""
from datetime import datetime

import pytest

from stormwater.understanding.answer_words import hazard_from_words
from stormwater.understanding.form_reader import read_message
from stormwater.understanding.looks_only import look_for_thing, looks_only, things_said
from stormwater.understanding.thing_hazard import without_absorbed_sources, without_other_kinds

NOW = datetime(2026, 3, 10, 14, 0)


def _opening(text):
    return read_message(text, None, "spill", {}, NOW).updates


@pytest.mark.parametrize("words", ["foam", "the lather", "a green barrel", "bubbles", "orange"])
def test_a_look_or_a_container_alone_is_no_thing(words):
    assert looks_only(words)


@pytest.mark.parametrize("words", ["brown sludge", "soapy water", "oil", "foamy water", "white powder"])
def test_a_thing_with_its_look_is_still_the_thing(words):
    assert not looks_only(words)


def test_only_the_look_is_left_out_of_a_list():
    assert things_said("yellow, antifreeze") == "antifreeze"
    assert things_said("froth") == ""


def test_a_report_that_names_only_what_it_looked_like_asks_the_material():
    updates = _opening("somebody left a purple barrel behind the laundromat and it is dripping into the catch basin")
    assert "material" not in updates
    updates = _opening("i washed the cat on the patio and the lather ran to the street drain")
    assert "material" not in updates and "hazard" not in updates


def test_a_container_the_vocabulary_names_is_its_contents_unless_its_hazard_is_denied():
    assert not look_for_thing("black tank", "we emptied the black tank of our trailer into the gutter")
    assert look_for_thing("grey tank", "it was the grey tank of our trailer, not the toilet one")
    updates = _opening("we emptied the black tank of our trailer into the gutter")
    assert updates.get("hazard") == "yes" and updates.get("material")


def test_a_kind_word_in_front_of_a_two_word_hazardous_name_makes_another_thing():
    assert "weed killer" not in without_other_kinds("my organic weed killer")
    assert "weed killer" in without_other_kinds("the neighbor's weed killer")
    assert "black tank" in without_other_kinds("the rv black tank")
    assert hazard_from_words("I rinsed out my organic weed killer jug in the gutter") is None
    assert hazard_from_words("the neighbor's weed killer washed into the drain") == "yes"


def test_oil_whose_source_is_a_cooking_thing_is_not_petroleum_and_its_hazard_is_asked():
    assert "oil" not in without_absorbed_sources("the oil from my uncle's turkey fryer").split()
    assert "oil" in without_absorbed_sources("oil from the lawnmower").split()
    updates = _opening("my roommate tipped the oil out of the deep fryer into the drain out back")
    assert "hazard" not in updates
    assert _opening("oil from my snowblower leaked into the street drain").get("hazard") == "yes"


def test_a_spa_sanitiser_named_beside_the_water_is_a_hazard():
    assert hazard_from_words("we emptied the spa before the bromine wore off") == "yes"
    assert hazard_from_words("we emptied the spa, there was no bromine left in it") == "no"


@pytest.mark.parametrize("text", [
    "the people next door are emptying their swimming pool onto the road",
    "the house behind me is draining their jacuzzi into the gutter",
])
def test_someone_elses_pool_or_spa_water_leaves_the_hazard_to_be_asked(text):
    updates = _opening(text)
    assert updates.get("responsible") == "no" and "hazard" not in updates


def test_someone_elses_pool_said_to_hold_no_chemicals_is_harmless():
    updates = _opening("the people next door are emptying their swimming pool onto the road, no chemicals in it")
    assert updates.get("hazard") == "no"


def test_a_verb_before_a_two_word_hazardous_name_does_not_make_it_another_kind():
    # "dumps paint thinner" is paint thinner dumped, not a kind of thinner called "dumps paint thinner"
    assert hazard_from_words("the man next door dumps paint thinner in the gutter") == "yes"
    assert hazard_from_words("he pours motor oil down the drain every month") == "yes"
    assert hazard_from_words("my homemade weed killer") is None  # a word that makes another kind still does
