"""Issue 27, round 64: sprinklers that water a clay court water no plant; a rise told in degrees
("a few degrees warmer") is Poquott's heat; washing a car named only as what a rinse is compared
with ("basically the same as washing a car") is no car washed. Written in new words of our own,
from the causes of round 64's misses (the set itself is not quoted)."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.dialogue import law_turns
from stormwater.law.villages import get_village
from stormwater.understanding.discharge_reader import read_facets


def answers(slug, text):
    turn = law_turns.answer(get_village(slug), discharge_question(text), True)
    return [((r.custom or {}).get("discharge"), (r.custom or {}).get("verdict")) for r in turn.replies
            if (r.custom or {}).get("type") == "discharge_answer"]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_sprinklers_that_water_a_clay_court_water_no_plant(slug):
    text = "the rotor sprinklers water the clay infield before games and the red clay runs off into the catch basin. ok?"
    assert ("lawn_watering", "allowed") not in answers(slug, text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_sprinklers_that_water_the_lawn_still_water_it(slug):
    assert answers(slug, "the sprinklers water the lawn and it runs down the driveway, ok?") == [("lawn_watering", "allowed")]


def test_a_rise_told_in_degrees_is_poquotts_heat():
    text = "our well water loop dumps to the gutter, nothing added, maybe 10 degrees warmer than it went in. allowed?"
    assert "heat" in read_facets(text).contents
    assert "allowed" not in [v for _, v in answers("poquott", text)]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_car_wash_named_only_as_a_comparison_is_no_car_washed(slug):
    text = "i hose the salt and sand off my paddleboard on the driveway after the beach, its the same as washing a car isnt it?"
    assert read_facets(text).water != "vehicle_wash"
    assert ("car_wash_residential", "allowed") not in answers(slug, text)
