"""Poured down a household sink or toilet (issue 27): both ordinances prohibit discharges "into
the MS4"; a sink or a toilet leads to the sanitary sewer or a septic system, so no rule for the
thing in the storm drain gives a firm badge. A way outdoors, a connection to the storm sewer or
a negated sink keeps the reading it had. Wording is this file's own.
"""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.household_drains import down_household_drain
from stormwater.understanding.meaning import read_question


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def answered(village, text):
    reading = read_question(text)
    return [(a.discharge, a.verdict) for a in (answer_discharge(village, k, text) for k in (reading.keys or (None,)))]


@pytest.mark.parametrize(
    "text",
    [
        "cleaned my acrylic brushes in the bathroom sink, is that bad?",
        "can i tip the leftover wood stain down the utility sink",
        "my roommate flushes old motor oil down the toilet. thats not legal right?",
        "is pouring a little turpentine into the kitchen sink a problem?",
    ],
)
def test_a_household_fixture_gets_no_firm_storm_drain_badge(villages, text):
    assert down_household_drain(text)
    for slug in ("bayville", "poquott"):
        for discharge, verdict in answered(villages[slug], text):
            assert verdict == "not_named", (slug, text, discharge, verdict)


@pytest.mark.parametrize(
    "text",
    [
        "can i rinse the paint tray in the storm drain instead of the sink?",
        "my garage sink is piped straight into the storm sewer, is that ok",
        "the wash sink at the shop drains to the catch basin out back",
        "in old houses the sink and the floor drains connect to the stormwater system, ok?",
        "i don't want to pour the thinner in my sink, can it go in the gutter?",
    ],
)
def test_a_way_outdoors_or_a_connection_keeps_its_reading(text):
    assert not down_household_drain(text)


@pytest.mark.parametrize(
    "text",
    [
        "i never pour grease down the sink",
        "we filled the cooler from the sink",
        "the sink overflowed onto the floor",
        "in older homes the laundry room sink was often plumbed weird",
    ],
)
def test_no_going_into_a_fixture_is_no_household_drain(text):
    assert not down_household_drain(text)


def test_paint_in_the_storm_drain_stays_prohibited(villages):
    for slug in ("bayville", "poquott"):
        assert answered(villages[slug], "can i dump the leftover latex paint into the storm drain?")[0] == ("paint", "prohibited")
