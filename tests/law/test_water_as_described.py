"""An exempt water as the resident describes it (issue 27).

From the texts: Bayville § 63A-5B(1) exempts "uncontaminated crawl space or basement sump pump
discharges", "dechlorinated swimming pool discharges" and "uncontaminated landscape irrigation";
Poquott's Discharge prohibitions, Subsection A(1) exempts "uncontaminated pumped ground water";
both exempt "any other water source not containing pollutants". A resident who says the water is
what the exemption names gets "allowed, as you describe it"; one whose water looks of something
gets no firm badge.
"""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.understanding.meaning import read_question


def answered(village, text):
    reading = read_question(text)
    return reading.key, answer_discharge(village, reading.key, text)


@pytest.mark.parametrize(
    "text",
    [
        "my basement sump pump water is perfectly clear, can i run it out to the curb",
        "the sump pump discharge is clean water, nothing in it. street ok?",
        "sump pump water, no chemicals or oil in it, going to the gutter. fine?",
    ],
)
def test_bayville_sump_water_vouched_clean_is_allowed_as_described(bayville, text):
    key, answer = answered(bayville, text)
    assert key == "sump_pump"
    assert answer.verdict == "allowed"
    assert "as you describe it" in answer.headline and "uncontaminated" in answer.headline
    assert answer.passages[0].quote == "uncontaminated crawl space or basement sump pump discharges"


@pytest.mark.parametrize(
    "text",
    [
        "the pool water is dechlorinated now, can i drain it to the street",
        "we dechlorinated the pool, ok to empty it into the storm drain?",
        "no chlorine left in the pool at all, can i pump it to the road",
        "we let the chlorine go for ten days, now can i drain the pool to the street",
        # a test that reads nothing, a neutralizer: the resident vouches the chlorine is out
        "quit putting chlorine in the pool a while ago and the kit shows 0 now, ok to pump it to the curb",
        "the pool got a dose of chlorine neutralizer and the strip reads zero chlorine, can i drain it to the storm drain",
    ],
)
def test_bayville_pool_said_dechlorinated_is_allowed_as_described(bayville, text):
    key, answer = answered(bayville, text)
    assert key == "pool_water"
    assert answer.verdict == "allowed"
    assert "dechlorinated" in answer.headline


def test_poquott_pumped_groundwater_vouched_clear_is_allowed(poquott):
    key, answer = answered(poquott, "we are pumping groundwater out of the trench, its clear water. ok to send it to the drain?")
    assert key == "pumped_groundwater"
    assert answer.verdict == "allowed"


@pytest.mark.parametrize(
    "text",
    [
        # something else read in the water: the text does not speak to it
        "we put a copper algaecide in the pool. once it's dechlorinated can we drain it to the street?",
        # a hedge: the resident does not vouch for it
        "i think the sump pump water is clean, can it go to the street",
        "the sump pump water should be clear, can it go to the street",
        # nothing said of the water
        "can my sump pump go to the street",
        # the chlorine not said to have gone
        "we let the kids swim till friday, then can i drain the pool to the street",
    ],
)
def test_no_vouching_keeps_the_condition(bayville, text):
    _, answer = answered(bayville, text)
    assert answer.verdict == "conditional"


def test_a_condition_not_about_the_water_is_not_vouched_by_clear_water(bayville):
    # the dye test's condition is a notice to the SMO (§ 63A-5B(3)), not the water's
    _, answer = answered(bayville, "we are doing a dye test, the water is clear, can it go into the storm drain")
    assert answer.verdict == "conditional"
    assert "notify" in answer.headline


@pytest.mark.parametrize(
    "text",
    [
        "my sump pump water comes out a bit greenish, can it go to the street?",
        "the sump pump discharge is cloudy and smells, ok for the gutter?",
        "our basement sump water is brownish, can we pump it to the road",
    ],
)
def test_an_exempt_water_looking_of_something_gets_no_firm_badge(bayville, poquott, text):
    for village in (bayville, poquott):
        reading = read_question(text)
        if reading.clarify:
            assert reading.clarify == "water_contents"  # the one question of what is in it
            continue
        answer = answer_discharge(village, reading.key, text)
        assert answer.verdict == "not_named"
        assert answer.closest and answer.closest[0].key == "sump_pump"  # the exemption quoted first


def test_an_objects_colour_leaves_the_exemption_as_it_is(poquott):
    _, answer = answered(poquott, "i water the lawn next to our green shed and the runoff goes to the street, is that ok")
    assert answer.verdict == "allowed"


@pytest.mark.parametrize(
    "text",
    [
        "we pressure test old steel air tanks with tap water and it comes out orange with rust, we empty them at the lot drain. ok?",
        "the tap water we run through the old boiler coil to test it comes out brown, can it go in the catch basin",
    ],
)
def test_tap_water_used_in_a_thing_is_not_a_flushed_line_s_own_look(bayville, poquott, text):
    # a flushed line's rust is that water's own; the rust of tanks tap water was used in is not
    for village in (bayville, poquott):
        key, answer = answered(village, text)
        assert key == "water_line_flushing", key
        assert answer.verdict == "not_named", village.slug
        assert answer.closest[0].key == "water_line_flushing"


def test_a_waters_own_look_keeps_its_answer(bayville):
    # soap is what a car washing's water carries: "water from individual residential car washing"
    _, answer = answered(bayville, "washing my own car in the driveway, the sudsy water runs to the street, ok?")
    assert answer.verdict == "allowed"
    # a flushed line's rust is that water's own: "water line flushing"
    _, answer = answered(bayville, "the water company flushed the water main and the gutter ran orange with rust, is that allowed")
    assert answer.verdict == "allowed"


@pytest.mark.parametrize(
    "text",
    [
        "our sump pump water has a little iron in it from the well, can it go to the street",
        "the sump pump water with some tannins in it runs to the gutter, ok?",
        "theres a bit of limestone dust in the sump pump water, can i pump it out front",
    ],
)
def test_something_unnamed_held_in_an_uncontaminated_only_water_is_not_named(bayville, text):
    key, answer = answered(bayville, text)
    assert key == "sump_pump"
    assert answer.verdict == "not_named"
    assert answer.closest[0].key == "sump_pump"


def test_nothing_held_is_no_something_held(bayville):
    _, answer = answered(bayville, "the sump pump water has nothing in it, can it go to the street")
    assert answer.verdict == "allowed"
