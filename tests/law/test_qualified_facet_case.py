"""The words that qualify a named discharge qualify the case a facet rule reaches (issue 27).

A message can name only an ingredient of an activity ("soap") and let the facets say the
activity (a vehicle washed): the village's facet rule then reaches "individual residential car
washing". Whose washing it is (a congregation, a troop, a team) decides that exemption as it does
when "car wash" itself is named: the text exempts only "water from individual residential car
washing". Wording is this file's own.
"""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.meaning import qualified_case, read_question


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def answered(village, text):
    reading = read_question(text)
    answer = answer_discharge(village, reading.key, text)
    return answer.discharge, answer.verdict


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "our congregation scrubs the church buses with soap out in the lot, ok?",
        "the boy scouts troop hoses the soap off their trailers and vans in the parking area",
        "we clean the team vans with soap after every away game, is that fine",
        "the charity washes the donated trucks with detergent before selling them",
    ],
)
def test_an_organised_group_washing_vehicles_with_soap_is_no_residential_car_washing(villages, slug, text):
    discharge, verdict = answered(villages[slug], text)
    assert discharge != "car_wash_residential", text
    assert verdict != "allowed", text


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "i scrub my minivan with soap in my own driveway, fine?",
        "we wash our family vans with dish soap at home on sundays",
        "my husband washes his pickup with soap in our driveway",
    ],
)
def test_a_household_washing_its_own_vehicles_with_soap_keeps_the_exemption(villages, slug, text):
    assert answered(villages[slug], text) == ("car_wash_residential", "allowed"), text


@pytest.mark.parametrize(
    "text, case, expected",
    [
        ("the church group washes vans", "car_wash_residential", "car_wash_commercial"),
        ("a school fundraiser washing pickups", "car_wash_residential", "car_wash_commercial"),
        ("my own vans, at home", "car_wash_residential", "car_wash_residential"),
        ("sump water with an oil sheen on it", "sump_pump", "contaminated_sump_pump"),
        ("sump water, no oil in it", "sump_pump", "sump_pump"),
        ("the club washes its vans", None, None),
    ],
)
def test_qualified_case_turns_a_reached_case_by_the_words_present(text, case, expected):
    assert qualified_case(text, case) == expected


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "i bring the company pickup home, can i wash it with soap in my driveway?",
        "the company truck stays at my place overnight, can i wash it with soap in my driveway?",
        "i drive a company van, ok if i wash it with soap at my house?",
    ],
)
def test_a_household_washing_one_work_vehicle_at_home_keeps_the_exemption(villages, slug, text):
    assert answered(villages[slug], text) == ("car_wash_residential", "allowed"), text
