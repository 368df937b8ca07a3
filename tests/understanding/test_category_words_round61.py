"""Issue 27, round 61: tap water said to hold a biological material (fruit frozen in it), a look
said of slush by one word between ("black ashy slush"), advice asked on a practice ("should we be
doing it different") and a tag question texted without its apostrophe ("isnt it"). Written in new
words of our own, from the causes of round 61's misses (the set itself is not quoted)."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.dialogue import law_turns
from stormwater.law.villages import get_village
from stormwater.understanding.asking import asks_verdict
from stormwater.understanding.discharge_reader import read_facets
from stormwater.understanding.water_looks import DISCOLOURED, water_look


def verdicts(slug, text):
    turn = law_turns.answer(get_village(slug), discharge_question(text), True)
    return [(r.custom or {}).get("verdict") for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "we froze tap water in bundt pans with lemon slices and rosemary for a party, now the ice rings are melting down the driveway to the drain. its just water right?",
    "the kids made a bird seed ice wreath from tap water with sunflower seeds and cranberries, it's thawing into the gutter, fine?",
])
def test_tap_water_holding_a_biological_material_is_no_plain_tap_water(slug, text):
    assert "biological" in read_facets(text).contents
    assert "allowed" not in verdicts(slug, text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_tap_water_with_a_tree_only_where_it_goes_keeps_its_answer(slug):
    assert verdicts(slug, "can i dump a bucket of tap water by the oak tree into the street") == ["allowed"]


@pytest.mark.parametrize("text", [
    "after the storm theres gray sandy slush running down to the drain",
    "the snowmelt off the lot is brown salty meltwater by the time it hits the basin",
])
def test_a_look_said_of_slush_or_meltwater_by_one_word_between(text):
    assert water_look(text) == DISCOLOURED


def test_slush_said_black_with_what_was_spread_on_it_is_no_plain_stormwater():
    text = "i put fireplace cinders on the icy steps for grip and now black gritty slush runs down to the storm drain, ok?"
    assert verdicts("bayville", text) == ["not_named"]  # Bayville names no ash: open
    assert verdicts("poquott", text) in (["not_named"], ["prohibited"])  # Poquott lists "incinerator residue"


@pytest.mark.parametrize("text, asking", [
    ("we hose the grill grease off the patio into the drain after every party. should we be doing it different?", True),
    ("should i handle it differently next time", True),
    ("we should do it differently next year.", False),
    ("after a ride i hose the mud off my dirt bike in the driveway, its the same as washing a car isnt it", True),
    ("thats how my dad did it aint it", True),
])
def test_advice_on_a_practice_and_a_tag_without_its_apostrophe_ask(text, asking):
    assert asks_verdict(text) is asking
