"""Issue 27, the lead's own trial: each village's answer to questions of the five kinds read
wrongly (a tool, a filling that overflows, plain water, melting snow, a fire service's training),
in this file's own words, checked against the ordinance's text."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages

VILLAGES = ("bayville", "poquott")


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def answers(village, text):
    """(discharge, verdict) of each discharge the desk answers for ``text``, the first first."""
    question = discharge_question(text)
    assert not question.get("clarify"), question
    return [(a.discharge, a.verdict) for a in (answer_discharge(village, k, text) for k in question["keys"] or [None])]


def in_text(village, words):
    assert " ".join(words.split()) in " ".join(village.ordinance_text().split()), words


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize(
    "text",
    [
        "we use the hydrant to fill the pool and some overflows into the street, problem?",
        "we fill the kiddie pool with tap water and it overflows onto the driveway into the drain, is that ok?",
        "filling the horse trough with well water, it overflows into the storm drain. allowed?",
        "i fill the hot tub with city water from the spigot and it runs over into the gutter, fine?",
    ],
)
def test_water_overflowing_while_it_fills_something_is_the_potable_waters(villages, slug, text):
    village = villages[slug]
    in_text(village, "water line flushing")
    got = answers(village, text)
    assert got[0] == ("water_line_flushing", "allowed"), got
    # never the pool's own badge: Poquott's text exempts no pool water at all
    assert not any(d in ("pool_water", "hot_tub_water") for d, _ in got), got


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_pool_filled_long_ago_is_still_pool_water(villages, slug):
    got = answers(villages[slug], "we filled the pool in may, can we drain it into the street now?")
    assert got[0] == ("pool_water", "conditional" if slug == "bayville" else "prohibited")


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize(
    "text",
    [
        "i power wash my vinyl siding with just water, the runoff goes into the street drain ok?",
        "we pressure wash the brick patio with only plain water and it runs to the storm drain, ok?",
        "i power wash the deck, nothing but water, into the street drain fine?",
    ],
)
def test_a_washing_with_just_water_gets_no_soap_badge(villages, slug, text):
    assert answers(villages[slug], text) == [(None, "not_named")]


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize(
    "text",
    [
        "is it ok to let the snow from my driveway melt into the storm drain",
        "is it ok to let snow melt into the storm drain",
        "the snow piled up by the plow melts into the catch basin, is that ok?",
        "the ice off my roof thaws and runs into the street drain, allowed?",
    ],
)
def test_snowmelt_is_stormwater(villages, slug, text):
    village = villages[slug]
    in_text(village, "other than stormwater")
    if slug == "poquott":
        in_text(village, "Rainwater, surface runoff, snowmelt and drainage.")
    assert answers(village, text) == [("rainwater", "allowed")]


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize(
    "text",
    [
        "can the fire department dump water from their training into the street?",
        "the volunteer firemen practice with their hoses in the school lot and the water goes down the storm drain, allowed?",
        "the fire company is doing a demonstration at the fair and sprays water into the street drain, ok?",
    ],
)
def test_a_fire_services_training_water_gets_no_firm_badge_but_the_exemption_closest(villages, slug, text):
    village = villages[slug]
    in_text(village, "water from fire-fighting activities" if slug == "poquott" else "water from firefighting activities")
    answer = answer_discharge(village, None, text)
    assert discharge_question(text)["keys"] == [] and answer.verdict == "not_named"
    assert answer.closest[0].key == "firefighting_water"


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_fire_put_out_is_still_firefighting(villages, slug):
    text = "the fire department put out the fire and the water went into the storm drain, allowed?"
    assert answers(villages[slug], text) == [("firefighting_water", "allowed")]


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_pressure_washer_is_no_washing_machine(villages, slug):
    text = "the marina washes boat bottoms with a pressure washer and the paint chips go in the drain"
    assert answers(villages[slug], text) == [("paint", "prohibited")]


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize(
    "text",
    [
        "can i do power washing of my deck with no soap into the drain?",
        "we do power washing of the siding, no detergent, only water, into the street drain ok?",
        "the crew power washing the storefront says it's just water going in the catch basin",
    ],
)
def test_a_washing_named_by_the_catalogue_but_its_soap_denied_gets_no_soap_badge(villages, slug, text):
    village = villages[slug]
    assert discharge_question(text)["keys"] == ["detergent"]  # the catalogue's word: "power washing"
    assert answers(village, text) == [(None, "not_named")]


@pytest.mark.parametrize("slug", VILLAGES)
def test_soapy_water_keeps_its_badge(villages, slug):
    assert answers(villages[slug], "is soapy water ok in the street drain") == [("detergent", "prohibited")]


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize("text", [
    "the goat manure on our farm washes off in the rain into the road drain, is that allowed?",
    "our mulch pile washes off into the gutter every storm, thats fine right?",
])
def test_a_solid_washed_off_by_rain_is_never_allowed_as_rain(villages, slug, text):
    # the rain carries the solid: no "Allowed" for rainwater (a contradicting badge, found probing)
    verdicts = [verdict for _, verdict in answers(villages[slug], text)]
    assert verdicts and "allowed" not in verdicts
