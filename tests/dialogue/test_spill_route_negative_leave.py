"""A question asked in the negative ("cant i just tip it into the gutter") asks leave, so it is
answered, not filed as a spill; a statement with "can't" still is a report. Wording is this
file's own (issue 27)."""
import pytest

from stormwater.dialogue.spill_route import route
from stormwater.understanding.meaning import read_question


@pytest.mark.parametrize(
    "text",
    [
        "i have a bucket of leftover tie dye water on the deck. cant i just tip it into the gutter",
        "there's 2 gallons of old mop water in the garage, can't we just toss it in the street",
        "couldnt i just squeegee the wash water to the storm drain",
    ],
)
def test_a_negative_question_is_answered(text):
    assert route(text, read_question(text)) == "answer", text


@pytest.mark.parametrize(
    "text",
    [
        "i spilled a gallon of paint thinner in the garage and cant get it cleaned up",
        "oil is pouring out of the truck in my driveway, we can't stop it",
        # "can" is the container: "the gas can i left" asks no leave, whatever tipped over
        "this morning the gas can i keep by the shed tipped over and gas ran down to the storm drain",
        "the paint can we left on the steps tipped and paint went down the gutter",
    ],
)
def test_a_spill_told_with_cant_is_still_a_report(text):
    assert route(text, read_question(text)) != "answer", text
