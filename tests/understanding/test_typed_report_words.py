"""Issue 28: places as spans, the thing discharged, texting times, whose it is (domain functions)."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from stormwater.understanding.when import find_when, parse_when
from stormwater.understanding.form_reader import read_message
from stormwater.dialogue.guided_report import assess, questions_for
from stormwater.understanding.material_reading import read_material
from stormwater.understanding.place_spans import place_span
from stormwater.law.villages import get_village

NOW = datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo("America/New_York"))  # a Tuesday


def read(text, asked, filled=None):
    return read_message(text, asked, "spill", filled or {}, NOW, questions_for("spill"))


@pytest.mark.parametrize("text, place", [
    ("coming out of a pipe behind the deli on Bayville Ave", "a pipe behind the deli on Bayville Ave"),
    ("it's on West Harbor Dr by the marina", "West Harbor Dr by the marina"),
    ("in front of 9 Washington St, I noticed it yesterday around 3", "9 Washington St"),
    ("oh wait, it wasn't Main St, it's the drain in front of 32 Birchwood Rd", "the drain in front of 32 Birchwood Rd"),
    ("at the corner of Main St and Shore Rd", "Main St and Shore Rd"),
    ("behind the pizza place on main st, by the dumpsters", "behind the pizza place on main st, by the dumpsters"),
    ("the catch basin on Shore Road this morning", "the catch basin on Shore Road"),
])
def test_a_place_is_the_whole_phrase_said(text, place):
    assert place_span(text) == place


def test_no_street_is_no_place():
    assert place_span("it went into the storm drain") is None
    assert place_span("about 5 gallons") is None


def test_the_place_question_keeps_the_place_and_not_the_time_after_it():
    reading = read("in front of 9 Washington St, I noticed it yesterday around 3", "location")
    assert reading.updates["location"] == "9 Washington St"
    assert reading.updates["discovered_at"] == "2026-11-30T15:00:00-05:00"


def test_a_corrected_place_while_another_question_is_asked_is_the_new_one():
    reading = read("oh wait, it wasn't Main St, it's the drain in front of 32 Birchwood Rd", "amount", {"location": "Main St"})
    assert reading.updates["location"] == "the drain in front of 32 Birchwood Rd"
    assert ("location", "the drain in front of 32 Birchwood Rd") in reading.corrected


@pytest.mark.parametrize("text, words, keys", [
    ("rinse water from my pressure washer", "rinse water from my pressure washer", ()),
    ("there's black gunk out of my downspout going into the street", "black gunk out of my downspout", ()),
    ("stone dust from cutting pavers", "stone dust from cutting pavers", ()),
    ("water from my pool", "water from my pool", ("pool_water",)),
    ("motor oil, maybe a quart", "motor oil", ("motor_oil",)),
    ("about 50 gallons of oily water", "oily water", ("motor_oil",)),
    ("2day i was washing my truck", "water from washing your own car at home", ("car_wash_residential",)),
    # The place that follows the source is the place, not the material (found trying a report as a resident).
    ("theres brown foamy stuff coming out of a pipe behind the deli on Main St into the drain, not mine",
     "brown foamy stuff coming out of a pipe", ()),
])
def test_the_material_is_the_thing_not_its_source_or_tool(text, words, keys):
    material = read_material(text)
    assert material.words == words and material.keys == keys


def test_a_pressure_washer_is_no_washing_machine_and_a_downspout_no_rain():
    assert "washing_machine" not in read_material("rinse water from my pressure washer").keys
    gunk = read("there's black gunk out of my downspout going into the street", None).updates
    assert gunk["material"] == "black gunk out of my downspout"
    assert "hazard" not in gunk  # rain is the source: the gunk's hazard is asked


def test_not_knowing_what_it_is_is_kept_and_is_no_no():
    material = read_material("no idea what's in them, some brown liquid")
    assert material.unknown and material.words.startswith("no idea what's in them") and "brown liquid" in material.words
    reading = read("no idea what's in them, some brown liquid", "material")
    assert reading.updates["material"] == "no idea what's in them, some brown liquid"
    assert reading.updates["hazard"] == "unsure"


def test_a_material_outside_the_vocabulary_in_the_opening_message_is_never_asked_again():
    reading = read("stone dust from cutting pavers went in the drain on Shore Rd", None)
    assert reading.updates["material"] == "stone dust from cutting pavers"


def test_the_tickets_discharges_come_from_the_thing():
    bayville = get_village("bayville")
    assessment = assess("spill", {"material": "black gunk out of my downspout", "responsible": "yes"}, bayville, NOW, NOW)
    assert assessment.discharges == ()
    assert assess("spill", {"material": "swimming pool water"}, bayville, NOW, NOW).discharges == ("pool_water",)


@pytest.mark.parametrize("text, day, hour", [
    ("2day", "2026-12-01", None),
    ("last nite around 9", "2026-11-30", 21),
    ("this am", "2026-12-01", 9),
    ("yday at 4pm", "2026-11-30", 16),
])
def test_times_as_people_text_them(text, day, hour):
    moment = parse_when(text, NOW)
    assert moment is not None and moment.date().isoformat() == day
    if hour is not None:
        assert moment.hour == hour


@pytest.mark.parametrize("text", ["rn", "RN", "rite now"])
def test_right_now_as_people_text_it_is_now(text):
    assert parse_when(text, NOW) == NOW
    assert read(text, "discovered").updates["discovered"] == text


def test_rn_inside_a_word_is_no_time():
    assert parse_when("turn", NOW) is None and find_when("take a turn left", NOW) is None


def test_a_texted_time_inside_a_sentence_is_found_and_kept_as_typed():
    words, moment = find_when("2day i was washing my truck and the soap went down the drain", NOW)
    assert words == "2day" and moment.date().isoformat() == "2026-12-01"
    # the day is kept as typed; its hour is not asked, nor shown (round 9)
    assert read("2day i was washing my truck and the soap went down the drain", None).updates["discovered"] == "2day"


@pytest.mark.parametrize("text", [
    "no, not mine, I have no idea where it's coming from",
    "not mine",
    "no idea where it's coming from",
])
def test_someone_elses_discharge(text):
    assert read(text, "responsible").updates["responsible"] == "no"


def test_an_opening_message_saying_it_is_not_theirs_files_an_illicit_discharge():
    assert read("there's oil in the gutter, not mine, no idea where it's coming from", None).updates["responsible"] == "no"


def test_usaddress_keeps_only_what_reads_as_a_street():
    from stormwater.understanding.street_address import is_street, street_spans

    assert is_street("32 Birchwood Rd") and is_street("Main St and Shore Rd") and is_street("West Harbor Dr")
    assert not is_street("conversion made the way")
    text = "the Keras graph conversion made the way ops makes it"
    assert street_spans(text) == []
    road = "oil on Route 106 near 12 Main St"
    assert [road[s:e] for s, e in street_spans(road)] == ["Route 106", "12 Main St"]


@pytest.mark.parametrize("text, possible", [
    ("I need to report a spill from my house", False),
    ("something spilled", False),
    ("stone dust from cutting pavers", False),
    ("there's a rainbow sheen on the puddle", True),
    ("it smells like gas near the drain", True),
    ("someone left unmarked drums by the road", True),
    ("diesel from a truck", True),
    ("it's not oil, just muddy water", False),
    ("used oil from the fryer went in the drain", False),  # a harmless thing whose name holds "oil"
    ("a quart of cooking oil", False),
    ("frying oil and some gas", True),
])
def test_petroleum_is_possible_only_when_what_was_said_makes_it_so(text, possible):
    from stormwater.law.spills import petroleum_possible

    assert petroleum_possible(text) is possible
    assert petroleum_possible("anything", ("motor_oil",))


@pytest.mark.parametrize("text, wish, rest", [
    ("please take my number off, I don't want anyone to contact me", True, ""),
    ("Pat Lee, please don't contact me", True, "Pat Lee"),
    ("do not call me", True, ""),
    ("i dont want anyone contacting me", True, ""),
    ("nobody is calling me back", False, None),
    ("I don't want to report it", False, None),
    ("can you contact me", False, None),
])
def test_dont_contact_me(text, wish, rest):
    from stormwater.understanding.answer_words import wants_no_contact, without_no_contact

    assert wants_no_contact(text) is wish
    if rest is not None:
        assert without_no_contact(text) == rest


@pytest.mark.parametrize("text, reply", [
    ("ya", "yes"), ("sure, text me", "yes"), ("ya i want to report them", "report"), ("yes, I want to report it", "report"),
    ("no it's not ok then, I want to report it", "report"), ("no", "no"), ("no I don't want to report it", "no"),
])
def test_replies_to_an_offer(text, reply):
    from stormwater.understanding.offer_replies import reply_to_offer

    assert reply_to_offer(text) == reply


@pytest.mark.parametrize("text", ["no idea when it started, i just saw it", "idk", "Godfrey"])
def test_an_answer_to_where_that_names_no_place_is_no_place(text):
    assert read(text, "location").updates.get("location") is None


@pytest.mark.parametrize("text, place", [
    ("Shore Road", "Shore Road"), ("the deli", "the deli"), ("my driveway", "my driveway"),
    ("the creek by the ball field", "the creek by the ball field"),
])
def test_an_answer_to_where_that_names_a_place_is_kept(text, place):
    assert read(text, "location").updates.get("location") == place
