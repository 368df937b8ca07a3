"""Round 49's lessons (issue 27, session 2026-12-06, fifteenth): a hot temperature said of the
water is heat; ice kept in a vessel melts into no snowmelt; "dredge" is dredging; a creek or
brook piped into the storm sewer long ago is an existing diverted stream flow; "let each line
flush till it runs clear" is a water line's flushing.
Wording is this file's own, not the blind sets'."""
import pytest

from stormwater.understanding.discharge_reader import read_discharge, read_facets
from stormwater.understanding.long_standing import long_standing
from stormwater.understanding.temperatures import temperature_words
from stormwater.understanding.water_qualifiers import stormwater_with
from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("raw, said", [
    ("we soak the jars in 180 degree water", ("180 degree",)),
    ("the rinse runs at 165f", ("165f",)),
    ("the bath is 70 c when we empty it", ("70 c",)),
    ("the pool is 85 degrees", ()),          # a warm pool, no heated process
    ("preheat to 350 degrees", ()),          # an oven: no water is that hot
    ("it was 95 degrees out", ()),
])
def test_a_stated_hot_temperature_is_the_heat_of_a_use(raw, said):
    assert temperature_words(raw, "boiling") == said
    assert temperature_words(raw, "soap") == ()


def test_a_process_at_a_stated_temperature_is_heat_in_poquott_even_called_just_water():
    text = "i blanch the wool in a drum of 170 degree water, then tip the drum in the gutter. its just water and wool, fine?"
    assert "boiling" in read_facets(text).contents
    assert first_answer("poquott", text)[1] == "prohibited"


def test_hot_tap_water_at_a_stated_temperature_stays_open_in_poquott():
    assert first_answer("poquott", "can i run 140 degree tap water from the kitchen hose into the storm drain")[1] == "not_named"


@pytest.mark.parametrize("text", [
    "the ice in the bait cooler melted and its full of shrimp bits, i tip it in the catch basin",
    "by noon the ice in our raw bar trays has melted with clam juice and we dump it in the storm drain",
])
def test_ice_kept_in_a_vessel_melts_into_no_snowmelt(text):
    raw = " ".join(text.replace(",", " , ").split())
    assert not stormwater_with(raw)


def test_snow_melting_with_salt_is_still_stormwater_with_something():
    assert stormwater_with("the plowed snow melts with all the salt and sand into the drain")


def test_dredge_said_as_a_verb_is_dredged_spoil():
    text = "a crew came to dredge the lagoon and the slurry drains out of the bags into the storm drain"
    assert read_discharge(text).facets.water == "dredged_spoil"
    assert first_answer("poquott", text)[1] == "prohibited"


@pytest.mark.parametrize("text", [
    "the town put the brook in a pipe under our street decades ago and it runs into the storm drains, is that an illegal discharge?",
    "theres a creek that was culverted into the storm sewer back in the 1920s, is that flow allowed",
])
@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_stream_piped_long_ago_is_an_existing_diverted_stream_flow(slug, text):
    assert first_answer(slug, text) == ("diverted_stream_flows", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_stream_to_be_diverted_now_is_no_existing_flow(slug):
    assert first_answer(slug, "can we reroute the creek behind the barn into the storm drain?") == (None, "not_named")


def test_a_creek_as_where_paint_was_dumped_is_no_stream_flow():
    assert first_answer("bayville", "someone dumped paint in the creek by the storm drain")[0] != "diverted_stream_flows"


@pytest.mark.parametrize("text, said", [
    ("been like that since the 50s", True),
    ("they piped it back in 1893", True),
    ("it was rerouted decades ago", True),
    ("since the storm it runs", False),
    ("we plan to pipe it next year", False),
])
def test_long_standing(text, said):
    assert long_standing(text) is said


def test_a_line_left_to_flush_until_it_runs_clear_is_flushing_water():
    text = "at spring startup i open the end caps and let each line in the beds flush until it runs clear, down the gutter to the drain. ok?"
    assert read_facets(text).water == "potable"
    assert first_answer("bayville", text) == ("water_line_flushing", "allowed")

