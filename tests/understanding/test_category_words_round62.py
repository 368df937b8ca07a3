"""Issue 27, round 62: a word with an ending added or dropped is no typo of a discharge ("leave
it to melt" is no "leaves"); a pool's pump and a "fat" hose name no pool water and no cooking fat;
what a hole is dug for is no water yet; tap water named after a container ("a trash can of tap
water") is still named by its own words; a listed pollutant said beside well water; a sump line
run underground to the storm drain is a connection in Bayville. Written in new words of our own,
from the causes of round 62's misses (the set itself is not quoted)."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.dialogue import law_turns
from stormwater.law.villages import get_village
from stormwater.understanding.catalogue import find_discharges
from stormwater.understanding.typed_phrases import typo_of


def answers(slug, text):
    turn = law_turns.answer(get_village(slug), discharge_question(text), True)
    return [((r.custom or {}).get("discharge"), (r.custom or {}).get("verdict")) for r in turn.replies
            if (r.custom or {}).get("type") == "discharge_answer"]


@pytest.mark.parametrize("window, phrase, typo", [
    ("leave", "leaves", False), ("washe", "washed", False), ("gras", "grass", True), ("watter", "water", True), ("machne", "machine", True),
])
def test_an_ending_added_or_dropped_is_another_word_not_a_typo(window, phrase, typo):
    assert typo_of(window, phrase) is typo


def test_leave_it_to_melt_names_no_leaves():
    assert find_discharges("the caterer said to leave it on the lawn to melt, then it runs to the drain") == []


@pytest.mark.parametrize("text", [
    "the basement took on rain water so we ran the pool pump with a hose to the street, is that allowed?",
    "the plumbers ran a big fat hose from the test valve to the gutter for an hour, is that ok?",
])
def test_a_pool_pump_or_a_fat_hose_names_no_pool_water_or_grease(text):
    keys = [k for k, _ in answers("bayville", text)]
    assert "pool_water" not in keys and "grease" not in keys


def test_fat_said_as_a_thing_is_still_grease():
    assert "grease" in find_discharges("the diner pours its bacon fat into the catch basin")


def test_what_a_hole_is_dug_for_is_no_water_yet():
    text = "the excavation for our new inground pool filled with groundwater and the contractor pumps it to the street drain, its clear"
    assert ("pool_water", "prohibited") not in answers("poquott", text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_tap_water_named_after_a_container_is_still_named_by_its_words(slug):
    text = "i rinse my fishing gear in a big cooler of tap water after a trip, the salty water goes down the driveway to the drain. problem?"
    assert [v for _, v in answers(slug, text)] == ["not_named"]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_listed_pollutant_said_beside_well_water(slug):
    text = "our well has radium so a treatment unit was installed and its backwash line runs to the curb. can that go in the street drain?"
    assert "allowed" not in [v for _, v in answers(slug, text)]


def test_a_sump_line_run_underground_to_the_storm_drain_needs_bayvilles_connection_permit():
    text = "the waterproofing company wants to run our sump pump line underground to the storm drain at the curb. its just groundwater. ok?"
    assert answers("bayville", text) == [("piped_exempt_water", "conditional")]
