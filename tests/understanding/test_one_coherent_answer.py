"""Issue 27: several readings of one message give one coherent answer, never a second badge that
contradicts the first. What is poured or drained into a vessel or a route is the discharge (the
vessel's own exemption is no second answer); rising groundwater keeps its unqualified exemption
though a sump pumps it; the water a fire service fought a fire with is firefighting's, whatever
burned; a wash facility's drain tied into the storm sewer is a prohibited connection. Wording is
this file's own, not the test sets'."""
import pytest

from stormwater.understanding.activity_roles import service_fought_fire
from stormwater.understanding.catalogue import normalize
from stormwater.understanding.connection_carries import work_station
from stormwater.understanding.discharge_reader import read_facets
from stormwater.understanding.vessel_roles import vessel_of
from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.law.villages import get_village
from stormwater.understanding.meaning import read_question
from tests.understanding.first_answer import first_answer


def all_answers(slug: str, text: str):
    """(discharge, verdict) of every discharge answer ``slug`` gives ``text``."""
    reading = read_question(text)
    replies, _ = answer_replies(get_village(slug), reading.key, text, reading.keys[1:4])
    return [(r.custom["discharge"], r.custom["verdict"]) for r in replies if (r.custom or {}).get("type") == "discharge_answer"]


# ---- 1. what is poured into a vessel or a route is the discharge -----------------------------

POURED_INTO_A_VESSEL = [
    "my wife empties the floor scrubber's dirty water into our sump pit so the pump sends it to the street, ok because the sump is allowed?",
    "I pour the leftover paint thinner down the sump and it gets pumped outside to the curb",
    "the plumber wants to run the laundry tub drain into the same pipe our downspouts use to get to the storm sewer",
    "we tip the mop bucket into the sump crock, the sump pump pushes it out to the road",
]


@pytest.mark.parametrize("text", POURED_INTO_A_VESSEL)
@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_the_vessel_it_is_poured_into_gives_no_second_only_if_answer(slug, text):
    answers = all_answers(slug, text)
    assert answers and answers[0][1] in ("prohibited", "not_named"), answers
    assert all(verdict != "conditional" for _, verdict in answers), answers


def test_a_vessel_is_read_only_after_a_word_of_pouring_into():
    assert vessel_of("we dump the mop bucket into the sump pit", "detergent", "sump_pump")
    assert vessel_of("tie the utility sink into the pipe the downspouts drain through", "floor_drain", "rainwater")
    assert not vessel_of("my sump pump and the mop bucket both go out to the street", "detergent", "sump_pump")
    assert not vessel_of("the sump pump empties into the mop bucket", "detergent", "sump_pump")


TWO_SEPARATE_DISCHARGES = [
    "my sump pump and my washer both drain out there to the street",
    "the sump pump runs to the curb and I also dump my mop water in the gutter",
]


@pytest.mark.parametrize("text", TWO_SEPARATE_DISCHARGES)
def test_two_separate_discharges_keep_both_answers_in_bayville(text):
    answers = all_answers("bayville", text)
    assert [v for _, v in answers] == ["prohibited", "conditional"], answers
    assert answers[1][0] == "sump_pump", answers


def test_a_sump_pump_alone_stays_conditional_in_bayville():
    assert first_answer("bayville", "is it ok that my sump pump drains to the street") == ("sump_pump", "conditional")


def test_acid_wash_water_from_the_pool_keeps_its_answer():
    for slug in ("bayville", "poquott"):
        assert first_answer(slug, "can I drain the acid wash water from our pool into the street")[1] == "prohibited"


def test_roof_rain_piped_to_the_street_stays_as_it_is():
    assert first_answer("bayville", "my roof downspout is piped under the lawn into the storm drain") == ("piped_stormwater", "conditional")
    assert first_answer("poquott", "my roof downspout is piped under the lawn into the storm drain")[1] == "allowed"


# ---- 2. rising groundwater keeps its unqualified exemption -----------------------------------

RISING_GROUNDWATER = [
    "groundwater seeps up through the slab every april and the sump pump sends it out to the curb, is that fine",
    "in wet springs ground water comes up through the floor, I sweep it into the sump and it goes out to the street",
    "the groundwater rising under the house fills the sump and it pumps to the road, allowed?",
]


