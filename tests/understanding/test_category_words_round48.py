"""Round 48's lessons (issue 27, session 2026-12-06, fourteenth): a guide that says how is no
business washing the car; a pump the pool is pumped down with is no sump's water; "what's wrong
with pouring it in the storm drain" asks the verdict; "let it run down to the storm drain", meant,
is a question, not a spill. Wording is this file's own, not the blind sets'."""
import pytest

from stormwater.dialogue import spill_route
from stormwater.dialogue.unheard_report import names_a_discharge
from stormwater.understanding.asking import asks_verdict
from stormwater.understanding.meaning import read_question
from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("source", ["detailing guide", "detailing tutorial", "dealership's instructions page"])
def test_a_guide_that_says_how_is_no_business_washing_the_car(source):
    text = f"washing my own car in the driveway with dish soap to strip the wax, like the {source} says. suds go to the storm drain, ok?"
    assert read_question(text).keys[0] == "car_wash_residential"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_detailing_business_still_washes_as_a_business(slug):
    assert first_answer(slug, "the detailing business behind us washes customers cars in the lot and the soap goes in the storm drain, ok?")[0] \
        == "car_wash_commercial"


def test_the_pump_a_pool_is_pumped_down_with_gets_no_badge_of_its_own():
    from stormwater.dialogue.law_questions import discharge_question
    from stormwater.dialogue.meaning_replies import answer_replies
    from stormwater.law.villages import load_villages

    text = "after the storm the pool is overflowing and i just shocked it. can i pump it down with my sump pump to the street?"
    question = discharge_question(text)
    replies, _ = answer_replies(load_villages()["bayville"], question["keys"][0], text, question["keys"][1:4])
    badges = [r.custom.get("discharge") for r in replies if (r.custom or {}).get("type") == "discharge_answer"]
    assert "sump_pump" not in badges and badges and "pool" in badges[0]


@pytest.mark.parametrize("text", [
    "whats wrong with pouring the old juice boxes into the storm drain?",
    "is there anything wrong with dumping the leftover punch in the catch basin",
])
def test_whats_wrong_with_pouring_it_in_the_drain_asks_the_verdict(text):
    assert asks_verdict(text) and names_a_discharge(text)


def test_theres_nothing_wrong_said_is_no_question():
    assert not asks_verdict("nothing wrong with it, i poured it out yesterday")


@pytest.mark.parametrize("text", [
    "crab feast is done and the cooler is full of bloody ice melt. i want to pull the cooler plug and let it run down to the storm drain",
    "we're planning to open the tank valve and let it drain into the catch basin tonight",
])
def test_letting_it_run_to_the_drain_meant_is_a_question_not_a_spill(text):
    assert spill_route.route(text, read_question(text)) == spill_route.ANSWER


def test_letting_it_run_to_the_drain_done_is_still_a_report():
    text = "somebody let it all run down the storm drain last night and it stinks"
    assert spill_route.route(text, read_question(text)) == spill_route.REPORT


def test_a_plan_told_as_the_plan_is_a_question_not_a_spill():
    # round 49's lesson: "plan is to ..." is meant, like "we want to ..."
    text = "the rugs are filthy. plan is to scrub them with carpet shampoo in the driveway and rinse them so it runs to the storm drain"
    assert spill_route.route(text, read_question(text)) == spill_route.ANSWER


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_tap_water_with_something_mixed_in_is_no_plain_potable_water(slug):
    # round 49's lesson: "barrels of tap water with salt mixed in" got "Allowed" as potable water
    text = "we have two barrels of tap water with a few pounds of salt mixed in from a science fair. ok to tip them into the catch basin?"
    assert first_answer(slug, text)[1] == "not_named"
    assert first_answer(slug, "is it ok to dump a bucket of plain tap water into the storm drain?")[1] == "allowed"
