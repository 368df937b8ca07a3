"""Round 51's lessons (issue 27, session 2026-12-06, fifteenth): a permit said to be held counts
where the exempt water's word only says what was dug into; "ok to pour it in the catch basin"
asks, without "is it" or a question mark; water coming in through the storm sewer's own walls,
nothing named, is groundwater infiltration. Wording is this file's own, not the blind sets'."""
import pytest

from stormwater.understanding.asking import asks, asks_verdict
from stormwater.understanding.discharge_reader import read_facets
from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_held_permit_counts_where_the_exempt_waters_word_is_only_what_was_dug_into(slug):
    text = "the quarry dug into groundwater and pumps the pit water out. they say they have a state discharge permit and want to send it into our storm drain"
    assert first_answer(slug, text) == ("spdes_permitted", "conditional")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_groundwater_named_as_the_thing_keeps_its_own_rule_despite_a_permit(slug):
    text = "they have a state discharge permit and the rising groundwater in the basement goes to the storm drain, ok?"
    assert first_answer(slug, text)[0] != "spdes_permitted"


@pytest.mark.parametrize("text", [
    "there's half a can of old stain left. ok to pour it in the catch basin",
    "fine if i hose the sawdust into the gutter",
])
def test_a_sentence_opened_by_a_verdict_asks_it(text):
    assert asks(text) and asks_verdict(text)


@pytest.mark.parametrize("text", ["i told the kid ok to pour it", "ok i poured it in the drain"])
def test_ok_said_as_a_reply_or_a_filler_asks_nothing(text):
    assert not asks(text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_water_through_the_storm_drains_own_wall_is_infiltration(slug):
    text = "clear water keeps trickling into the catch basin through a crack in the side wall even in dry weather, is that allowed"
    assert read_facets(text).route == "infiltration"
    assert first_answer(slug, text)[0] == "groundwater_infiltration"


def test_groundwater_through_a_basement_floor_still_rises():
    assert read_facets("groundwater is coming up through the cracks in our basement floor").route == "rising"


def test_a_tank_leaking_into_the_storm_drain_is_no_groundwater():
    text = "a contractor's tank of roofing emulsion has been leaking into the storm drain all afternoon, isnt that illegal"
    assert first_answer("bayville", text)[0] != "groundwater_infiltration"
