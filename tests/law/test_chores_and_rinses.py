"""Issue 27, engineer F: two readings of what a water was used for, by the ordinance's words.

1. A fire service's water put to a chore (cooking, a kitchen, a squeegee, a mop) with no fire
   said to be fought is not "water from firefighting activities" by the text's words: no firm
   badge on that exemption. Water that fought a fire, a hydrant flushed and a washing with soap
   keep their answers.
2. Dirt or mud rinsed off a thing with plain water (or with the soap denied) is the rinse
   water: whether it is a discharge of sediment or "any other water source not containing
   pollutants" the texts leave open (not named). A solid dumped, a car washed and a surface
   hosed with nothing said of the water keep their answers.
Wording is this file's own."""
import pytest

from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.law.villages import load_villages
from stormwater.understanding.meaning import read_question

VILLAGES = ("bayville", "poquott")


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def verdicts(village, text):
    reading = read_question(text)
    replies, _ = answer_replies(village, reading.key, text, reading.keys[1:4])
    return [(r.custom["discharge"], r.custom["verdict"]) for r in replies if (r.custom or {}).get("type") == "discharge_answer"]


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize(
    "text",
    [
        "after the spaghetti dinner at the firehouse the firemen rinse the cooking pots out back and the water runs to the catch basin",
        "our fire company cleans the grills from the chicken bbq in the lot and the water goes into the storm drain",
        "the volunteer fire department mops the kitchen floor and squeegees the water out the door into the street drain",
    ],
)
def test_a_fire_services_chore_water_gets_no_firefighting_badge(villages, slug, text):
    got = verdicts(villages[slug], text)
    assert got, text
    assert all(d != "firefighting_water" and v != "allowed" for d, v in got), got


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize(
    "text",
    [
        "firefighters put out a kitchen fire next door and the water ran into the storm drain",
        "the fire department put out a van fire and hosed down the road after the fire",
    ],
)
def test_water_that_fought_a_fire_keeps_the_firefighting_exemption(villages, slug, text):
    assert ("firefighting_water", "allowed") in verdicts(villages[slug], text)


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_fire_services_hydrant_flushing_and_soapy_washing_keep_their_answers(villages, slug):
    flushed = verdicts(villages[slug], "the fire department opened the fire hydrant to flush it and the water ran to the drain")
    assert flushed and flushed[0] == ("water_line_flushing", "allowed"), flushed
    soap = verdicts(villages[slug], "the fire department washes its engines with soap in the lot")
    assert soap and soap[0] == ("detergent", "prohibited"), soap


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize(
    "text",
    [
        "i hose the mud off my kids bikes on the driveway, just plain water, and it runs into the gutter",
        "we rinse the dog off in the yard after the beach, no shampoo, the sand and dirt go down to the street drain",
        "i hose the muddy cleats off by the curb, no soap, and the mud goes into the storm drain",
    ],
)
def test_dirt_rinsed_off_a_thing_with_plain_water_is_not_named(villages, slug, text):
    got = verdicts(villages[slug], text)
    assert got and got[0][1] == "not_named", got
    assert ("sediment", "prohibited") not in got, got


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize(
    "text,expected",
    [
        ("I emptied a wheelbarrow of soil into the storm drain", ("sediment", "prohibited")),
        ("washing my car in the driveway, some mud runs off into the street", ("car_wash_residential", "allowed")),
        ("hosing the dirt off my driveway into the street", ("sediment", "prohibited")),
    ],
)
def test_a_solid_dumped_a_car_washed_and_a_surface_hosed_keep_their_answers(villages, slug, text, expected):
    got = verdicts(villages[slug], text)
    assert got and got[0] == expected, got
