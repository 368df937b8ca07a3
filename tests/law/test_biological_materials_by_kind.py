"""A material nobody listed, of an animal or a plant or food (read by WordNet's categories:
stormwater/understanding/material_kinds.py), gets Poquott's § 132-3 "biological materials"
and never a firm badge in Bayville, whose text names no such list (issue 27). A water that held
it is asked about as that water. Wording is this file's own."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import get_village

MATERIALS = [
    "after the crab boil can we sweep the shells and corn cobs into the storm drain",
    "the goose plucking day left down and quills all over the barn apron, ok to hose them into the catch basin?",
    "we shovel the spoiled silage off the pad and hose the rest toward the street drain, fine?",
]


def answered(slug, text):
    question = discharge_question(text)
    key = (question.get("keys") or [None])[0]
    answer = answer_discharge(get_village(slug), key, text)
    return answer.discharge, answer.verdict, " ".join(passage.quote for passage in answer.passages)


@pytest.mark.parametrize("text", MATERIALS)
def test_poquott_names_the_biological_material_a_pollutant(text):
    _, verdict, quote = answered("poquott", text)
    assert verdict == "prohibited"
    assert "biological materials" in quote


@pytest.mark.parametrize("text", MATERIALS)
def test_bayville_gives_no_firm_badge_of_an_exemption(text):
    _, verdict, _ = answered("bayville", text)
    assert verdict not in ("allowed", "conditional")


def test_a_water_that_held_the_material_is_not_read_as_the_material():
    discharge, _, _ = answered("poquott", "the soaking water from our shiitake logs is brown, can it go to the storm drain")
    assert discharge != "listed_pollutant"
