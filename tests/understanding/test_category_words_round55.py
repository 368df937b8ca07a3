"""Round 55's lessons (issue 27, session 2026-12-06, sixteenth): "the inground" is a pool; a
hose laid down a driveway is no driveway wash; a strip that "says chlorine is basically zero"
measures it at nothing; a drain pipe "in gravel" carries no gravel; the SMO's promise to "put
something in writing" is his written approval; manure hosed out of a pen is still manure in
Poquott; a street hosed off with the soap denied is street wash water; "a spring that comes up"
is a spring; "water's clear" is the water's look; a fire company that "came for a chimney fire"
fought a fire. Wording is this file's own, not the blind sets'."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from tests.understanding.first_answer import first_answer


def test_the_inground_is_a_pool_and_a_hose_laid_down_the_driveway_no_wash():
    text = "shutting down the inground for good. no chlorine for two weeks and the strip says chlorine is basically zero. the pump hose goes down the driveway to the drain, ok?"
    assert first_answer("bayville", text) == ("pool_water", "allowed")
    assert first_answer("poquott", text) == ("pool_water", "prohibited")


def test_a_reading_said_before_the_thing_and_high_chlorine_stays():
    assert first_answer("bayville", "the strip says chlorine is high, can i drain the pool to the street")[1] == "conditional"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_drain_pipe_laid_in_gravel_carries_no_gravel(slug):
    text = "we put in a french drain, a perforated pipe in gravel, and it pops up at the curb after rain and runs to the storm drain. ok?"
    assert first_answer(slug, text)[0] != "sediment"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_the_officer_promising_something_in_writing_is_his_approval(slug):
    text = "oily flood water in our cellar after the storm. the storm water officer said he would put something in writing so we can pump it to the road. can we?"
    assert first_answer(slug, text) == ("smo_approved_discharge", "conditional")


def test_manure_hosed_out_of_a_pen_is_a_biological_material_in_poquott():
    text = "the farm stand hoses the manure out of the pen into the gutter every night, just water"
    assert first_answer("poquott", text) == ("pet_waste", "prohibited")
    assert first_answer("bayville", text)[1] != "allowed"
    assert first_answer("poquott", "i hose the dirt off the patio into the gutter, just water")[1] == "not_named"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_street_hosed_off_with_the_soap_denied_is_street_wash_water(slug):
    assert first_answer(slug, "my neighbor hoses off the street in front of his house, no soap, into the storm drain. legal?") == ("street_wash", "allowed")
    assert first_answer(slug, "the pizzeria hoses off the street out front, no soap, into the storm drain")[1] != "allowed"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_spring_that_comes_up_is_a_spring_and_the_season_is_not(slug):
    assert first_answer(slug, "there is a spring that comes up by the back fence, clear water, can i let it run to the gutter") == ("springs_and_wetland_flows", "allowed")
    assert first_answer(slug, "every spring the low yard floods and runs to the storm drain")[0] != "springs_and_wetland_flows"


def test_waters_clear_is_the_waters_look():
    assert first_answer("bayville", "the sump pump runs every few minutes even in a dry spell. water's clear. it goes to the gutter, ok?") == ("sump_pump", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_fire_company_that_came_for_a_fire_fought_it(slug):
    text = "the fire company came for a dryer fire and soaked the lint pile in the driveway, the black water went to the storm drain"
    assert first_answer(slug, text) == ("firefighting_water", "allowed")


def test_sediment_held_in_a_flushed_water_is_its_contents():
    # round 56's lesson: where another discharge names the water, a solid it holds is its contents
    question = discharge_question("flushed the water heater, the water's a bit rusty with sediment, it runs to the drain")
    assert question["keys"] == ["water_heater_flush"]
    assert discharge_question("can i blow the leaves into the storm drain")["keys"] == ["yard_waste"]
    assert discharge_question("sand and salt water from rinsing the kites runs into the catch basin")["keys"][0] == "sediment"
