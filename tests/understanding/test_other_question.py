"""A yes or no typed at one question that belongs to another field (found trying the desk as a
resident: "no its not mine" at "did it reach a storm drain?" was filed as "Reached a storm
drain: no", and "no name pls" at "is it a business?" as "Comes from a business: no")."""
from datetime import datetime

import pytest

from stormwater.understanding import form_reader
from stormwater.understanding.other_question import name_declined, whose_instead

NOW = datetime(2026, 12, 4, 10, 0)
FILLED = {"responsible": "unsure", "material": "blue stuff", "hazard": "yes", "location": "Main St",
          "discovered": "just now", "reached_drain": None, "commercial": None, "amount": None,
          "reporter_name": None, "reporter_phone": None}


def read(text, asked, **filled):
    slots = {**FILLED, **filled, asked: None}
    return form_reader.read_message(text, asked, "spill", slots, NOW, tuple(slots))


@pytest.mark.parametrize("text, asked, whose", [
    ("no its not mine", "reached_drain", "no"),
    ("nope, not ours", "commercial", "no"),
    ("yes its mine", "hazard", "yes"),
    ("Yeah it's mine sorry", "reached_drain", "yes"),
])
def test_a_yes_or_no_about_whose_it_is_leaves_the_question_asked_open(text, asked, whose):
    reading = read(text, asked)
    assert reading.updates["responsible"] == whose and reading.updates[asked] is None
    assert ("responsible", whose) in reading.corrected


@pytest.mark.parametrize("text, asked, value", [
    ("no, and its not mine", "reached_drain", "no"),  # two answers: the drain's is kept
    ("no, they dumped it in the grass", "reached_drain", "no"),
    ("no", "commercial", "no"),
    ("yes", "hazard", "yes"),
])
def test_a_yes_or_no_that_may_answer_the_question_still_does(text, asked, value):
    assert read(text, asked).updates[asked] == value


def test_whose_it_is_is_read_only_at_the_yes_no_questions():
    assert whose_instead("no its not mine", "amount") is None
    assert whose_instead("no its not mine", "reached_drain") == "its not mine"


def test_no_name_before_the_name_question_declines_the_name_only():
    reading = read("no name pls", "commercial")
    assert reading.updates == {"reporter_name": "anonymous", "commercial": None}
    assert "reporter_phone" not in reading.updates  # the phone is still asked, as after "anonymous"
    assert name_declined("dont need my name", "amount")
    assert not name_declined("skip", "commercial") and not name_declined("no name", "reporter_name")


def test_not_knowing_what_it_is_at_the_whose_question_is_about_the_material():
    reading = read("idk what it is, looks like antifreeze maybe", "responsible", responsible=None)
    assert reading.updates["responsible"] is None  # asked again, not "not sure"
    assert "antifreeze" in reading.updates["material"]
    assert read("idk, i just saw it", "responsible", responsible=None).updates["responsible"] == "unsure"


def test_where_it_went_or_what_was_done_is_not_the_material():
    # found after the first score of typed set 5: a yes to the offer after "can I drain my
    # pool?" filed "storm drain" (the report button's words) as what was released
    reading = form_reader.read_material("I want to report someone else dumping into the storm drain. can I drain my pool?")
    assert "storm drain" not in reading.words and "drain my" not in reading.words and "pool" in reading.words
    assert form_reader.read_material("paint in the storm drain").words == "paint"
    assert form_reader.read_material("gutter gunk").words == "gutter gunk"
