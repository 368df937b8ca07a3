"""An indoor drain joined to the storm sewer (issue 27): the connection decides, by what it
drains, whatever water the resident says runs through it. Bayville § 63A-6 prohibits the
connection of interior floor drains; Poquott § 132-3 counts connections "from indoor drains and
sinks" among illicit connections. An indoor fixture's drain is no floor drain in Bayville, and
its water no § 63A-5B(1) water: never an "allowed" badge there. Wording is this file's own.
"""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.meaning import read_question


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
        "the drain in the middle of my workshop floor runs right out to the storm drain by the curb, only rain gets tracked in there, ok?",
        "the old shop drain in our garage is hooked into the catch basin out front, nothing but rainwater goes in it, allowed?",
        "years ago someone tied the drain in the barn slab to the street drain; all it ever gets is slush. is that fine?",
    ],
)
def test_an_interior_floor_drain_joined_to_the_storm_sewer_is_prohibited_whatever_water_is_claimed(villages, slug, text):
    assert answered(villages[slug], text) == [("floor_drain", "prohibited")]


@pytest.mark.parametrize(
    "text",
    [
        "the plumber would tie the drain from the espresso counter into the storm main instead of the sewer, since it's only water. ok?",
        "the bar sink in the back drains straight into the storm sewer, is that allowed?",
        "we'd like to run the drain line of the rinse station to the storm pipe rather than the septic since it's only water, can we?",
    ],
)
def test_an_indoor_fixtures_drain_joined_to_the_storm_sewer(villages, text):
    # Poquott names connections from indoor drains and sinks; Bayville names no such fixture, and
    # the water said to run through it gets no badge of its own
    assert answered(villages["poquott"], text) == [("floor_drain", "prohibited")]
    assert all(verdict in ("not_named", "prohibited") for _, verdict in answered(villages["bayville"], text))


@pytest.mark.parametrize(
    "text, bayville, poquott",
    [
        ("the rain goes down the storm drain, is that ok?", ("rainwater", "allowed"), ("rainwater", "allowed")),
        ("my garage floor drain goes to a drywell in the yard, is that allowed?", ("floor_drain", "prohibited"), ("floor_drain", "prohibited")),
        ("we tied the roof leaders into the storm sewer, was that ok?", ("piped_stormwater", "conditional"), ("rainwater", "allowed")),
        # the storm main is the MS4: in Poquott a pipe of exempt water into it is open, as into a storm drain
        ("the contractor will run the new footing drain pipe straight into the storm main, is that ok?",
         ("footing_drain", "conditional"), ("piped_exempt_water_home", "not_named")),
    ],
)
def test_what_is_no_indoor_drain_keeps_its_own_rule(villages, text, bayville, poquott):
    assert answered(villages["bayville"], text) == [bayville]
    assert answered(villages["poquott"], text) == [poquott]
