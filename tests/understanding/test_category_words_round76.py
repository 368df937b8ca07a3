"""Issue 27, rounds 76-77: a pollutant named only as a possibility beside the water's own
reading; a tankless heater's condensate. Written in words of our own,
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
