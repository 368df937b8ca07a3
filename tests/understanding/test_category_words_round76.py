"""Issue 27, rounds 75-77: a pollutant named only as a possibility beside the water's own
reading; a tankless heater's condensate; what is meant now, after a story of a fire. Written in words of our own,
from the causes of the rounds' misses (the sets themselves are not quoted)."""
import pytest

from stormwater.understanding.possible_things import only_possible
from tests.understanding.first_answer import turn_verdicts as verdicts

VILLAGES = ["bayville", "poquott"]
LETS_THROUGH = {"allowed", "conditional"}


@pytest.mark.parametrize("text, possible", [
    ("the basement took on water, theres a chance the oil tank got wet", True),
    ("our crawl space flooded and maybe some paint cans tipped over", True),
    ("the basement flooded and the oil tank leaked into the water", False),
])
def test_a_pollutant_named_as_a_worry_is_only_possible(text, possible):
    key = "motor_oil" if "oil" in text else "paint"
    assert only_possible(text, key) is possible


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_worry_beside_the_waters_own_reading_gets_no_firm_badge(slug):
    text = "the basement took on a foot of water in the storm, can i pump it to the street? theres a chance the oil tank got wet"
    assert [verdict for _, verdict in verdicts(slug, text)][:1] == ["not_named"]
    # told as a fact, the oil decides
    told = "the basement took on a foot of water and the oil tank leaked into it, can i pump it to the street?"
    assert verdicts(slug, told)[0] == ("motor_oil", "prohibited")


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_tankless_heaters_condensate_is_no_air_conditioners(slug):
    text = "the new tankless heater has a condensate line and the plumber wants it to drip onto the driveway, ok?"
    assert not any(key == "ac_condensate" for key, _ in verdicts(slug, text))


@pytest.mark.parametrize("slug", VILLAGES)
def test_what_is_meant_now_is_asked_not_the_story_before_it(slug):
    text = ("the garage caught fire last month and the fire department's water ran into the storm drain. "
            "now the cleanup company wants to pressure wash the soot off the siding into the same drain")
    assert not any(key == "firefighting_water" or verdict in LETS_THROUGH for key, verdict in verdicts(slug, text))
    # "now ... drain it" names nothing of its own: the whole message is read, the pool too
    assert verdicts(slug, "my pool turned green. now i want to drain it to the street, ok?")[0][0] == "pool_water"


def test_asked_now_is_the_clause_of_what_is_meant():
    from stormwater.understanding.told_now import asked_now

    assert asked_now("we had a fire. now the crew wants to hose the ash off") == "now the crew wants to hose the ash off"
    assert asked_now("can i drain my pool now?") is None
