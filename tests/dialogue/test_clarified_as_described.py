"""The water's contents, answered at the clarifying question: "clear" said any way leads to the
answer the same words would get asked at once (issue 27: allowed, as described)."""
import pytest

from stormwater.dialogue.law_turns import clarified
from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import get_village
from stormwater.store.wording import load_messages

BAYVILLE = get_village("bayville")
STATE = {"clarify": "water_contents", "clarify_key": "sump_pump", "asked": "our sump water looks murky, ok for the street?", "tries": 1}
ASKED = [{"event": "bot", "metadata": {"utter_action": "utter_clarify_water_contents"}}, {"event": "user", "text": "x"}]


def verdict_after(answer_text):
    settled = clarified(dict(STATE), answer_text, ASKED)
    assert isinstance(settled, dict), f"{answer_text!r} settled nothing"
    return settled["keys"][0], answer_discharge(BAYVILLE, settled["keys"][0], settled["asked"]).verdict


def tapped_clear():
    payload = load_messages()["clarify_choices"]["water_contents"]["clear"]["payload"]
    return payload.format(label="sump pump water")


@pytest.mark.parametrize("typed", ["no", "nope, its clear", "nothing, just water", "clean"])
def test_the_clear_choice_typed_or_tapped_is_allowed_as_described(typed):
    assert verdict_after(typed) == ("sump_pump", "allowed")
    assert verdict_after(tapped_clear()) == ("sump_pump", "allowed")
    # the same as asking with the words at once
    assert answer_discharge(BAYVILLE, "sump_pump", "clear sump pump water, nothing in it, ok for the street?").verdict == "allowed"


def test_not_sure_keeps_the_look_that_raised_the_question():
    key, verdict = verdict_after("not sure")
    assert key == "sump_pump" and verdict == "not_named"


def test_something_in_it_is_the_contaminated_case():
    key, verdict = verdict_after("yes, some soap")
    assert key == "contaminated_sump_pump" and verdict != "allowed"
