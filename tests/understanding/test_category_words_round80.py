"""Issue 27, rounds 80-81: an exemption's water said to hold salt, sand, chlorine or bromine that
are not its own is no plain case of that exemption; what is asked now ("but now the crew is
hosing ...") is the question; a dye test told as "do a dye test" or "look for it" is one. Written
in words of our own, from the causes of the rounds' misses (the sets themselves are not quoted)."""
import pytest

from stormwater.dialogue import law_turns
from stormwater.dialogue.law_questions import discharge_question
from stormwater.law.villages import get_village
from stormwater.understanding.dye_tests import dye_test_told
from stormwater.understanding.told_now import asked_now
from tests.understanding.first_answer import turn_verdicts as verdicts

VILLAGES = ["bayville", "poquott"]
LETS_THROUGH = {"allowed", "conditional"}


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize("text", [
    "i rinse the snorkel gear with tap water on the driveway, the bucket has salt and sand in it when i dump it at the curb. ok?",
    "the font at church is tap water we treat with bromine, can the janitor hose it out to the lot drain?",
    "our fountain is filled from the tap and i add chlorine tabs to it, can i drain it to the gutter?",
])
def test_tap_water_holding_what_is_not_its_own_is_no_plain_exemption(slug, text):
    assert not any(verdict in LETS_THROUGH for _, verdict in verdicts(slug, text)), verdicts(slug, text)


@pytest.mark.parametrize("slug", VILLAGES)
def test_plain_tap_water_keeps_its_exemption(slug):
    assert verdicts(slug, "can i drain the clean tap water from my kids water table onto the driveway?")[0][1] in LETS_THROUGH


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize("text", [
    "i wash the road salt off my own car in the driveway after the snow, the water runs to the drain. ok?",
    "washing my own car at home, the rinse bucket is full of grit from the wheels and i dump it at the curb. fine?",
])
def test_a_car_washings_road_salt_and_grit_are_its_own(slug, text):
    assert verdicts(slug, text)[0] == ("car_wash_residential", "allowed")


def test_what_is_going_on_now_is_what_is_asked():
    text = ("the garage had a fire in may and the fire trucks water went in the drain, no problem. "
            "but now the cleanup crew is pressure washing the char off the slab into that drain. ok?")
    assert asked_now(text).startswith("but now the cleanup crew is pressure washing")
    for slug in VILLAGES:
        assert not any(key == "firefighting_water" for key, _ in verdicts(slug, text))
    # a story with nothing going on now keeps the whole message
    assert asked_now("the fire dept put out the fire and the water ran to the drain, is that ok?") is None


@pytest.mark.parametrize("text", [
    "the septic guy is going to do a dye test on our system tomorrow, does the village need to know?",
    "the buyer's inspector will flush green dye in the toilets and then look for it at the street drain. do we tell someone?",
])
def test_a_dye_test_done_or_looked_for_is_told(text):
    assert dye_test_told(text)
    for slug in VILLAGES:
        turn = law_turns.answer(get_village(slug), discharge_question(text), True)
        found = [(r.custom or {}).get("discharge") for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]
        assert found[:1] == ["dye_test"]
        # a dye test traces a septic system: the 911 line of a hazardous release is not said
        assert "utter_spill_safety_with_answer" not in [r.response for r in turn.replies]
