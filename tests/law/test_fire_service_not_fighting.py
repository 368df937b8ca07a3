"""A fire service doing something other than fighting a fire (issue 27): "water from firefighting
activities" needs a fire fought. A fire department washing, watering or showing off gives water
of its own, and soap in it is foreign to it (only a fire's foam is firefighting water's own).
Wording is this file's own."""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.activity_roles import fire_fought
from stormwater.understanding.discharge_reader import read_discharge


@pytest.fixture(scope="module")
def villages():
    return load_villages()


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "the fire department hosed down the goats at the petting zoo and the soapy suds ran into the drain, thats fire department water so its ok right?",
        "at the open house the fire crew sprayed the crowd and bubbles from the soap went into the catch basin",
        "the fire department watered the community garden with a soap spray for aphids and it drained to the street",
    ],
)
def test_a_fire_service_washing_with_soap_gets_no_firefighting_badge(villages, slug, text):
    # the desk's reader may name the exemption by the service's words ("fire department water")
    answer = answer_discharge(villages[slug], "firefighting_water", text)
    assert (answer.discharge, answer.verdict) != ("firefighting_water", "allowed"), text


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "the firefighters sprayed foam to put out the car fire and it ran into the drain",
        "the fire department knocked down the flames at the garage with foam, it all went in the storm drain",
        "the volunteer firemen put out a brush fire with foam and the runoff reached the catch basin",
    ],
)
def test_foam_from_a_fire_fought_stays_firefighting_water(villages, slug, text):
    answer = answer_discharge(villages[slug], "firefighting_water", text)
    assert (answer.discharge, answer.verdict) == ("firefighting_water", "allowed"), text


@pytest.mark.parametrize(
    "norm, expected",
    [
        ("they put out the kitchen fire", "firefighting"),
        ("crews fought the blaze all night", "firefighting"),
        ("the crew hosed down the elephants", "fire_service"),
        ("they put out cones for the fire safety fair", "fire_service"),  # no fire after the verb
    ],
)
def test_fire_fought_needs_a_fire_after_a_verb_of_fighting(norm, expected):
    assert fire_fought(norm, "fire_service") == expected


def test_fire_fought_leaves_other_waters_alone():
    assert fire_fought("they put out the fire", "potable") == "potable"


@pytest.mark.parametrize("text", [
    "the fire company used hydrant water to scrub out the chili pots after the fundraiser and it ran to the drain, ok?",
    "firefighters rinsed the fish fry baskets with hydrant water in the lot and it went down the storm drain. allowed?",
    "our volunteer fire dept washed the grease off the grill with tap water and hosed it to the street, fine?",
])
def test_a_fire_service_using_exempt_water_on_something_else_gets_no_allowed_badge(text):
    # "water line flushing or other potable water sources" / "water from firefighting
    # activities": water used to rinse cookware is neither; what it touched decides, else not named
    from stormwater.law.villages import load_villages
    from stormwater.law.knowledge import answer_discharge
    from stormwater.dialogue.law_questions import discharge_question
    key = (discharge_question(text).get("keys") or [None])[0]
    for village in load_villages().values():
        assert answer_discharge(village, key, text).verdict != "allowed", (village.slug, text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "the fire company scrubbed the used hoses behind the station and the water ran to the storm drain, is that ok",
    "the firehouse hosted a fundraiser in the lot and the guys hosed everything into the catch basin after, allowed?",
])
def test_a_fire_service_cleaning_its_gear_or_hosting_an_event_fights_no_fire(villages, slug, text):
    # whether such water is "water from firefighting activities" the texts do not say: no badge of it
    answer = answer_discharge(villages[slug], read_discharge(text).key, text)
    assert (answer.discharge, answer.verdict) != ("firefighting_water", "allowed")
