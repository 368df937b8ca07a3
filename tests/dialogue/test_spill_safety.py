"""What a spill report opens with: the 911 line, then the rule and hotlines that apply."""
from stormwater.dialogue.spill_safety import safety_replies
from stormwater.law.villages import get_village

BAYVILLE = get_village("bayville")


def _names(village, text):
    return [r.response for r in safety_replies(village, text)]


def test_a_petroleum_spill_gets_the_911_line_the_hazardous_rule_and_the_state_law():
    names = _names(BAYVILLE, "I spilled motor oil in my driveway")
    assert names[0] == "utter_spill_safety" and names[-1] == "utter_spill_petroleum_state_law"
    assert len(names) > 2  # the village's hazardous-spill passage between them


def test_a_harmless_unknown_material_gets_only_the_911_line():
    assert _names(BAYVILLE, "pond water, no chemicals") == ["utter_spill_safety"]


def test_someone_elses_discharge_gets_one_safety_message():
    assert len(safety_replies(BAYVILLE, "my neighbor is dumping motor oil into the storm drain")) == 1
    assert _names(None, "I spilled motor oil")[0] == "utter_spill_safety"  # no village yet: no rule
