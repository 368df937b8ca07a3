"""A clarifying question answered by typing the deciding fact (issue 27): the facet reader reads
the answer against the fact the question asks."""
from stormwater.understanding.clarify_answers import choice_by_facts, clarify_facts
from stormwater.understanding.meaning import load_vocabulary


def picked(question: str, text: str):
    choice = choice_by_facts(load_vocabulary().question(question), text)
    return choice.name if choice else None


def test_every_fact_names_a_choice_of_its_question():
    vocabulary = load_vocabulary()
    for question, choices in clarify_facts().items():
        asked = vocabulary.question(question)
        assert asked is not None, question
        assert set(choices) <= {c.name for c in asked.choices}, question


def test_whose_car_wash_it_is_said_as_an_owner():
    assert picked("car_wash_owner", "its the shop's truck") == "organised"
    assert picked("car_wash_owner", "no, it's at my house") == "own"
    assert picked("car_wash_owner", "hmm what") is None


def test_what_is_in_the_water_said_or_denied():
    assert picked("water_contents", "we add a little bleach") == "something_in_it"
    assert picked("water_contents", "we add a little clorox") == "something_in_it"
    assert picked("water_contents", "no soap or oil in it") == "clear"
    assert picked("water_contents", "it's from the basement") is None


def test_which_appliance_said_as_a_water():
    assert picked("condensate_source", "it comes off the furnace") == "furnace"
    assert picked("condensate_source", "the central air unit") == "air_conditioner"
