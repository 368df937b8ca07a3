"""Round 39's lessons (issue 27, session 2026-12-06c): the water of a fire fought that carries
what burned is open even when no word of the law's list names the thing ("brown stinky water"
after the fire companies sprayed a burning lot of portable toilets). Wording is this file's own,
not the blind sets'."""
import pytest

from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_fire_water_that_ran_through_burning_toilets_is_open_not_prohibited(slug):
    text = ("the portable toilet rental lot caught fire last night, forty of the units, and two fire companies sprayed it "
            "for hours. this morning brown stinky water is running out the gate into the catch basin. allowed since it was the fire dept?")
    assert first_answer(slug, text) == (None, "not_named")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_heat_pump_said_to_run_as_the_ac_needs_no_question_which_condensate(slug):
    text = ("the mini split heat pump in the den works as our air conditioner in july, and its condensate line runs down "
            "the wall to the driveway and the storm drain. just the a/c water, ok?")
    assert first_answer(slug, text) == ("ac_condensate", "allowed")


def test_a_heat_pump_with_no_word_of_which_season_is_still_asked():
    from stormwater.understanding.meaning import read_question
    assert read_question("our heat pump drips condensate onto the driveway to the storm drain, ok?").clarify == "condensate_source"
    assert read_question("our heat pump drips condensate all year, summer and winter, to the storm drain").clarify == "condensate_source"


# Round 40's lessons (scored once, then fixed): a word of who washes that modifies a source of
# advice, a vessel said to hold water, a belief said to be wrong.

@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_word_of_a_business_that_names_where_advice_came_from_is_no_business_washing(slug):
    text = ("washing my own car in my driveway before waxing it, the detailing video says use a little dish soap. "
            "the rinse goes to the storm drain, fine?")
    assert first_answer(slug, text) == ("car_wash_residential", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_trash_bags_said_to_hold_tap_water_are_its_vessel_not_trash(slug):
    text = "we used garbage bags filled with tap water as a flood barrier. can i cut them open and let it run to the storm drain"
    assert first_answer(slug, text)[0] != "trash"


def test_a_sump_pumps_water_named_as_groundwater_alone_is_vouched_for():
    # "just groundwater" names the water by its kind alone, nothing else in it: allowed as described
    # (round 54; four blind writers read it so, against this test's earlier "which water" reading)
    text = "our sump pump line now runs to the curb and the storm drain. its just groundwater from the pit, ok?"
    assert first_answer("bayville", text) == ("sump_pump", "allowed")
    hedged = "our sump pump line now runs to the curb and the storm drain. i think its just groundwater from the pit, ok?"
    assert first_answer("bayville", hedged) == ("sump_pump", "conditional")


def test_a_belief_said_to_be_wrong_names_nothing_in_the_water():
    from stormwater.understanding.refuted_beliefs import refuted_masked
    masked = refuted_masked("my wife thought it was something nasty but the tech showed her its the ac drain line")
    assert "nasty" not in masked and "ac drain line" in masked
    kept = refuted_masked("i think it was something nasty, it smelled awful")
    assert "nasty" in kept


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_ac_water_first_thought_foul_is_the_ac_condensate(slug):
    text = ("the tour bus idles in the lot all afternoon and water drips under it into the catch basin. a neighbor "
            "thought it was something gross but it turned out to be the ac drain line. is that allowed?")
    assert first_answer(slug, text) == ("ac_condensate", "allowed")
