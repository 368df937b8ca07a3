"""Typed answers meant for another question of the report form (found trying the help desk as a
resident, 2026-12-07): "yes it went in the drain" typed at "is it a business?" answers whether it
reached a drain (before: "business: yes", and the words filed as the suspected source), and "no
chemicals, it looks soapy" at a yes/no question keeps the denial of hazard."""
from datetime import datetime

import pytest

from stormwater.dialogue.report_answers import FormState, read_answer

NOW = datetime(2026, 12, 7, 12, 0)
FILLED = {"material": "grey water", "hazard": None, "location": "behind the deli", "reached_drain": "unsure",
          "commercial": None, "responsible": None}


@pytest.mark.parametrize("asked", ["commercial", "responsible"])
@pytest.mark.parametrize("text, drained", [("yes it went in the drain", "yes"), ("no it stayed on the driveway", "no")])
def test_where_it_went_answers_the_drain_question_and_the_asked_one_comes_again(asked, text, drained):
    slots = dict(read_answer(FormState(asked, "spill", FILLED), text, None, NOW).slots)
    assert slots["reached_drain"] == drained
    assert slots[asked] is None
    assert "suspected_source" not in slots


def test_a_business_named_still_answers_the_business_question():
    slots = dict(read_answer(FormState("commercial", "spill", FILLED), "yes the restaurant", None, NOW).slots)
    assert slots["commercial"] == "yes"


@pytest.mark.parametrize("asked", ["responsible", "reached_drain", "commercial"])
def test_a_denial_with_a_look_is_kept_at_a_yes_no_question(asked):
    turn = read_answer(FormState(asked, "spill", FILLED), "no chemicals, it looks soapy", None, NOW)
    slots = dict(turn.slots)
    assert slots["hazard"] == "no" and slots[asked] is None


@pytest.mark.parametrize("asked", ["hazard", "reached_drain"])
def test_not_mine_texted_alone_says_whose_it_is(asked):
    turn = read_answer(FormState(asked, "spill", {"material": "paint", "hazard": None, "responsible": None}), "not mine", None, NOW)
    slots = dict(turn.slots)
    assert slots["responsible"] == "no" and slots[asked] is None


def test_whose_it_is_told_with_where_it_went_answers_the_question_asked():
    # a typed-report round's resident: answered at "is it yours?", and it must not loop
    text = "yes it was me, I was cleaning brushes with water-based paint at 17 Thomas St and it went in the drain"
    slots = dict(read_answer(FormState("responsible", "spill", FILLED), text, None, NOW).slots)
    assert slots["responsible"] == "yes"
