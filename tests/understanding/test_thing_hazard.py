"""The hazard of a thing comes from the thing (issue 28, round 7): a hazardous word inside the
name of a harmless thing, or a harmless word for only part of what was said, decides nothing.
Written in our own words, not the typed sets'."""
import pytest

from stormwater.understanding.answer_words import hazard_from_words
from stormwater.understanding.form_reader import read_material
from stormwater.understanding.thing_hazard import known_whole, without_harmless_kinds, without_other_kinds


@pytest.mark.parametrize("text", ["canola oil from the deep fryer", "we poured the fryer oil out back", "leftover olive oil"])
def test_cooking_oil_is_not_read_as_petroleum(text):
    assert hazard_from_words(text) == "no"
    assert "oil" not in without_harmless_kinds(text.lower())


@pytest.mark.parametrize("text", ["motor oil", "a can of oil", "old oil from the lawnmower", "the oily water", "oil"])
def test_petroleum_by_its_name_stays_hazardous(text):
    assert hazard_from_words(text) == "yes"


@pytest.mark.parametrize("text", ["finger paint from the preschool art table", "the face paint washed off the kids"])
def test_another_kind_of_a_hazardous_thing_leaves_the_hazard_to_be_asked(text):
    assert hazard_from_words(text) is None


@pytest.mark.parametrize("text", [
    "old paint", "the neighbor's paint", "leftover white paint", "it smells like sewage", "some paint", "latex paint",
    "oil paint", "it was spilled gasoline",
])
def test_words_that_only_say_which_one_keep_the_hazard(text):
    assert without_other_kinds(text.lower()).split()[-1] == text.lower().split()[-1]


def test_a_vocabulary_word_for_part_of_what_was_said_says_nothing_harmless():
    # the barrel is a rain barrel, the water has larvicide in it: not rain
    reading = read_material("he empties his rain barrel of larvicide water into the gutter")
    assert reading is not None and reading.hazard is None
    assert hazard_from_words("my grass clippings") == "no" and read_material("my grass clippings").hazard == "no"
    assert known_whole("soapy water, grass clippings") and known_whole("the dehumidifier tank")
    assert not known_whole("food colouring water") and not known_whole("old mulch, brown stain")


def test_a_denial_of_the_residents_own_still_counts():
    assert read_material("pond water with some dye, no chemicals").hazard == "no"


def test_a_vague_material_keeps_what_it_was_made_with():
    reading = read_material("we boiled lobsters all evening and i poured the cooking water in the drain")
    assert "lobsters" in reading.words and "water" in reading.words
    smoke = read_material("the kids let off a smoke bomb in the street and theres grey powder on the grate")
    assert "smoke bomb" in smoke.words and "powder" in smoke.words
    assert read_material("i dumped the mop bucket, soapy water, in the drain").words.count("(") == 0


def test_a_juice_and_what_it_is_said_with_are_both_kept():
    words = read_material("i hosed the spoiled fish juice and slime off the deck into the drain").words
    assert "fish juice" in words


def test_a_part_of_the_same_day_said_later_keeps_the_hour_already_given():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from stormwater.understanding.form_reader import read_message

    now = datetime(2026, 11, 30, 11, 0, tzinfo=ZoneInfo("America/New_York"))
    filled = {"discovered": "this morning around 7", "discovered_at": "2026-11-30T07:00:00-05:00", "material": "mud"}
    kept = read_message("they've been pumping it on and off all morning", "amount", "spill", filled, now)
    assert "discovered" not in kept.updates and not any(slot == "discovered" for slot, _ in kept.corrected)
    moved = read_message("oh wait, it was yesterday morning", "amount", "spill", filled, now)
    assert str(moved.updates.get("discovered_at", "")).startswith("2026-11-29")


def test_someone_elses_cooking_oil_is_oil_to_the_eye_so_the_hazard_is_asked():
    from stormwater.understanding.hazard_by_name import hazard_by_name_only

    assert hazard_by_name_only("a van emptied something like fryer oil behind the diner")
    assert not hazard_by_name_only("a van emptied bags of grass clippings behind the diner")
    # a denial leaves spaces where it was: "dirt, no soap" is still the resident's own judgment
    assert not hazard_by_name_only("dirt, no soap")


def test_what_a_container_held_is_the_material_not_the_container():
    assert read_material("she emptied a pail of crushed eggshells into the gutter").words == "crushed eggshells"
    assert read_material("i dumped 3 big tubs of old fish bait in the storm drain").words == "old fish bait"
    assert read_material("we dumped 5 gallons in the drain") is None  # an amount names no thing: it is asked
