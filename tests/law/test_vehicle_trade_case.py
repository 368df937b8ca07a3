"""Who washes the vehicles decides "individual residential car washing" (issue 27): a trade's
fleet or a dealer's stock is a business's, even where the words name car washing itself, and a
comparison with washing at home does not make it a household's. Wording is this file's own."""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.discharge_reader import read_discharge


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def answered(village, text):
    answer = answer_discharge(village, read_discharge(text).key, text)
    return answer.discharge, answer.verdict


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "our plumbing vans get a car wash with soap in the yard every monday, is car washing ok for us?",
        "the car dealer on main st does car washing of the whole lot with a hose, suds go in the gutter",
        "the shuttle vans at the depot get washed with car soap and it runs to the drain. isnt that the same as washing your car at home?",
    ],
)
def test_a_business_washing_its_vehicles_is_no_residential_car_washing(villages, slug, text):
    discharge, verdict = answered(villages[slug], text)
    assert discharge != "car_wash_residential", text
    assert verdict != "allowed", text


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "is car washing in my own driveway allowed?",
        "we do car washing at home with a bucket every weekend, fine?",
        "car washing my work van in front of my house, ok?",
    ],
)
def test_a_household_washing_at_home_keeps_the_exemption(villages, slug, text):
    assert answered(villages[slug], text) == ("car_wash_residential", "allowed"), text


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "washing my subaru in my own driveway after the beach, the rinse goes to the storm drain. legal?",
    # the washer is the tool; the mud is the car washing's own, not a discharge of its own
    "hosing my own truck off with the power washer after the trail, the mud runs down to the drain. ok?",
])
def test_ones_own_car_by_its_make_or_washed_with_a_tool_is_residential_car_washing(slug, text):
    from stormwater.dialogue.law_questions import discharge_question

    keys = discharge_question(text)["keys"]
    answer = answer_discharge(load_villages()[slug], keys[0] if keys else None, text)
    assert (answer.discharge, answer.verdict) == ("car_wash_residential", "allowed")
