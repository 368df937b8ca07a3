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


def _at_the_place_question(text):
    from datetime import datetime, timezone
    from stormwater.understanding import form_reader
    filled = {"responsible": "yes", "material": "motor oil", "hazard": "yes", "location": None, "discovered": "2day",
              "reached_drain": "yes", "amount": "like a quart", "reporter_name": None, "reporter_phone": None}
    return form_reader.read_message(text, "location", "spill", filled, datetime(2026, 12, 4, 14, tzinfo=timezone.utc), tuple(filled))


def test_not_knowing_at_the_place_question_changes_neither_the_material_nor_whose_it_is():
    """"no idea what else" replaced the motor oil; "no idea where exactly" made the resident's
    own spill someone else's, dropping its deadlines."""
    for text in ("no idea what else", "no idea where exactly"):
        reading = _at_the_place_question(text)
        assert "material" not in reading.updates and "responsible" not in reading.updates, text
        assert reading.updates["location"] is None
    assert _at_the_place_question("not mine, no idea where its from").updates["responsible"] == "no"
    assert _at_the_place_question("no idea where it's coming from").updates["responsible"] == "no"
