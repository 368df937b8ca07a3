"""Round 58's lessons (issue 27, session 2026-12-07, seventeenth): a product the water is said to
hold ("sits full of chlorine", "filled from the tap with two capfuls of bleach") is no thing
discharged of its own; a trade named before "who" is a person ("the pool cleaner who comes"),
neither the thing discharged nor what is in the water; a denial ends at its comma ("pure water,
no soap, then ...") when the message is read for what it affirms. Wording is this file's own,
not the blind sets'."""
import pytest

from stormwater.understanding.answer_words import affirmed_keys
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.water_holds import held_by_water
from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("before, held", [
    ("the new main sits full of".split(), True),
    ("the new main sits full of 25 mg/l".split(), True),
    ("the jugs were filled at the sink last spring with two capfuls of".split(), True),
    ("i cleaned the deck and then poured some".split(), False),
    ("can i dump the".split(), False),
])
def test_a_product_said_as_what_a_water_holds(before, held):
    assert held_by_water(before, ["bleach"], frozenset({"bleach"}), frozenset({"filled", "fill"})) is held


def test_stored_tap_water_with_a_little_bleach_is_no_bleach_dumped():
    text = "we keep 5 gallon jugs of emergency water, filled from the tap with a few drops of bleach. can i empty the old ones on the lawn by the curb drain?"
    assert read_discharge(text).facets.role == "ingredient"
    for slug in ("bayville", "poquott"):
        assert first_answer(slug, text)[1] != "prohibited"
    assert first_answer("bayville", "can i pour a jug of bleach into the storm drain?")[1] == "prohibited"


def test_a_trade_before_who_is_a_person_and_a_denial_ends_at_its_comma():
    text = "the pool cleaner who comes weekly uses plain water, no soap, and it runs down the driveway into the street. is that legal?"
    assert "detergent" not in affirmed_keys(text)
    assert "soap" not in read_discharge(text).facets.contents
    assert "detergent" in affirmed_keys("we wash the deck with soap, the runoff goes to the street")
