"""A denial of hazard typed at the place question ("no chemicals, it looks soapy") is kept and
said back, and the place is asked again: before, the whole message was "Sorry, I didn't catch
that" and the denial was lost (found trying the help desk as a resident, 2026-12-07)."""
from datetime import datetime

import pytest

from stormwater.dialogue.report_answers import FormState, read_answer

NOW = datetime(2026, 12, 7, 12, 0)


@pytest.mark.parametrize("text", ["no chemicals, it looks soapy", "nothing toxic, just looks muddy", "no chemicals"])
def test_a_denial_with_how_the_water_looks_is_kept_and_the_place_asked_again(text):
    state = FormState("location", "spill", {"material": "grey water", "hazard": None, "location": None})
    turn = read_answer(state, text, None, NOW)
    assert ("hazard", "no") in turn.slots
    assert dict(turn.slots).get("location") is None  # asked again
    assert [r.response for r in turn.replies] == ["utter_field_noted"]


def test_a_place_beside_the_denial_is_the_answer_and_the_denial_kept():
    state = FormState("location", "spill", {"material": "grey water", "hazard": None, "location": None})
    turn = read_answer(state, "no chemicals, by the deli on main st", None, NOW)
    assert dict(turn.slots)["location"] == "by the deli on main st"
    assert dict(turn.slots)["hazard"] == "no"  # and the denial is kept beside it
