"""One water read two ways gets no firm badge; two things named get an answer each (issue 27:
"never show the worst of several readings as the answer"). Wording is this file's own."""
import pytest

from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.law.villages import get_village
from stormwater.understanding.meaning import read_question
from stormwater.understanding.named_together import named_together


def _answers(slug: str, text: str):
    reading = read_question(text)
    replies, _ = answer_replies(get_village(slug), reading.key, text, reading.keys[1:4])
    badges = [(r.custom["discharge"], r.custom["verdict"]) for r in replies if (r.custom or {}).get("type") == "discharge_answer"]
    return badges, replies


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_coolant_or_ac_condensate_as_two_people_say_is_no_firm_badge(slug):
    text = "my husband says the drip under the car is coolant, i say its just AC condensate. it runs down to the street drain. is it allowed"
    badges, replies = _answers(slug, text)
    assert badges == [(None, "not_named")]
    # both readings stay one tap away, each with its own answer
    assert replies[-1].response == "utter_readings_disagree" and len(replies[-1].buttons) == 2
    assert replies[-1].values["others"] == "antifreeze or air-conditioning condensate"


def test_two_hoses_named_as_two_things_get_the_prohibition_first():
    text = "the washing machine hose and the sump pump hose both run out to the street drain, is that ok?"
    badges, _ = _answers("poquott", text)
    assert badges[0] == ("washing_machine", "prohibited")


def test_what_is_drained_into_a_sump_pit_is_answered_not_the_pit():
    badges, _ = _answers("poquott", "our washing machine drains into the sump pit and the sump pump sends it out to the street")
    assert badges == [("washing_machine", "prohibited")]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_what_rain_washes_along_is_still_the_thing(slug):
    badges, _ = _answers(slug, "the rain washes the mulch off the neighbors beds into the storm drain")
    assert badges[0] == ("yard_waste", "prohibited")


def test_named_together_reads_a_word_that_adds_between_two_mentions():
    assert named_together("the washing machine hose and the sump pump hose run out", "washing_machine", "sump_pump")
    assert named_together("pool water plus some motor oil", "pool_water", "motor_oil")
    assert not named_together("he says its coolant. i say its AC condensate", "antifreeze", "ac_condensate")
    assert not named_together("motor oil went in, and a week later the pool water", "motor_oil", "pool_water")  # too far apart
