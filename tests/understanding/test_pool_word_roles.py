"""The word "pool" that names no pool water (issue 27): the verb of water gathering ("the rain
pools on the tarp"), a pool still being built ("forms for our new pool"), a pool filled with
something that is no water, a trade or a machine named by the pool it serves ("the pool
company", "the pool heat pump"). Wording is this file's own."""
import pytest

from stormwater.understanding.asking import asks_permission
from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize(
    "text",
    [
        "after the storm the water pools on our carport roof and we sweep it off into the gutter, thats fine right",
        "rainwater pools under the swing set and i squeegee it to the street drain, ok?",
        "it pools along the curb after every rain and my neighbor pushes it to the drain with a broom, allowed?",
    ],
)
def test_water_that_pools_is_no_pool(text):
    for slug in ("bayville", "poquott"):
        key, verdict = first_answer(slug, text)
        assert key != "pool_water", (slug, text)
        assert verdict in ("allowed", "not_named"), (slug, text, key, verdict)


@pytest.mark.parametrize(
    "text",
    [
        "the crew pouring concrete for our new pool hosed their chute out at the curb, grey water everywhere. ok?",
        "they dug the hole for the new pool and pumped the muddy water into the street drain",
        "the masons rinsed their mixer for our new pool into the storm drain",
    ],
)
def test_a_pool_being_built_holds_no_pool_water(text):
    for slug in ("bayville", "poquott"):
        key, verdict = first_answer(slug, text)
        assert key != "pool_water", (slug, text)


@pytest.mark.parametrize(
    "text",
    [
        "for a party game they filled a kiddie pool with chocolate pudding, can we hose it into the street drain after",
        "the frat filled an inflatable pool with mud for a tug of war, can it go to the storm drain",
        "my kids filled the wading pool with slime, ok to dump it in the gutter",
    ],
)
def test_a_pool_filled_with_something_else_is_not_bayvilles_pool_exemption(text):
    key, verdict = first_answer("bayville", text)
    assert verdict != "conditional" and key != "pool_water", (text, key, verdict)


@pytest.mark.parametrize(
    "text",
    [
        "the pool heat pump drips a steady stream of condensation onto the patio and down to the street, ok?",
        "our pool company rinsed their tile saw into the street drain",
    ],
)
def test_a_machine_or_trade_named_by_the_pool_is_no_pool_water(text):
    for slug in ("bayville", "poquott"):
        key, verdict = first_answer(slug, text)
        assert key != "pool_water", (slug, text)


@pytest.mark.parametrize(
    ("text", "slug", "verdict"),
    [
        ("can i drain my pool to the street", "bayville", "conditional"),
        ("we filled the pool with the hose last week, can we drain some of it to the street", "bayville", "conditional"),
        ("the pool company drained my pool into the street, is that ok", "poquott", "prohibited"),
    ],
)
def test_plain_pool_water_keeps_its_answer(text, slug, verdict):
    assert first_answer(slug, text) == ("pool_water", verdict), text


@pytest.mark.parametrize(
    "text",
    ["cant i just tip the bucket into the gutter", "can't we just hose it down the drain", "couldnt i just dump it in the street"],
)
def test_a_negative_question_asks_leave(text):
    assert asks_permission(text)


@pytest.mark.parametrize("text", ["i cant get the water out of the basement", "we can't stop the leak, it keeps running"])
def test_a_negative_statement_asks_nothing(text):
    assert not asks_permission(text)


@pytest.mark.parametrize(
    "text",
    [
        "after the party there are like 50 gallons of melted slushie in the kiddie pools, ok to tip them into the street drain?",
        "we have three buckets of leftover paint thinner in the wading pool, can it go to the gutter",
    ],
)
def test_a_measured_amount_of_something_else_in_a_pool_is_not_bayvilles_pool_exemption(text):
    key, verdict = first_answer("bayville", text)
    assert verdict != "conditional" and key != "pool_water", (text, key, verdict)


@pytest.mark.parametrize(
    "text",
    [
        "a tanker came to fill our pool and the hose came off, a few hundred gallons of the delivered water went down the drive to the storm drain",
        "while we were filling the pool the hose popped off and tap water ran into the street drain for an hour, problem?",
    ],
)
def test_fill_water_that_missed_the_pool_is_no_pool_water(text):
    for slug in ("bayville", "poquott"):
        key, verdict = first_answer(slug, text)
        assert key != "pool_water" and verdict != "prohibited", (slug, text, key, verdict)


@pytest.mark.parametrize(
    "text",
    [
        "can i dump the old pool chlorine down the storm drain",
        "is it ok to pour leftover hot tub chlorine into the catch basin",
        "can i pour the leftover chlorine tablets in the storm drain, we got rid of the pool",
    ],
)
def test_the_sanitiser_itself_is_a_chemical_not_the_pool_s_water(text):
    # "pool chlorine", "chlorine tablets": the pool only says which chlorine, the tablets are the product
    for slug in ("bayville", "poquott"):
        assert first_answer(slug, text) == ("solvents", "prohibited"), (slug, text)


@pytest.mark.parametrize(
    "text",
    [
        "can i drain my hot tub to the street after letting the chlorine go for a week",
        "the chlorine in my spa has been off for a week, can i drain it into the gutter",
    ],
)
def test_a_spa_s_chlorine_is_its_water_s_own(text):
    # as a pool's is: the answer is about the spa water, no chemicals' prohibition beside it
    for slug in ("bayville", "poquott"):
        assert first_answer(slug, text) == ("hot_tub_water", "not_named"), (slug, text)


@pytest.mark.parametrize(
    "text",
    [
        "the kids splash pad drains to the street, isnt that basically a pool?",
        "our koi trough is kind of a pool i guess, can i empty it in the storm drain",
    ],
)
def test_a_pool_named_in_an_analogy_is_the_kind_compared_to(text):
    # "basically a pool": the resident asks whether the thing is of that kind; it is not pool water
    for slug in ("bayville", "poquott"):
        key, verdict = first_answer(slug, text)
        assert key != "pool_water", (slug, text)
        assert verdict == "not_named", (slug, text)


def test_pool_water_said_with_a_hedge_is_still_pool_water():
    # without the article it says what the water is
    assert first_answer("poquott", "it's basically pool water, can i drain it to the street") == ("pool_water", "prohibited")


@pytest.mark.parametrize("text", [
    "my neighbors compost heap washes into the storm drain every rain, is that allowed",
    "each storm the peat moss pile slides into the catch basin, allowed?",
])
def test_rain_said_as_every_rain_is_when_not_what(text):
    """"every rain" is a time without a preposition: what washes in is not rainwater."""
    for slug in ("bayville", "poquott"):
        key, verdict = first_answer(slug, text)
        assert key != "rainwater" and verdict != "allowed", (slug, text, key, verdict)
