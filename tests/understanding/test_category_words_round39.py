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
