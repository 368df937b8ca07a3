"""A negation that opens a negative question asks about the thing, it does not deny it (issue
27): "isnt that sewage?" says the resident suspects sewage. Wording is this file's own."""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.meaning import read_question
from stormwater.understanding.meaning_vocabulary import denied_in


@pytest.mark.parametrize(
    "before",
    [
        "isnt that",
        "but isn't it full of",
        "doesn't it have",
        "aren't those",
        "and wasnt there",
    ],
)
def test_a_negative_question_does_not_deny(before):
    assert not denied_in(before.split(), 4)


@pytest.mark.parametrize(
    "before",
    [
        "there isnt any",
        "it isn't",
        "no",
        "we don't use",
        "doesn't have any",
        "the water has no",
    ],
)
def test_a_stated_negation_still_denies(before):
    assert denied_in(before.split(), 4)


def test_the_thing_a_negative_question_suspects_is_read():
    text = "the crew pumped the grease trap rinse out of their tank into the catch basin. isnt that sewage?"
    assert "sewage" not in read_discharge(text).facets.denied


@pytest.mark.parametrize(
    "text",
    [
        "the pool water isnt chlorinated, can i drain it to the street",
        "there isnt any soap in it, its just rain off the tarp, ok to let it go to the drain?",
    ],
)
def test_a_denial_still_denies(text):
    reading = read_question(text)
    for slug in ("bayville", "poquott"):
        answer = answer_discharge(load_villages()[slug], reading.key, text)
        assert answer.discharge not in ("chlorinated_pool_water", "detergent"), (slug, answer.discharge)

