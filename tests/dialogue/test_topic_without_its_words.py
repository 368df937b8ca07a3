"""A topic the classifier heard whose own words the message lacks is answered as the discharge
it names (issue 27, rounds 82-83): a pipeline "pressure tested with water" is no dye test; "what
do i need from the village" asks leave, so the verdict comes first. Words of our own."""
from stormwater.dialogue.law_followups import topic_turn
from stormwater.dialogue.law_questions import discharge_question
from stormwater.law.villages import get_village
from stormwater.understanding.asking import asks_permission


def _answers(slug, topic, text):
    turn = topic_turn(get_village(slug), topic, discharge_question(text), True)
    return [(r.response, (r.custom or {}).get("discharge")) for r in turn.replies]


def test_a_test_with_no_dye_gets_no_dye_testing_passage():
    text = "the utility is testing the new water tank with a hydrostatic test and will let the test water out to the catch basin, ok?"
    for slug in ("bayville", "poquott"):
        replies = _answers(slug, "dye_testing", text)
        assert "utter_law_topic" not in [r for r, _ in replies]
        assert replies[0][0].startswith("utter_discharge") and replies[0][1] != "dye_test", replies


def test_a_dye_test_still_gets_the_dye_rule():
    text = "the plumber wants to pour tracer dye in the toilet to see if it shows up in the storm drain, do we tell the village?"
    assert ("utter_discharge_conditional", "dye_test") in _answers("bayville", "dye_testing", text)


def test_what_the_village_must_give_is_leave_asked():
    assert asks_permission("we want to pipe the overflow to the storm drain, what do i need from the village for that")
    assert asks_permission("do they need something from the village too?")
    assert not asks_permission("the village sent a notice about the street sweeping")
