"""Issue 27, round 63: water said to come out warm is Poquott's heat; a gas water heater is the
water heater (no gasoline); leave asked for a water named by its use ("can at least the rinse
water go"); and a smoke days ago is no emergency now. Written in new words of our own, from the
causes of round 63's misses (the set itself is not quoted)."""
import pytest

from stormwater.dialogue import spill_route
from stormwater.dialogue.law_questions import discharge_question
from stormwater.dialogue import law_turns
from stormwater.law.villages import get_village
from stormwater.understanding.asking import asks_leave_for_it
from stormwater.understanding.meaning import read_question


def answers(slug, text):
    turn = law_turns.answer(get_village(slug), discharge_question(text), True)
    return [((r.custom or {}).get("discharge"), (r.custom or {}).get("verdict")) for r in turn.replies
            if (r.custom or {}).get("type") == "discharge_answer"]


def test_tap_water_that_comes_out_warm_is_poquotts_heat():
    text = "my homebrew chiller runs tap water through a coil and it comes out warm down the driveway to the drain, nothing touches it. fine?"
    assert "allowed" not in [v for _, v in answers("poquott", text)]


def test_the_weather_said_warm_is_no_heat():
    text = "it was warm out so we ran the hose on the driveway, just tap water going to the drain. ok?"
    assert answers("poquott", text) == [("water_line_flushing", "allowed")]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_gas_water_heater_is_the_water_heater(slug):
    text = "draining the old gas water heater before the plumber hauls it, the hose goes to the gutter, ok?"
    assert [k for k, _ in answers(slug, text)] == ["water_heater_flush"]


@pytest.mark.parametrize("text, leave", [
    ("can at least the rinse water go down to the street drain?", True),
    ("could the mop water just go in the catch basin", True),
    ("can the kids go play in the street", False),
])
def test_leave_asked_for_a_water_named_by_its_use(text, leave):
    assert asks_leave_for_it(text) is leave


@pytest.mark.parametrize("text, route", [
    ("the mower battery was smoking in the shed so i dunked it in a bucket, that was 3 days ago. can i tip the bucket in the drain?", spill_route.ANSWER),
    ("the mower battery is smoking in the shed right now", spill_route.REPORT),
])
def test_a_smoke_days_ago_is_no_emergency_now(text, route):
    assert spill_route.route(text, read_question(text)) == route
