"""Issue 27 round 8: a kind's bare generic word ("poop") with another kind's name before it
("goose poop") is not that kind; the kind's own modifiers ("dog", "cat", "pet") and describing
words keep it. Both readers agree. Sentences are this file's own."""
import pytest

from stormwater.understanding.catalogue import find_mentions, narrowed_keys
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.meaning import read_question


@pytest.mark.parametrize(
    "text",
    [
        "the geese leave goose poop all over the dock, can i hose it into the drain?",
        "is it ok to rinse the deer poop off the patio into the street?",
        "seagull poop covers my boat, can i wash it off at the ramp into the drain?",
        "the ducks poop everywhere; is duck poop in the storm drain a problem?",
    ],
)
def test_another_animals_droppings_are_no_pet_waste(text):
    assert "pet_waste" not in read_question(text).keys
    assert "pet_waste" in narrowed_keys(text)
    assert read_discharge(text).facets.water != "pet_waste"


@pytest.mark.parametrize(
    "text",
    [
        "can i hose the dog poop off the lawn into the drain?",
        "cat poop in the storm drain, is that allowed?",
        "my neighbor's poop bags end up by the catch basin",
        "can i hose poop into the storm drain?",
        "is it ok to leave smelly poop by the curb drain?",
    ],
)
def test_a_pets_or_a_plain_generic_word_keeps_its_kind(text):
    assert "pet_waste" in read_question(text).keys
    assert not narrowed_keys(text)


def test_the_kind_said_as_well_as_another_animals_stays():
    text = "goose poop and dog poop wash into the drain, ok?"
    assert "pet_waste" in read_question(text).keys
    assert [m.key for m in find_mentions(text)].count("pet_waste") == 1


def test_the_narrowed_word_is_still_a_material_in_the_residents_words():
    reading = read_discharge("the park crew hoses the goose poop off the path into the drain, isn't that pollution?")
    assert reading.key is None and reading.material == "goose poop"
