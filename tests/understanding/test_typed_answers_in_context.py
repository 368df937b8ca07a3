"""Typed report answers read for what they are (issue 28).

Whose it is said at another question, a wish to report that answers no question, denials scoped
to their clause, the thing discharged rather than the sentence around it, and a resident's own
thing that gave way. Written in words of our own, not the blind set's.
"""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from stormwater.understanding.form_reader import read_message
from stormwater.dialogue.guided_report import questions_for
from stormwater.understanding.material_reading import read_material
from stormwater.understanding.said_words import whose_from_words
from stormwater.understanding.source_words import whose_said

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))  # a Monday
SPILL = questions_for("spill")


def read(text, asked=None, filled=None):
    return read_message(text, asked, "spill", filled or {}, NOW, SPILL)


# --- whose it is, said at another question --------------------------------------------------

@pytest.mark.parametrize("text, who", [
    ("it's my neighbour's", "my neighbour"),
    ("its the bakery's", "the bakery"),
    ("oh wait the grease is coming from the diner not my landlord", "the diner"),
    ("actually it's coming from the house next door", "the house next door"),
    ("sorry, it comes from the car wash, not us", "the car wash"),
])
def test_whose_it_is_said_outright_names_the_source(text, who):
    assert whose_said(text) == who


@pytest.mark.parametrize("text", ["it's coming from a pipe", "motor oil", "yesterday at 4", "it's the storm drain's",
                                  "the water is from my pool"])
def test_a_pipe_a_drain_or_no_one_is_no_source(text):
    assert whose_said(text) is None


def test_a_correction_of_whose_it_is_at_the_time_question_is_no_time_and_the_time_is_asked_again():
    reading = read("oh wait the grease is coming from the diner not my landlord", "discovered",
                   {"responsible": "no", "material": "grease"})
    assert reading.updates["discovered"] is None and reading.updates["discovered_at"] is None
    assert reading.updates["suspected_source"] == "the diner"
    assert "material" not in reading.updates  # the grease already told is not a new material
    assert ("suspected_source", "the diner") in reading.corrected and not reading.unclear


@pytest.mark.parametrize("asked", ["amount", "material", "location", "reached_drain"])
def test_its_my_neighbours_at_another_question_notes_whose_and_asks_again(asked):
    reading = read("it's my neighbour's", asked, {"material": "pool water"} if asked != "material" else {})
    assert reading.updates["suspected_source"] == "my neighbour"
    assert reading.updates["responsible"] == "no"
    assert reading.updates[asked] is None and not reading.unclear


def test_a_correction_of_whose_it_is_that_also_gives_the_time_keeps_the_time():
    reading = read("it's coming from the deli, not my neighbor, since 4pm yesterday", "discovered", {"material": "oil"})
    assert reading.updates["suspected_source"] == "the deli"
    assert reading.updates["discovered_at"].startswith("2026-11-29T16:00")


# --- a wish to report answers no question ---------------------------------------------------

@pytest.mark.parametrize("asked", ["hazard", "responsible", "reached_drain", "commercial"])
def test_ok_i_want_to_report_it_answers_no_yes_or_no_question(asked):
    reading = read("ok I want to report it", asked)
    assert reading.unclear and reading.updates == {asked: None}


def test_a_wish_to_report_with_a_hazard_in_it_still_answers():
    assert read("yes I want to report it, it's gasoline", "hazard").updates["hazard"] == "yes"


# --- denials are scoped to their clause -----------------------------------------------------

def test_no_chemicals_at_the_material_question_is_a_denial_not_chemicals():
    reading = read("no chemicals", "material")
    assert reading.updates == {"material": "no chemicals", "hazard": "no"}


def test_a_denial_at_the_hazard_question_does_not_replace_the_material():
    reading = read("no, it's acrylic, water based, no chemicals", "hazard", {"material": "acrylic paint"})
    assert reading.updates.get("hazard") == "no" and "material" not in reading.updates


def test_a_denied_clause_names_no_material():
    assert read_material("no solvents") is None
    assert read_material("creek water, no solvents").words == "creek water"


# --- the thing discharged, not the sentence around it ----------------------------------------

@pytest.mark.parametrize("text, words", [
    ("a faint smell of gasoline coming from the catch basin", "gasoline coming from the catch basin"),
    ("the rinse water from my power washer ran down the gutter", "rinse water from my power washer"),
    ("2 buckets of grout water", "grout water"),
])
def test_the_material_is_the_thing_in_the_residents_words(text, words):
    assert read_material(text).words == words


# --- whose: the resident's own thing gave way; a storm drain is no one's doing ----------------

@pytest.mark.parametrize("text, whose", [
    ("last night my dishwasher hose burst and the water went out the back of the house into the storm drain", "yes"),
    ("my pool pump hose popped and the water went down the storm drain", "yes"),
    ("the water ran down the side of the garage into the storm drain", None),
    ("the guy next door drains his pool into the street", "no"),
])
def test_whose_from_the_opening(text, whose):
    assert whose_from_words(text.lower()) == whose


# --- found typing a whole report by hand ------------------------------------------------------

def test_not_mine_its_the_guy_across_the_street_answers_whose_and_names_the_source():
    reading = read("nope not mine, its the guy across the street", "responsible")
    assert reading.updates == {"responsible": "no", "suspected_source": "the guy across the street"}


def test_a_release_from_the_residents_own_car_is_their_own_and_the_road_by_a_landmark_is_the_place():
    reading = read("coolant dripping from my truck onto the street next to the library")
    assert reading.updates["responsible"] == "yes"
    assert reading.updates["location"] == "the street next to the library"


@pytest.mark.parametrize("text", [
    "I need to report a spill from our business",
    "my hot tub drain hose went into the street drain last night",
    "power washed the deck and the water went down the drain",
])
def test_the_residents_own_release_said_in_texting_style_is_not_asked_again(text):
    assert whose_from_words(text.lower()) == "yes"


def test_a_no_to_the_hazard_question_says_why_it_is_harmless_and_keeps_the_material():
    reading = read("nah just water and mud, no soap", "hazard", {"material": "rinse water from the power washer"})
    assert reading.updates == {"hazard": "no"}
    corrected = read("nope, it's diesel", "hazard", {"material": "rinse water from the power washer"})
    assert corrected.updates["hazard"] == "yes" and corrected.updates["material"] == "diesel"


@pytest.mark.parametrize("text, cancel", [
    ("stop asking, never mind", True),
    ("ugh, forget it", True),
    ("the lot by the Stop & Shop", False),
    ("never mind the amount, it was 5 gallons", False),
])
def test_a_wish_to_stop_at_the_end_of_a_message_cancels(text, cancel):
    from stormwater.dialogue.guided_report import is_cancel

    assert is_cancel(text) is cancel
