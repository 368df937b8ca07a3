"""A report form's answers that deny something: a material denied at the "is it yours?"
question ("no chemicals, just oil i think") does not answer it, and a street said to be the
wrong one ("by the library not main st") is no part of the place. Found trying the desk as a
resident would (session of 2026-12-07)."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from stormwater.dialogue.guided_report import questions_for
from stormwater.understanding.answer_words import yes_no
from stormwater.understanding.form_reader import read_message
from stormwater.understanding.street_address import street_spans

NOW = datetime(2026, 12, 7, 10, 0, tzinfo=ZoneInfo("America/New_York"))
SPILL = questions_for("spill")
FILLED = {"material": "motor oil", "location": "main st near the deli"}


def read(text, asked, filled):
    return read_message(text, asked, "spill", filled, NOW, SPILL)


@pytest.mark.parametrize("text", ["no chemicals, just oil i think", "no bleach or anything", "no any chemicals"])
def test_a_material_denied_does_not_say_whose_it_is(text):
    assert yes_no(text, "responsible") is None
    assert read(text, "responsible", FILLED).updates.get("responsible") is None


@pytest.mark.parametrize("text, answer", [
    ("no", "no"), ("no, someone else", "no"), ("nope not mine", "no"), ("no its my neighbor", "no"), ("yes", "yes"),
])
def test_a_plain_no_still_answers_whose_it_is(text, answer):
    assert yes_no(text, "responsible") == answer


@pytest.mark.parametrize("text, place", [
    ("actually it's by the library not main st", "the library"),
    ("actually its on oak st not main st", "oak st"),
    ("sorry, it's on Shore Rd, not Main St", "Shore Rd"),
])
def test_a_street_said_to_be_wrong_is_no_part_of_the_place(text, place):
    filled = {**FILLED, "responsible": "yes"}
    assert read(text, "discovered", filled).updates.get("location") == place


@pytest.mark.parametrize("text, streets", [
    ("by the library not main st", []),
    ("on oak st instead of main st", ["oak st"]),
    ("12 main st not 14", ["12 main st"]),
    ("the corner of Main St and Shore Rd", ["Main St", "Shore Rd"]),
])
def test_street_spans_leave_out_a_denied_street(text, streets):
    assert [text[a:b] for a, b in street_spans(text)] == streets
