"""A treatment against pests is a pesticide, whatever it is called (issue 27); a pest alone, or a
treatment's name modifying another noun, is none. Wording is this file's own."""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.meaning import read_question
from stormwater.understanding.pest_treatments import read_as_pesticides


@pytest.mark.parametrize("text, glossed", [
    ("we fogged the shed for wasps", "we fogged the shed for wasps pesticide"),
    ("the leftover tick spray, can it go in the gutter", "the leftover tick spray pesticide, can it go in the gutter"),
    ("there are ants by the curb", "there are ants by the curb"),  # a pest alone
    ("the old termite treatment holes leak", "the old termite treatment holes leak"),  # the name modifies "holes"
    ("we sprayed the roses for aphids with pesticide", "we sprayed the roses for aphids with pesticide"),  # said already
])
def test_a_treatment_against_pests_reads_as_a_pesticide(text, glossed):
    assert read_as_pesticides(text) == glossed


@pytest.mark.parametrize("text", [
    "my brother drenched the goats for worms and dumped the bucket in the storm drain, ok?",
    "can i pour the leftover roach powder water into the catch basin",
])
def test_its_water_is_the_pesticides_prohibition(text):
    for village in load_villages().values():
        answer = answer_discharge(village, read_question(text).key, text)
        assert (answer.discharge, answer.verdict) == ("pesticides", "prohibited"), (village.slug, answer)
