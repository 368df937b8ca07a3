"""Round 50's lessons (issue 27, session 2026-12-06, fifteenth): a gas utility's "gas" is no
gasoline; a "general permit" of the state is an SPDES permit; the lawn the water runs off is a
surface, not grass clippings; a remover said before a thing takes it out of the water, and a
removal denied leaves it in; "we don't have a sump" names no sump; a pool's water said to hold
something else gets no "only if" badge. Wording is this file's own, not the blind sets'."""
import pytest

from stormwater.understanding.discharge_reader import read_facets
from stormwater.understanding.meaning import read_question
from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("text", [
    "the gas company flushed their new main with water and it ran into the catch basin, is that legal",
    "crews testing the gas line on our block sent the test water down the storm drain",
])
def test_a_gas_utilitys_gas_is_no_gasoline(text):
    assert "motor_oil" not in read_question(text).keys


def test_a_state_general_permit_is_an_spdes_permit():
    text = "the contractor says they have a state general permit for the dewatering water going into the catch basin, ok?"
    assert "spdes" in read_facets(text).permits


def test_gasoline_is_still_gasoline():
    assert read_question("i spilled gas from the mower can and it ran into the storm drain").keys[0] == "motor_oil"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_the_lawn_the_fed_water_runs_off_is_no_grass_clippings(slug):
    text = "i feed the lawn with a hose end fertilizer sprayer and the blue water runs off the grass into the gutter. still lawn watering?"
    discharge, verdict = first_answer(slug, text)
    assert discharge != "yard_waste" and verdict != "prohibited"


def test_hosing_off_clippings_still_names_them():
    assert read_question("i hose the grass clippings off the driveway into the storm drain").keys[0] == "yard_waste"


def test_a_remover_said_before_the_chlorine_takes_it_out():
    text = "we drain the swimming pool to the storm drain but we neutralize the chlorine first, ok?"
    assert first_answer("bayville", text) == ("pool_water", "allowed")


@pytest.mark.parametrize("text", [
    "we drain the swimming pool to the storm drain and we dont neutralize the chlorine, ok?",
    "we never remove the chlorine before draining the swimming pool to the storm drain",
])
def test_a_removal_denied_leaves_the_chlorine_in(text):
    assert first_answer("bayville", text)[1] != "allowed"
    assert "chlorine" not in read_facets(text).denied


def test_we_dont_have_a_sump_names_no_sump():
    text = "groundwater comes up through our basement floor, we dont have a sump so i carry it out in buckets to the gutter. just groundwater, allowed?"
    assert read_question(text).keys == ("groundwater",)
    assert first_answer("bayville", text) == ("groundwater", "allowed")


def test_pool_water_said_to_hold_something_else_gets_no_only_if_badge():
    text = "after each water test i pour out the sample tubes, pool water with the pink indicator in it, at the curb drain. ok?"
    assert first_answer("bayville", text)[1] == "not_named"
