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
    ],
)
def test_plain_pool_water_keeps_its_bayville_answer(text, verdict):
    assert first_answer("bayville", text)[1] == verdict, text
