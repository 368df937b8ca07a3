"""Words the lead typed trying the help desk as a resident (2026-12-04), read wrongly then."""
from stormwater.understanding.answer_words import hazard_answer
from stormwater.understanding.field_values import find_place


def test_whose_it_is_at_the_hazard_question_is_no_hazard_answer():
    assert hazard_answer("not mine") is None
    assert hazard_answer("nope not mine, no idea whose") is None
    assert hazard_answer("not mine idk what it is") == "unsure"
    assert hazard_answer("not mine but its oil") == "yes"
    assert hazard_answer("no") == "no" and hazard_answer("nope, gasoline") == "yes"


def test_a_landmark_texted_without_its_article_keeps_its_street():
    assert find_place("by village hall on Birchwood Rd") == "by village hall on Birchwood Rd"
    assert find_place("behind deli on Main St its coming out of a pipe") == "behind deli on Main St"
    assert find_place("the guy on Main St is dumping") == "Main St"