@pytest.mark.parametrize("text", RISING_GROUNDWATER)
@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_rising_groundwater_pumped_by_the_sump_is_not_conditional(slug, text):
    assert [v for _, v in all_answers(slug, text)] in (["allowed"], ["not_named"]), all_answers(slug, text)


def test_rising_is_read_as_the_way_groundwater_arrives():
    assert read_facets("groundwater comes up through the floor and the sump pumps it").route == "rising"
    assert read_facets("my sump pump drains to the street").route != "rising"


def test_rising_groundwater_with_oil_in_it_is_still_no_exemption():
    assert first_answer("bayville", "groundwater seeps up into the basement with oil in it and the sump pump sends it to the curb")[1] != "allowed"


def test_a_creek_rising_does_not_make_sump_water_rising_groundwater():
    assert first_answer("bayville", "my sump pump runs all spring when the creek is rising, ok?") == ("sump_pump", "conditional")


# ---- 3. what firefighting water passed over is no separate discharge -------------------------

FIRES_FOUGHT = [
    "a dumpster behind the deli caught fire and the fire department soaked it, the water with the trash ran into the catch basin",
    "the recycling truck was on fire on our block and firefighters sprayed it down, all that runoff went in the storm drain",
    "a shed full of junk went up in flames and the fire company hosed it for hours into the gutter",
]


@pytest.mark.parametrize("text", FIRES_FOUGHT)
@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_the_water_a_fire_was_fought_with_is_never_the_load_s_prohibition(slug, text):
    answers = all_answers(slug, text)
    assert answers and answers[0][1] in ("allowed", "not_named"), answers
    assert all(v not in ("prohibited", "conditional") for _, v in answers), answers


def test_a_fire_service_and_a_fire_are_both_needed():
    assert service_fought_fire(normalize("the van caught fire and the fire department hosed it"))
    assert not service_fought_fire(normalize("the fire department washes its engines in the lot"))
    assert not service_fought_fire(normalize("the fire department says burning leaves is banned"))
    assert not service_fought_fire(normalize("my truck caught fire and I hosed it off myself"))


def test_a_fire_said_to_have_happened_is_a_fire_the_service_fought():
    assert service_fought_fire(normalize("the bakery had a grease fire and the fire dept sprayed it down"))
    assert service_fought_fire(normalize("there was a fire at the shed, the fire company ran two lines"))
    assert not service_fought_fire(normalize("we never had a fire, the fire department came for a drill"))
    assert not service_fought_fire(normalize("the fire department had a cookout in the lot"))  # no fire after it


def test_a_fire_service_washing_its_trucks_with_soap_keeps_its_answer():
    text = "the fire department washes its engines in the station lot and the soapy water goes to the storm drain"
    assert first_answer("bayville", text)[1] == "prohibited"


# ---- 4. a wash facility's drain tied into the storm sewer ------------------------------------

WASH_FACILITIES = [
    "the parks department plans a bike wash by the trail lot, its drain piped into the storm inlet",
    "the public works yard has a truck wash whose drain is tied into the storm sewer",
    "the marina put in a boat wash and hooked its drain into the catch basin",
]


@pytest.mark.parametrize("text", WASH_FACILITIES)
@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_wash_facility_drain_tied_into_the_ms4_is_prohibited(slug, text):
    assert all_answers(slug, text)[0] == ("illicit_connection", "prohibited"), all_answers(slug, text)


def test_a_wash_facility_is_named_by_what_it_washes():
    assert work_station("we built a dog wash at the shop".split())
    assert not work_station("at the store the kids wash their bikes".split())
    assert not work_station("i wash the truck".split())


def test_rain_piped_into_a_storm_inlet_stays_rain_s_connection():
    assert first_answer("bayville", "my downspouts are piped into the storm inlet at the curb") == ("piped_stormwater", "conditional")


def test_a_fire_services_apparatus_beside_a_thing_that_burned_is_a_fire_fought():
    assert service_fought_fire(normalize("the old garage burned overnight and two pumpers ran water on it for hours"))
    assert not service_fought_fire(normalize("the oil tanker leaked on the road"))  # no fire


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_black_water_where_a_fire_was_fought_is_that_waters_look(slug):
    text = ("the garage out back caught fire. the fire dept hosed it for an hour. this morning theres black water all "
            "along the curb into the storm drain. are they in trouble?")
    answers = all_answers(slug, text)
    assert answers and answers[0] == ("firefighting_water", "allowed"), answers
