"""Issue 28, round 9: the material, the amount and the hazard of a typed report. A catalogue
label only when the resident's words name that thing, else their words; a container in the story
is what held the thing, not how much came out; the hazard comes from the thing. Written in our
own words, not the typed sets'."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from stormwater.understanding.answer_words import hazard_from_words, wants_no_contact, without_no_contact
from stormwater.understanding.field_values import is_question
from stormwater.understanding.form_reader import read_material, read_message
from stormwater.understanding.later_corrections import material_corrected, with_guess
from stormwater.understanding.material_seen import guessed, seen_thing
from stormwater.understanding.thing_hazard import known_whole

NOW = datetime(2026, 12, 2, 15, 0, tzinfo=ZoneInfo("America/New_York"))


def test_a_word_that_only_says_the_kind_of_the_next_thing_is_not_the_material():
    reading = read_material("we rinsed the oil stain rollers in the gutter on Elm St")
    assert reading.words == "oil stain" and "motor_oil" not in reading.keys
    assert read_material("cleaned the oil primer trays off at the curb").words == "oil primer"
    # two things said side by side with "and" stay two things, each with its own key
    both = read_material("someone dumped motor oil and antifreeze by the grate")
    assert both.words == "motor oil, antifreeze" and set(both.keys) == {"motor_oil", "antifreeze"}


def test_words_in_front_of_a_pool_or_tub_name_what_it_held_and_the_hazard_is_asked():
    reading = read_material("after the luau we tipped the punch filled kiddie pool into the drain")
    assert "punch" in reading.words and "kiddie pool" in reading.words
    assert reading.hazard is None  # the vocabulary knows the pool, not the punch: asked
    assert not known_whole("punch filled kiddie pool") and known_whole("kiddie pool")
    assert read_material("i drained the kiddie pool").hazard == "no"  # the pool alone is still pool water


def test_a_thing_seen_but_not_known_keeps_the_residents_words_first():
    reading = read_material("there's a heap of grey pellets on the curb by the grate, no clue what it is, looks like fertilizer")
    assert reading.unknown and reading.words.startswith("grey pellets, no clue what it is")
    assert "looks like fertilizer" in reading.words
    assert read_material("black crumbs, no idea what they are").words.startswith("black crumbs")
    assert seen_thing("i found two bags of pink powder by the drain") == "pink powder"
    assert seen_thing("theres something leaking") is None
    assert guessed("not sure, smells like bleach but its faint") == "smells like bleach"


def test_a_later_guess_refines_the_material_said_first_never_replaces_it_by_the_sentence():
    assert with_guess("material", "green ooze", "dunno what it is, looks like coolant") == \
        "green ooze (dunno what it is, looks like coolant)"
    assert with_guess("material", "green ooze", "motor oil") == "motor oil"  # a plain correction replaces
    reading = read_message("dunno what it is, looks like coolant maybe", "responsible", "spill", {"material": "green ooze"}, NOW)
    assert reading.updates["material"].startswith("green ooze (")


def test_denying_a_word_of_the_filed_label_corrects_the_material():
    filed = {"material": "stormwater (rain, snowmelt, surface runoff)"}
    reading = material_corrected("no it isnt rain, the roofers are pouring a pail of tar cleaner in the drain", "responsible", filed)
    assert reading is not None and "tar" in reading.updates["material"]
    assert material_corrected("no, not mine", "responsible", filed) is None
    assert material_corrected("not sure, a neighbor maybe", "responsible", {"material": "not sure what it is"}) is None


def test_grease_and_food_waste_are_not_hazardous_unless_said():
    assert hazard_from_words("the grease trap at the diner overflowed into the lot") == "no"
    assert hazard_from_words("the grease trap backed up with raw sewage") == "yes"


@pytest.mark.parametrize("answer", ["a pail", "half a pail", "couple of quarts", "a few spoonfuls", "a lot", "the whole bottle"])
def test_vague_amounts_and_containers_at_the_amount_question_are_kept_as_said(answer):
    assert read_message(answer, "amount", "spill", {"material": "paint"}, NOW).updates == {"amount": answer}


def test_a_later_sentence_that_asks_not_to_be_contacted_goes_whole():
    assert without_no_contact("two cups maybe. and nobody call me after this, i only want it logged") == "two cups maybe"
    assert without_no_contact("Lee Park, please don't contact me") == "Lee Park"
    assert wants_no_contact("yes a bakery, but dont let anyone call me about it")


def test_not_knowing_then_checking_a_guess_answers_the_hazard_question():
    assert not is_question("not sure, the tiki torch stuff is some kind of oil right?")
    assert read_message("not sure, the tiki torch stuff is some kind of oil right?", "hazard", "spill", {}, NOW).updates["hazard"] in ("yes", "unsure")
    assert is_question("not sure, can i just hose it into the street?")


def test_every_further_thing_dumped_with_and_is_kept():
    reading = read_material("the food truck dumped their frying grease and a tub of lard scraps in the drain")
    assert "grease" in reading.words and "lard scraps" in reading.words
    assert read_material("the guy dumped paint and then drove off").words == "paint"
    assert read_material("they tipped out their proofing dough water behind the bakery").words == "proofing dough water"
