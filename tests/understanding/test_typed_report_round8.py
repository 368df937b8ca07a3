"""Issue 28, round 8: a house number pointed at after its street, a read-back correction that
opens by judging a field wrong, and the thing a "no" to the hazard question names. Written in
our own words."""
from datetime import datetime
from zoneinfo import ZoneInfo

from stormwater.understanding.form_reader import ALL_SLOTS, read_message
from stormwater.understanding.harmless_named import refined_material, thing_named
from stormwater.understanding.place_spans import place_span
from stormwater.understanding.readback_answers import read_confirm

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))
FILLED = {"location": "17 Birch Ct", "reporter_phone": "(631) 555-0142", "material": "soapy water",
          "amount": "a few gallons", "reporter_name": "Dana Quill"}


def test_a_house_number_pointed_at_after_its_street_stays_in_the_place():
    assert place_span("the grate on Locust Ave in front of number 64") == "the grate in front of 64 Locust Ave"
    assert place_span("Locust Ave across from #9, i saw it at noon") == "across from 9 Locust Ave"
    # a number said plainly after its street, and the house it names, still read as before
    assert place_span("on Locust Ave, the blue house at 12") == "12 Locust Ave, the blue house"
    assert place_span("Locust Ave, number 30") == "30 Locust Ave"


def test_a_readback_correction_that_first_judges_the_street_wrong_gives_the_new_address():
    reading = read_confirm("that's the wrong road, it's 17 Cedar Ct not Birch", ALL_SLOTS, "spill", FILLED, NOW)
    assert reading.updates == {"location": "17 Cedar Ct"}
    assert reading.confirm == "change:location"


def test_the_number_is_wrong_with_an_address_corrects_the_place_not_the_phone():
    reading = read_confirm("the number's wrong, it's 71 Birch Ct, not 17", ALL_SLOTS, "spill", FILLED, NOW)
    assert reading.updates == {"location": "71 Birch Ct"}
    # with a phone number it is still the phone, and alone it asks for the phone again
    phone = read_confirm("the number is wrong, it's 631-555-0199", ALL_SLOTS, "spill", FILLED, NOW)
    assert phone.updates == {"reporter_phone": "(631) 555-0199"}
    assert read_confirm("the number is wrong", ALL_SLOTS, "spill", FILLED, NOW).updates == {"reporter_phone": None}


def test_a_no_to_the_hazard_question_that_names_the_thing_replaces_a_description():
    reading = read_message("no, only beeswax, nothing added", "hazard", "spill", {"material": "lumpy yellow stuff"}, NOW)
    assert reading.updates == {"hazard": "no", "material": "beeswax"}
    reading = read_message("nope, it's latex house paint", "hazard", "spill", {"material": "a full pail"}, NOW)
    assert reading.updates["hazard"] == "no" and "latex house paint" in reading.updates["material"]


def test_a_known_material_or_the_same_thing_said_again_is_kept():
    # the vocabulary already knows what was filed: the answer only says why it is harmless
    assert refined_material("no, just dirt and some water", "muddy water") is None
    # the thing told again in other words, or pointed back at, is no new material
    assert refined_material("no, only feathers and guts", "chicken feathers and scraps") is None
    assert refined_material("no, just the plaster stuff", "lumpy yellow stuff") is None
    assert thing_named("no, just water") is None
    assert thing_named("no") is None
    reading = read_message("no, just water", "hazard", "spill", {"material": "cloudy water"}, NOW)
    assert reading.updates == {"hazard": "no"}


def test_a_release_by_the_residents_own_helper_at_work_is_their_own():
    from stormwater.understanding.said_words import whose_from_words

    assert whose_from_words("i work for a roofing contractor and my helper rinsed our tar buckets into the gutter") == "yes"
    # someone else named as the doer is still someone else's, at work or not
    assert whose_from_words("i work for a landscaper and the neighbor keeps dumping leaves in the drain") == "no"
    assert whose_from_words("i work at the deli and a contractor keeps dumping paint in the drain out back") == "no"


def test_what_is_in_a_thing_of_its_own_is_added_not_swapped_for_it():
    assert refined_material("no, just salt and shells", "lobster steam water") == "lobster steam water, salt"
    assert refined_material("no, only beeswax", "a full pail") == "beeswax"
