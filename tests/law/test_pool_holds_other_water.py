"""A pool that holds another water (a birth pool's fluids, samples with test reagent, fish
guts) is not the "dechlorinated swimming pool discharges" Bayville exempts: not named, never
"Allowed only if dechlorinated" (issue 27). A pool chemical in pool water keeps the condition
(tests/law/test_water_as_described.py). Wording is this file's own."""
import pytest

from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize(
    "text",
    [
        "we used a rented birthing pool at home last night, can i pump what's left in it out to the street?",
        "we cleaned the fish guts in the kiddie pool after the derby, ok to dump it in the street drain",
        "we soaked the deer carcass in the kiddie pool overnight, ok to dump it in the street drain",
    ],
)
def test_a_pool_holding_something_else_is_not_named_in_bayville(text):
    key, verdict = first_answer("bayville", text)
    assert verdict == "not_named", (text, key)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("can i drain my pool to the street", "conditional"),
        ("i want to drain the pool, it still has chlorine in it", "prohibited"),
        # chlorine one stopped adding is not said to be there, nor gone: the condition stands
        ("i stopped adding chlorine two weeks ago, can i drain the pool to the street", "conditional"),
        ("we stopped adding chlorine 10 days ago and the strip reads zero, ok to drain the pool to the street?", "allowed"),
    ],
)
def test_plain_pool_water_keeps_its_bayville_answer(text, verdict):
    assert first_answer("bayville", text)[1] == verdict, text


def _desk_verdicts(slug, text):
    """(discharge, verdict) of each answer, read as the desk reads a question (law_questions)."""
    from stormwater.dialogue.law_questions import discharge_question
    from stormwater.dialogue.meaning_replies import answer_replies
    from stormwater.law.villages import get_village

    keys = discharge_question(text)["keys"]
    replies, _ = answer_replies(get_village(slug), keys[0] if keys else None, text, tuple(keys[1:4]))
    return [(r.custom["discharge"], r.custom["verdict"]) for r in replies if (r.custom or {}).get("type") == "discharge_answer"]


@pytest.mark.parametrize(
    "text",
    [
        "the above ground pool is full of oak leaves and pine needles, can i pump it to the street drain",
        "emptying the kiddie pool with grass clippings floating in it into the catch basin, fine?",
        "we tipped out the pool water, leaves and twigs and all, into the gutter ok?",
    ],
)
def test_a_pool_holding_leaves_is_the_pools_water(text):
    """Leaves in a pool's water are that water's: Bayville names no such water (no "Not allowed"
    for yard waste, no "Allowed only if dechlorinated"); Poquott lists pool water itself."""
    assert _desk_verdicts("bayville", text) == [(None, "not_named")], text
    assert _desk_verdicts("poquott", text)[0] == ("pool_water", "prohibited"), text


def test_leaves_raked_in_beside_a_pool_drained_are_their_own_discharge():
    text = "we drained the pool and then raked the leaves into the storm drain, ok?"
    assert ("yard_waste", "prohibited") in _desk_verdicts("bayville", text)
