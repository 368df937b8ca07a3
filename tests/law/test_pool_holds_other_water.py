"""A pool that holds another water, or pool water with a chemical other than its sanitizer, is
not the "dechlorinated swimming pool discharges" Bayville exempts: not named, never "Allowed
only if dechlorinated" (issue 27). Wording is this file's own."""
import pytest

from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize(
    "text",
    [
        "we used a rented birthing pool at home last night, can i pump what's left in it out to the street?",
        "we cleaned the fish guts in the kiddie pool after the derby, ok to dump it in the street drain",
        "i put algaecide in the pool last week, can i drain it to the storm drain",
        "our lab rinses the test cups of pool samples and reagent into a tub and dumps it in the lot drain",
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
