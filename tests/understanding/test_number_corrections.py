"""A bare number said as a correction at a later question ("actually it was more like 7"): it
changes the one field filed with a number, in that field's own words, and the question comes
again (found trying the desk as a resident: the hour stayed 6 PM)."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from stormwater.dialogue.guided_report import questions_for
from stormwater.understanding.form_reader import read_message

NOW = datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo("America/New_York"))  # a Tuesday
TIMED = {"material": "paint", "discovered": "last night around 9", "discovered_at": "2026-11-30T21:00:00"}


def read(text, asked, filled):
    return read_message(text, asked, "spill", filled, NOW, questions_for("spill"))


@pytest.mark.parametrize("text", ["actually it was more like 10", "oops i meant 10", "sorry, 10 not 9", "no wait closer to 10"])
def test_a_corrected_hour_changes_the_time_filed_and_asks_the_question_again(text):
    reading = read(text, "hazard", TIMED)
    assert reading.updates["discovered"] == "last night around 10"
    assert reading.updates["discovered_at"].startswith("2026-11-30T22:00")
    assert reading.updates["hazard"] is None  # the hazard question comes again
    assert reading.corrected == [("discovered", "last night around 10")]


def test_a_corrected_amount_keeps_its_unit():
    filled = {"material": "antifreeze", "amount": "maybe 3 gallons"}
    reading = read("actually more like 5", "commercial", filled)
    assert reading.updates["amount"] == "maybe 5 gallons"


def test_two_numbered_fields_are_told_apart_only_by_the_old_number():
    filled = {**TIMED, "amount": "about 2 buckets"}
    assert "amount" not in read("actually more like 4", "commercial", filled).updates  # which one? not guessed
    assert read("sorry 4 not 2", "commercial", filled).updates["amount"] == "about 4 buckets"
    assert read("sorry 10 not 9", "commercial", filled).updates["discovered"] == "last night around 10"


@pytest.mark.parametrize("asked", ["amount", "location", "discovered"])
def test_a_number_at_a_question_a_number_answers_is_that_answer_not_a_correction(asked):
    reading = read("actually more like 7", asked, TIMED)
    assert reading.updates.get("discovered") != "last night around 7"


def test_a_number_without_a_correction_word_corrects_nothing():
    assert "discovered" not in read("10", "hazard", TIMED).updates
