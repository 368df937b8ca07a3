"""A pipe into the storm sewer carrying what a kitchen, a dairy or a ritual pours (milk, yogurt,
honey, juice), or water that washed a kitchen's wares (woks, pots, dishes), is a prohibited
connection in both villages (issue 27); a water that could be exempt keeps its own answer (in
Poquott, a pipe that ties it straight into the MS4 is left open by the text).
Wording is this file's own."""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.connection_carries import washed_ware
from stormwater.understanding.meaning import read_question

# Poquott: a home's exempt water tied straight into the MS4 is left open by § 132-3's definition A of illicit
# connections ("any conveyances which allow any nonstormwater discharge"): not named, the SMO to ask (round 54)
HOME_PIPE = ("piped_exempt_water_home", "not_named")


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def answered(village, text):
    reading = read_question(text)
    return [(a.discharge, a.verdict) for a in (answer_discharge(village, k, text) for k in (reading.keys or (None,)))]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "the creamery's spilled milk and whey run along a gutter channel, and the pipe from it goes into the storm drain, ok?",
        "after the festival the leftover yogurt and honey get poured in a basin that is piped to the catch basin. allowed?",
        "the juice bar's back drain line empties into the storm sewer, and it's mostly fruit juice and ice, is that legal?",
        "our dish room rinses the pots and pans and that drain goes out to the storm drain behind the store, fine?",
        "the cafe wants to pipe the water from scrubbing the frying pans into the catch basin in the lot, can we?",
        "at the noodle shop the stockpots are rinsed at a trough and the pipe from it is tied into the storm sewer, ok?",
    ],
)
def test_a_pipe_carrying_food_or_ware_wash_water_is_a_prohibited_connection(villages, slug, text):
    assert answered(villages[slug], text) == [("illicit_connection", "prohibited")]


@pytest.mark.parametrize(
    "text, bayville, poquott",
    [
        ("our downspout is piped to the street, is that ok?", ("rainwater", "allowed"), ("rainwater", "allowed")),
        ("my sump pump line goes into the storm drain, allowed?", ("sump_pump", "conditional"), ("sump_pump", "allowed")),
        ("my AC drain pan drips into a pipe that goes to the storm drain, ok?", ("piped_exempt_water", "conditional"), HOME_PIPE),
        ("the dairy barn's gutters are piped into the storm drain, ok?", (None, "not_named"), None),
    ],
)
def test_a_water_that_could_be_exempt_keeps_its_answer(villages, text, bayville, poquott):
    assert answered(villages["bayville"], text) == [bayville]
    if poquott is not None:
        assert answered(villages["poquott"], text) == [poquott]


@pytest.mark.parametrize(
    "text, washed",
    [
        ("rinsing the woks all night", True),
        ("we wash the dirty pots by hand", True),
        ("the sheet pans get rinsed out back", True),
        ("the dishes soak in the tub", True),
        ("clean the drain pan of the air conditioner", False),
        ("the pots of flowers on the porch", False),
        ("we wash the car in the driveway", False),
    ],
)
def test_washed_ware_reads_a_kitchens_ware_near_a_word_of_washing(text, washed):
    assert washed_ware(text.split()) is washed
