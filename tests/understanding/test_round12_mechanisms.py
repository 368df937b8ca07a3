"""Issue 27, round 12's misses by mechanism (session 2026-12-05b). Wording is this file's own, not
the blind sets'."""
import pytest

from stormwater.dialogue.law_followups import topic_turn
from stormwater.dialogue.law_questions import discharge_question
from stormwater.law.villages import get_village
from stormwater.understanding.meaning import read_question
from tests.understanding.first_answer import first_answer


_first = first_answer


@pytest.mark.parametrize("text", [
    "we keep a bromine pool, not chlorine. can i drain it to the street?",
    "the pool uses bromine instead of chlorine, can it go down the driveway to the storm drain?",
])
def test_a_bromine_pool_is_not_named_in_bayville_since_bromine_is_no_chlorine(text):
    assert _first("bayville", text)[1] == "not_named"
    assert _first("poquott", text)[1] == "prohibited"  # § 132-3 lists pool water whatever its sanitizer


def test_a_chlorine_pool_keeps_its_condition_in_bayville():
    assert _first("bayville", "can i drain my chlorine pool into the street once it sits a week?") == ("pool_water", "conditional")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "the wheelbarrow filled with rain and now its grey ash water from the woodstove cleanout. can i tip it down the driveway to the drain?",
    "the utility crew pumped the muddy water out of the flooded valve pit into the gutter after the heavy rain, is that ok?",
])
def test_rain_holding_a_listed_material_or_rain_that_picked_up_mud_is_open(slug, text):
    assert _first(slug, text)[1] == "not_named"


def test_a_pool_holding_something_that_is_no_water_is_no_swimming_pool_in_bayville():
    assert _first("bayville", "we filled a wading pool of slime for the science party, can i empty it in the street drain?")[1] == "not_named"
    assert _first("bayville", "can i empty my kiddie pool into the street drain?") == ("pool_water", "conditional")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_sewage_ejector_line_piped_to_the_storm_sewer_is_prohibited(slug):
    text = "the contractor wants to run our sewage ejector line out to the storm sewer pipe in the yard. allowed?"
    assert _first(slug, text)[1] == "prohibited"


def test_an_spdes_permit_held_for_a_discharge_gets_the_permitted_discharge_verdict_first():
    text = "our plating shop holds a DEC SPDES permit for the rinse water, and its pipe runs to the village storm sewer. we're covered with the village too, right?"
    for slug in ("bayville", "poquott"):
        turn = topic_turn(get_village(slug), "spdes_permits", discharge_question(text), True)
        answers = [r.custom for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]
        assert [(a["discharge"], a["verdict"]) for a in answers][:1] == [("spdes_permitted", "conditional")]
    turn = topic_turn(get_village("bayville"), "spdes_permits", discharge_question("what is an SPDES permit?"), True)
    assert not [r for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]


def test_the_trade_that_installs_irrigation_is_no_irrigation_water():
    reading = read_question("the irrigation company flushed the new main with city water and it ran into the storm drain, allowed?")
    assert reading.key != "landscape_irrigation"


def test_dead_insects_hosed_into_the_drain_are_a_listed_biological_material_in_poquott():
    assert _first("poquott", "the pier crew hoses the heaps of dead insects off the boardwalk into the storm drain every morning, ok?")[1] == "prohibited"
