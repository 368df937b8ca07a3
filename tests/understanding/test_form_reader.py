"""The report form's reader: one message, read in the context of the question asked."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from stormwater.understanding import form_reader
from stormwater.understanding.form_reader import find_amount, find_place, hazard_from_words, is_question, read_message, yes_no, described_material
from stormwater.dialogue.guided_report import questions_for
from stormwater.understanding.when import find_when

NOW = datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo("America/New_York"))  # a Tuesday
SPILL = questions_for("spill")


def read(text, asked, filled=None, kind="spill"):
    return read_message(text, asked, kind, filled or {}, NOW, questions_for(kind))


@pytest.mark.parametrize(
    "slot, text, expected",
    [
        ("responsible", "No, someone else", "no"),
        ("responsible", "someone else", "no"),
        ("responsible", "it was my neighbor", "no"),
        ("responsible", "my neighbour's", "no"),
        ("responsible", "not me", "no"),
        ("responsible", "nope, that was the contractor", "no"),
        ("responsible", "yep", "yes"),
        ("responsible", "yes it's mine, I knocked over the bucket", "yes"),
        # the retry of "from a business?" offers "a shop, restaurant, contractor..." as businesses
        ("commercial", "its not mine, some contractor", "yes"),
        ("commercial", "a landscaping crew", "yes"),
        ("commercial", "no, a private home", "no"),
        ("responsible", "I did it, sorry", "yes"),
        ("responsible", "not sure, could be the house behind me", "unsure"),
        ("commercial", "no, it's a private home", "no"),
        ("commercial", "it's a house", "no"),
        ("commercial", "yes, the restaurant on the corner", "yes"),
        ("commercial", "Not sure", "unsure"),
        ("reached_drain", "yes, right into the catch basin", "yes"),
        ("reached_drain", "it went down the storm drain", "yes"),
        ("reached_drain", "it didn't reach the drain", "no"),
        ("reached_drain", "no it stayed on the driveway", "no"),
        ("reached_drain", "I can't tell", "unsure"),
        ("reached_drain", "1", "yes"),
        ("reached_drain", "2", "no"),
        ("reached_drain", "3", "unsure"),
    ],
)
def test_yes_no_as_people_say_it(slot, text, expected):
    assert yes_no(text, slot) == expected
    assert read(text, slot).updates[slot] == expected


@pytest.mark.parametrize("text", ["purple", "the blue one", ""])
def test_an_unclear_yes_no_is_unclear(text):
    reading = read(text, "commercial")
    assert reading.unclear and reading.updates.get("commercial") is None


@pytest.mark.parametrize(
    "text, expected",
    [
        ("muddy pond water, some algae and fish waste, no chemicals", "no"),
        ("not oil, just muddy water", "no"),
        ("I don't think it's hazardous", "no"),
        ("nothing toxic, it's rain water with leaves", "no"),
        ("soapy water", "no"),
        ("gasoline", "yes"),
        ("smells like sewage", "yes"),
        ("no chemicals but there is some oil on top", "yes"),
        ("not sure what it is", "unsure"),
        ("brownish foam", None),
    ],
)
def test_hazard_from_the_words_with_negation(text, expected):
    assert hazard_from_words(text) == expected


def test_a_denied_material_is_not_a_vocabulary_hit():
    assert "solvents" not in form_reader.material_keys("muddy pond water, some algae and fish waste, no chemicals")
    assert form_reader.material_keys("gasoline") == ["motor_oil"]


@pytest.mark.parametrize(
    "text, expected",
    [("fuel or oil", "yes"), ("chemicals", "yes"), ("none of these", "no"), ("not sure", "unsure"), ("nope, just water", "no"),
     ("I don't think so", "no"), ("4", "no"), ("5", "unsure"), ("1", "yes")],
)
def test_the_hazard_question(text, expected):
    assert read(text, "hazard").updates["hazard"] == expected


def test_an_unknown_material_leaves_the_hazard_question_to_be_asked():
    reading = read("some brownish foam", "material")
    assert reading.updates == {"material": "some brownish foam"}


def test_a_time_correction_while_the_amount_is_asked_goes_to_the_time():
    reading = read("no wait, it was actually yesterday around 4pm", "amount", {"discovered": "about an hour ago"})
    assert reading.updates["amount"] is None
    assert (reading.updates["discovered"], reading.updates["discovered_at"]) == ("yesterday around 4pm", "2026-11-30T16:00:00-05:00")
    assert reading.corrected == [("discovered", "yesterday around 4pm")] and not reading.unclear


def test_an_amount_correction_and_a_place_correction():
    assert read("actually about 10 gallons", "amount").updates == {"amount": "about 10 gallons"}
    reading = read("sorry, it's on Shore Road", "reached_drain", {"location": "12 Main St"})
    assert reading.updates == {"reached_drain": None, "location": "Shore Road"}
    assert reading.corrected == [("location", "Shore Road")]
    reading = read("actually about 10 gallons", "reporter_name", {"amount": "a bucket"})
    assert reading.updates["amount"] == "about 10 gallons" and reading.corrected == [("amount", "about 10 gallons")]


def test_the_opening_message_fills_what_it_says():
    reading = read("I spilled about 50 gallons of oily water this morning and it washed into the catch basin", None)
    assert reading.updates["amount"] == "about 50 gallons"
    # a part of the day without its hour is the discovery time: the hour is not asked (round 9)
    assert reading.updates["discovered"] == "this morning" and "discovered_day" not in reading.updates
    assert reading.updates["discovered_at"] == "2026-12-01T09:00:00-05:00"
    assert reading.updates["reached_drain"] == "yes" and reading.updates["responsible"] == "yes" and reading.updates["hazard"] == "yes"
    neighbour = read("my neighbor keeps dumping paint into the storm drain on Shore Road", None).updates
    assert neighbour["responsible"] == "no" and neighbour["location"] == "the storm drain on Shore Road"


def test_a_later_answer_fills_other_missing_fields_without_overwriting():
    reading = read("yes, it went into the catch basin on Bay Ave yesterday evening around 6", "reached_drain", {"location": "12 Main St"})
    assert reading.updates["reached_drain"] == "yes" and reading.updates["discovered_at"] == "2026-11-30T18:00:00-05:00"
    assert "location" not in reading.updates  # a different place without "actually" does not overwrite


def test_times_inside_sentences():
    assert find_when("saw him do it again yesterday evening around 6", NOW)[1].isoformat() == "2026-11-30T18:00:00-05:00"
    assert find_when("about 10 gallons", NOW) is None
    assert find_when("12 Main St", NOW) is None
    assert find_when("by the corner of Main St and 3rd Ave, near the church", NOW) is None  # a street, no day
    assert find_when("it started on the 3rd", NOW)[1].day == 3
    reading = read("saw him do it again yesterday evening around 6", "discovered")
    assert reading.updates["discovered_at"] == "2026-11-30T18:00:00-05:00"


def test_amounts_and_places():
    assert find_amount("maybe 5 gallons or so") == "maybe 5 gallons"
    assert find_amount("a bucket") == "a bucket"
    assert find_amount("yesterday around 4pm") is None
    assert find_place("in front of 12 Main Street") == "12 Main Street"
    assert find_place("go to the street") is None


def test_questions_are_not_answers():
    assert is_question("Can my sump pump go to the street?")
    assert not is_question("motor oil")
    reading = read("Can my sump pump go to the street?", "responsible")
    assert reading.question and reading.updates == {"responsible": None}


def test_names_phones_and_anonymous():
    assert read("my name is Dana Cruz", "reporter_name").updates == {"reporter_name": "Dana Cruz"}
    assert read("Dana, 516 555 0199", "reporter_name").updates == {"reporter_name": "Dana", "reporter_phone": "(516) 555-0199"}
    assert read("I'd rather stay anonymous", "reporter_name").updates == {"reporter_name": "anonymous"}
    assert read("no thanks", "reporter_phone").updates == {"reporter_phone": "none"}
    assert read("555", "reporter_phone").unclear


FILLED = {"responsible": "yes", "material": "soapy water", "hazard": "no", "location": "12 Main St", "amount": "2 gallons"}


@pytest.mark.parametrize(
    "text, confirm, updates",
    [
        ("yes", "yes", {}),
        ("yep, that's right", "yes", {}),
        ("change", "no", {}),
        ("no", "no", {}),
        ("change amount", "change:amount", {"amount": None}),
        ("the address is wrong", "change:location", {"location": None}),
        ("the amount was 5 gallons", "change:amount", {"amount": "5 gallons"}),
        ("actually it's on Shore Road", "change:location", {"location": "Shore Road"}),
    ],
)
def test_the_read_back(text, confirm, updates):
    reading = read(text, "confirm", FILLED)
    assert reading.confirm == confirm and reading.updates == updates


def test_answers_that_only_look_like_questions_are_answers():
    assert not is_question("could be, there's a strong smell")
    assert not is_question("I believe so? the puddle is gone")
    assert read("I believe so? the puddle is gone", "reached_drain").updates["reached_drain"] == "yes"
    assert is_question("is it legal to hose paint off my driveway?")
    assert is_question("what happens if I don't report it")


def test_a_denied_material_of_any_kind_is_left_out():
    assert "pesticides" not in form_reader.material_keys("leaves and twigs, without any weed killer")
    assert hazard_from_words("just dirt from the garden, no pesticide") == "no"


def test_at_the_hazard_question_the_residents_no_wins():
    assert read("nope, it was water based paint", "hazard").updates["hazard"] == "no"
    assert read("no idea", "hazard").updates["hazard"] == "unsure"


def test_the_question_asked_is_read_even_outside_the_kinds_usual_questions():
    assert read("nah, the house next door", "responsible", kind="septic").updates["responsible"] == "no"


def test_a_name_followed_by_where_they_are_from():
    assert read("Ana from the bakery on Main St", "reporter_name").updates["reporter_name"] == "Ana"


def test_found_by_hand_a_road_without_a_name_is_not_a_place():
    assert "location" not in read("I need to report a spill, my pond overflowed into the road", None).updates
    assert find_place("it ran down the street") is None


def test_found_by_hand_something_unnamed_leaves_the_hazard_question_open():
    assert "hazard" not in read("my neighbor keeps dumping something into the storm drain", None).updates
    assert read("some dark liquid, not sure what it is", "material").updates["hazard"] == "unsure"


def test_found_by_hand_an_amount_must_be_about_size_and_anonymous_means_no_phone():
    assert read("purple", "amount").unclear
    assert read("a whole lot", "amount").updates == {"amount": "a whole lot"}
    assert read("not sure", "amount").updates == {"amount": "not sure"}
    # Anonymous after the name was given means the name goes too (issue 28: "make it anonymous" kept the name).
    assert read("anonymous please", "reporter_phone").updates == {"reporter_phone": "none", "reporter_name": "anonymous"}
    assert read("no idea", "reporter_name").unclear and read("Yes", "reporter_name").unclear
    assert read("no, it's Dana Cruz", "reporter_name").updates["reporter_name"] == "Dana Cruz"


def test_a_material_the_vocabulary_does_not_know_is_kept_in_the_residents_words_when_declared_harmless():
    text = "my pond overflowed into the street drain this morning, muddy pond water, some algae and fish waste, no chemicals"
    assert described_material(text) == "muddy pond water, algae, fish waste, no chemicals"
    assert described_material("the storm drain on Shore Road") is None


def test_a_place_correction_while_a_yes_no_question_is_asked_answers_only_the_place():
    now = datetime(2026, 12, 1, 10, tzinfo=ZoneInfo("America/New_York"))
    filled = {"location": "Bay Ave", "responsible": "no"}
    reading = read_message("actually it's on Bay Avenue by the deli", "commercial", "spill", filled, now)
    assert "commercial" not in reading.updates or reading.updates["commercial"] is None
    assert reading.updates["location"].startswith("Bay Avenue")
    plain_answer = read_message("yes, it's the deli on Bay Avenue", "commercial", "spill", filled, now)
    assert plain_answer.updates.get("commercial") == "yes"


def test_a_hedged_amount_typed_while_a_yes_no_is_asked_is_the_amount_not_a_not_sure():
    # Found trying a report by hand: "maybe 20 gallons" for "is it yours?" filed "not sure".
    reading = read("maybe 20 gallons", "responsible")
    assert reading.updates.get("amount") == "maybe 20 gallons"
    assert reading.updates.get("responsible") != "unsure"
    assert yes_no("maybe") == "unsure" and yes_no("maybe, I didn't see") == "unsure"


def test_an_opening_message_that_owns_up_in_other_words_fills_whose_it_is():
    # Found trying a report by hand: "..., I did it" in the first message was asked again.
    opening = "there is soapy water from my washing machine going in the storm drain, no chemicals, I did it"
    assert read(opening, None).updates.get("responsible") == "yes"
    assert read("my neighbour did it, soapy water in the drain", None).updates.get("responsible") == "no"


# --- answers typed at the wrong question (conversations A and B of the lead's trial) ----------
def test_a_message_fills_every_field_it_states_whatever_was_asked():
    reading = read("motor oil, maybe a quart", "responsible")
    assert reading.updates["material"] == "motor oil" and reading.updates["amount"] == "maybe a quart"
    assert reading.updates["hazard"] == "yes" and reading.updates["responsible"] is None  # whose it is: asked again
    # Found in a later message too, and never over an answer already given without a correction.
    assert read("some antifreeze", "discovered").updates["material"] == "antifreeze"
    assert "material" not in read("yes, I spilled some antifreeze", "responsible", {"material": "paint"}).updates


@pytest.mark.parametrize("asked", ["commercial", "responsible", "reached_drain"])
def test_a_place_word_is_not_a_material(asked):
    # "gas station" holds the word gas: a place, not what was released.
    reading = read("yes, next to the gas station", asked)
    assert "material" not in reading.updates and "hazard" not in reading.updates


@pytest.mark.parametrize("asked", ["material", "amount"])
@pytest.mark.parametrize("text, place", [("in front of 12 Oak Lane", "12 Oak Lane"), ("12 Oak Lane", "12 Oak Lane"),
                                         ("next to the church", "the church")])
def test_a_place_is_never_a_material_or_an_amount(asked, text, place):
    reading = read(text, asked)
    assert reading.updates[asked] is None and reading.updates["location"] == place
    assert reading.corrected == [("location", place)] and not reading.unclear


@pytest.mark.parametrize("text", ["no chemicals", "nothing hazardous", "no, nothing toxic"])
def test_a_hazard_denial_is_never_a_place(text):
    reading = read(text, "location")
    assert reading.updates["location"] is None and reading.updates["hazard"] == "no"
    assert "material" not in reading.updates


@pytest.mark.parametrize("asked", ["hazard", "reached_drain", "commercial", "location", "material", "reporter_name"])
def test_a_relative_time_is_the_discovery_time_never_another_answer(asked):
    reading = read("2 hours ago", asked)
    assert reading.updates[asked] is None
    assert reading.updates["discovered"] == "2 hours ago" and reading.updates["discovered_at"] == "2026-12-01T08:00:00-05:00"


@pytest.mark.parametrize("text, expected", [("2", "no"), ("1", "yes"), ("3", "unsure")])
def test_a_button_number_alone_still_answers(text, expected):
    assert read(text, "reached_drain").updates["reached_drain"] == expected


@pytest.mark.parametrize("asked", ["amount", "discovered", "commercial"])
def test_a_persons_name_is_not_an_amount_and_is_kept_as_the_name(asked):
    reading = read("Pat Lee", asked)
    assert reading.updates[asked] is None and reading.updates["reporter_name"] == "Pat Lee"
    assert reading.corrected == [("reporter_name", "Pat Lee")]


def test_a_capitalised_landmark_is_still_a_place_when_the_place_is_asked():
    assert read("Town Hall", "location").updates == {"location": "Town Hall"}


@pytest.mark.parametrize("text", ["no", "nope", "No idea"])
def test_no_to_about_how_much_is_noted_as_not_sure_and_said(text):
    reading = read(text, "amount")
    assert reading.updates == {"amount": "not sure"} and reading.assumed == [("amount", "not sure")]


def test_a_material_alone_is_not_a_place_but_a_place_word_is():
    reading = read("motor oil", "location")
    assert reading.updates["location"] is None and reading.updates["material"] == "motor oil"
    assert read("the gas station on the corner", "location").updates == {"location": "the gas station on the corner"}


def test_free_words_that_name_nothing_are_kept_for_the_field_asked():
    assert read("some kind of grey gunk", "material").updates["material"] == "some kind of grey gunk"
    assert read("behind the old firehouse", "location").updates == {"location": "the old firehouse"}


def test_said_back_says_changed_only_for_a_different_earlier_value():
    reading = read("motor oil, maybe a quart", "responsible")
    said = form_reader.said_back(reading, {})
    assert ("amount", "maybe a quart", False) in said and ("material", "motor oil", False) in said
    assert all(slot != "hazard" for slot, _, _ in said)  # it follows from the oil
    reading = read("sorry, it's on Shore Road", "reached_drain", {"location": "12 Main St"})
    assert form_reader.said_back(reading, {"location": "12 Main St"}) == [("location", "Shore Road", True)]
    assert form_reader.said_back(read("no chemicals", "location"), {}) == [("hazard", "no", False)]


def test_a_landmark_pointed_at_is_the_place_even_in_the_opening_message():
    opening = read("there is some soapy water running into the drain from a car wash fundraiser at the church", None)
    assert opening.updates["location"] == "the church" and opening.updates["hazard"] == "no"
    assert "location" not in read("it happened at the moment I got home", None).updates


@pytest.mark.parametrize("asked", ["reached_drain", "commercial", "discovered"])
def test_a_hazard_denial_at_another_question_never_becomes_the_material(asked):
    reading = read("no chemicals", asked, {"material": "antifreeze"})
    assert "material" not in reading.updates and reading.updates[asked] is None
    assert reading.updates["hazard"] == "no"


@pytest.mark.parametrize("text, place", [("on the driveway", "the driveway"), ("it's in the gutter", "in the gutter")])
def test_a_spot_typed_at_the_material_question_is_the_place(text, place):
    reading = read(text, "material")
    assert reading.updates["material"] is None and reading.updates["location"] == place


@pytest.mark.parametrize("asked, text", [("amount", "Two Buckets"), ("amount", "A Lot"), ("discovered", "Christmas Eve"),
                                         ("commercial", "Shell Station")])
def test_capitalised_words_that_name_a_size_a_time_or_a_business_are_no_name(asked, text):
    assert "reporter_name" not in read(text, asked).updates


def test_an_answer_for_a_field_already_known_is_said_back_not_met_with_sorry():
    reading = read("no chemicals", "discovered", {"hazard": "no", "material": "soapy water"})
    assert not reading.unclear and reading.updates["discovered"] is None
    assert form_reader.said_back(reading, {"hazard": "no"}) == [("hazard", "no", False)]
