"""Round 54's lessons (issue 27, session 2026-12-06, sixteenth): a test that reads "0.0 free and
total chlorine" measures the chlorine at nothing; "just ground water" says nothing is in it; a
"window unit" is an air conditioner; "nothing added" adds nothing; an old machine dumped into the
drain is discarded equipment; a town's patrol cars are a fleet; a sump pump used to empty
something else is its means, no discharge; and a home's exempt water piped straight into Poquott's
MS4 is left open by its text. Wording is this file's own, not the blind sets'."""
import pytest

from stormwater.dialogue import law_turns
from stormwater.dialogue.law_questions import discharge_question
from stormwater.law.villages import get_village
from stormwater.understanding.water_gone import gone_from_water
from tests.understanding.first_answer import first_answer

CHLORINE = {"chlorine": ("chlorine",)}


def desk_answers(slug: str, text: str):
    """(discharge, verdict) of every discharge answer the desk's turn gives ``text`` (law_questions included)."""
    turn = law_turns.answer(get_village(slug), discharge_question(text), True)
    return [(r.custom["discharge"], r.custom["verdict"]) for r in turn.replies
            if (r.custom or {}).get("type") == "discharge_answer"]


@pytest.mark.parametrize("text, gone", [
    ("we quit adding chlorine last month and the kit reads 0.0 free and total chlorine", ("chlorine",)),
    ("the strip shows 0 ppm chlorine now", ("chlorine",)),
    ("the strip reads zero ph and high chlorine", ()),
    ("the kit reads 0.0 for ph and 3 for chlorine", ()),
])
def test_a_reading_of_nil_before_the_thing_measures_it(text, gone):
    assert gone_from_water(text, CHLORINE, tested_only=True) == gone


def test_a_decimal_zero_reading_vouches_for_a_dechlorinated_pool():
    text = "we are filling in the old pool. quit adding chlorine last month and the kit reads 0.0 free and total chlorine. ok to pump it to the street drain?"
    assert first_answer("bayville", text) == ("pool_water", "allowed")


def test_high_chlorine_beside_a_zero_reading_is_still_in_the_water():
    text = "the strip reads zero ph and high chlorine. can i pump the pool to the storm drain?"
    assert first_answer("bayville", text) == ("pool_water", "conditional")


@pytest.mark.parametrize("text, verdict", [
    ("the crawl space sump hose goes to the gutter. its just ground water. fine?", "allowed"),
    ("the sump pump runs to the road drain, only rainwater in the pit", "allowed"),
    ("the sump pump runs to the road drain, its not just ground water, there is oil", "prohibited"),
])
def test_water_named_by_its_kind_alone_holds_nothing(text, verdict):
    assert first_answer("bayville", text)[1] == verdict


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_window_unit_drip_is_air_conditioning_condensate(slug):
    assert first_answer(slug, "my window unit drips onto the sidewalk and into the gutter all july, is that a problem") == ("ac_condensate", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_spring_water_with_nothing_added_is_the_spring(slug):
    text = "a spring keeps the back corner soggy and we want a french drain to carry it to the gutter, nothing added, just the spring water"
    assert first_answer(slug, text) == ("springs_and_wetland_flows", "allowed")


@pytest.mark.parametrize("slug, verdict", [("bayville", None), ("poquott", "prohibited")])
def test_an_old_machine_dumped_in_the_drain_is_no_condensate(slug, verdict):
    key, got = first_answer(slug, "can i dump my old air conditioner in the storm drain by the curb")
    assert key != "ac_condensate" and got != "allowed"
    if verdict:
        assert got == verdict


def test_dumped_liquid_is_still_read_by_its_name():
    assert first_answer("poquott", "can i dump the old pool water into the storm drain") == ("pool_water", "prohibited")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_police_departments_patrol_cars_are_no_residential_car_wash(slug):
    text = "the cops wash their patrol cars with soap behind the police station and it runs into the storm drain, i can wash mine so why not them"
    key, verdict = first_answer(slug, text)
    assert key != "car_wash_residential" and verdict != "allowed"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_sump_pump_that_empties_a_tub_is_its_means(slug):
    answers = desk_answers(slug, "we emptied the kids pool with a small sump pump down the driveway to the storm drain")
    assert answers and all(key != "sump_pump" for key, _ in answers)


def test_a_product_used_with_the_washing_is_no_means():
    assert discharge_question("can i wash my boat on the trailer with hull cleaner, it all goes to the storm drain")["keys"][:2] == ["boat_wash", "detergent"]
    assert desk_answers("poquott", "she sprays the hill with tap water all night and it melts to the storm drain")[0][0] != "washing_machine"


def test_a_sump_pit_something_is_poured_into_stays_one_tap_away():
    question = discharge_question("my husband dumps the mop bucket into the sump pit so it pumps away")
    assert question["keys"][:2] == ["detergent", "sump_pump"]


@pytest.mark.parametrize("text", [
    "the plumber wants to tie my basement sump line straight into the storm drain inlet, is that ok",
    "can i connect my footing drain pipe right into the catch basin",
])
def test_a_homes_exempt_water_piped_into_poquotts_ms4_is_left_open(text):
    assert desk_answers("poquott", text)[0] == ("piped_exempt_water_home", "not_named")
    assert desk_answers("bayville", text)[0][1] == "conditional"  # § 63A-12: a connection permit


def test_the_open_connection_answer_carries_its_note_when_no_catalogue_word_named_the_water():
    # "central air" is read as a water, not a catalogue word: the case the facet rules reached brings its note
    turn = law_turns.answer(get_village("poquott"), discharge_question("the drain line from our central air is hooked into the catch basin, ok?"), True)
    assert "utter_not_named_note" in [r.response for r in turn.replies]


def test_poquott_rain_piped_in_and_a_sump_hose_to_the_gutter_keep_their_answers():
    assert desk_answers("poquott", "can i tie my downspouts into the storm sewer")[0] == ("rainwater", "allowed")
    assert desk_answers("poquott", "my sump pump hose runs out to the gutter")[0] == ("sump_pump", "allowed")
