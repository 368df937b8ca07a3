"""Who washes the vehicles: a trade's fleet, a seller's lot, and a comparison that names no one
(issue 27). Wording is this file's own."""
import pytest

from stormwater.understanding.discharge_reader import read_facets
from stormwater.understanding.meaning import read_question
from tests.understanding.first_answer import first_answer
from stormwater.understanding.who_washes import compared_away, trade_vehicles


@pytest.mark.parametrize(
    "text",
    [
        "we rinse our service trucks behind the building every friday",
        "the rental cars get scrubbed out back each night",
        "i hose down the landscaping trucks at the end of the season",
        "the truck dealer next to us soaps up the pickups on the pavement",
        "a used van lot across the road sprays the vans every morning",
    ],
)
def test_a_trades_fleet_or_a_sellers_lot_is_a_business(text):
    assert trade_vehicles(text.split())
    assert read_facets(text).who == "business", text


@pytest.mark.parametrize(
    "text",
    [
        "i wash my work van in the driveway",  # one vehicle a household keeps
        "we wash our two cars on saturdays",
        "my son rinses his truck after fishing",
        "the parking lot drain fills up when it rains",  # a lot with no vehicle sold on it
    ],
)
def test_a_households_own_vehicles_are_no_trade(text):
    assert not trade_vehicles(text.split()), text


@pytest.mark.parametrize(
    "text, kept",
    [
        ("isnt that the same as my neighbor watering his lawn ?", "isnt that the ?"),
        ("does it count as washing at home , or not ?", "does it , or not ?"),
        ("the deli hoses its mats , which is just like residential street washing right", "the deli hoses its mats , which is"),
    ],
)
def test_a_comparison_clause_is_left_out(text, kept):
    assert " ".join(compared_away(text.split())) == kept


@pytest.mark.parametrize(
    "text",
    [
        "some guy pressure washes boats for cash by the curb, isnt that the same as washing at home?",
        "a crew rinses the buses in the depot yard. wouldnt that count as what my neighbor does?",
        "the club sprays off the bleachers, thats just like washing my own driveway right?",
    ],
)
def test_the_household_in_a_comparison_is_not_who_discharges(text):
    assert read_facets(text).who != "household", text


def test_looks_like_still_reads_who_is_seen():
    # "looks like" tells what one sees, not a case compared with
    assert read_facets("looks like the restaurant is dumping mop water in the street").who == "business"


def test_a_household_said_outside_a_comparison_still_counts():
    assert read_facets("i wash my car in my driveway, same as everyone on the block").who == "household"


# --- a question between two of them tells neither (issue 27) ---------------------------------

@pytest.mark.parametrize(
    "text",
    [
        "my daughter washes cars at our house on weekends. does that count as residential or is it a business?",
        "we rinse the church vans in the lot, is that a residential thing or commercial",
        "my husband hoses off his boss's trucks here, residential or a company thing?",
    ],
)
def test_an_either_or_question_about_who_says_no_business(text):
    assert read_facets(text).who != "business", text


@pytest.mark.parametrize(
    "text",
    [
        "we run a detailing shop and rinse cars out front",  # told, not asked
        "the restaurant hoses its mats into the gutter, is that allowed or not",
        "my neighbor runs a business washing trucks in his driveway",
    ],
)
def test_a_business_told_outside_an_either_or_still_counts(text):
    assert read_facets(text).who == "business", text


@pytest.mark.parametrize(
    "text",
    [
        "my kid washes the neighbours cars in our driveway for $10 a car. still residential car washing or a business now?",
        "my son and his buddy wash cars in our driveway for $20 each on saturdays, soap goes to the drain. ok?",
        "the teens down the street wash cars for $5 in their driveway, is that residential car washing or a business",
    ],
)
def test_washing_others_cars_at_home_for_a_price_is_asked_not_answered(text):
    reading = read_question(text)
    assert reading.clarify == "car_wash_owner", text


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("i wash my own car in my driveway with dish soap, ok?", "car_wash_residential"),
        ("our school team holds a car wash fundraiser in the parking lot, soap goes to the drain", "car_wash_commercial"),
        ("my neighbor washes his car in his driveway every sunday", "car_wash_residential"),
    ],
)
def test_plain_car_washing_cases_keep_their_answers(text, key):
    reading = read_question(text)
    assert reading.clarify is None, text
    assert first_answer("bayville", text)[0] == key, text
