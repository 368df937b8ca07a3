"""Round 57's lessons (issue 27, session 2026-12-07, seventeenth): a drain said not to be there
("has no floor drain") joins nothing to the storm sewer; water said to be hot ("comes out too
hot to touch", "comes out warmer") holds Poquott's listed "heat", and groundwater pumped out
warmer is not "uncontaminated pumped ground water"; "a dead end street" is no dead thing; a
spring that pops out of a hill is a spring while "every spring" is the season. Wording is this
file's own, not the blind sets'."""
import pytest

from stormwater.understanding.drain_connections import FLOOR, connected_drain
from stormwater.understanding.temperatures import temperature_words
from tests.understanding.first_answer import first_answer


def test_a_drain_said_not_to_be_there_joins_nothing_to_the_storm_sewer():
    assert connected_drain("the bakery has no floor drain so the hose from the proofer goes out back to the catch basin") is None
    assert connected_drain("we don't have a floor drain, the hose runs out the door into the storm drain") is None
    assert connected_drain("the garage floor drain empties into the storm sewer") == FLOOR
    assert first_answer("bayville", "the bakery has no floor drain so the proofer hose goes out back into the catch basin. ok?")[0] != "floor_drain"


@pytest.mark.parametrize("text, said", [
    ("the rinse comes out really hot", True),
    ("the first buckets are too hot to touch", True),
    ("the loop water comes out warmer than the well", True),
    ("i want to drain the hot tub to the street", False),
    ("it was hot out so i hosed the patio", False),
    ("it was hot, can we run the tap water down the street for the kids", False),
    ("it's so hot, can i open the hydrant", False),
    ("it comes out hot from the coil", True),
    ("the rinse is not hot", False),
])
def test_water_said_to_be_hot_is_read_as_heat(text, said):
    assert bool(temperature_words(text, "heat")) is said
    assert temperature_words(text, "boiling") == ()


def test_hot_tap_water_is_left_open_in_poquott_only():
    text = "i let the outdoor tap run to flush the line and the water comes out really hot, it runs down to the storm drain, fine?"
    assert first_answer("poquott", text) == ("heated_water", "not_named")
    assert first_answer("bayville", text)[1] != "not_named"


def test_groundwater_pumped_out_warmer_is_not_the_uncontaminated_kind_in_poquott():
    text = "our geothermal system pumps well water through the house and dumps it in the gutter, it comes out warmer than it went in. allowed?"
    assert first_answer("poquott", text) == ("heated_groundwater", "prohibited")
    assert first_answer("bayville", text)[1] != "prohibited"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_dead_end_street_is_no_dead_thing(slug):
    assert first_answer(slug, "we hose down our dead end street in front of our houses with plain water, no soap. allowed?") == ("street_wash", "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_spring_popping_out_is_a_spring_and_every_spring_the_season(slug):
    assert first_answer(slug, "each spring a little spring bubbles up by our patio and trickles to the curb, is that a problem?") == (
        "springs_and_wetland_flows", "allowed")
    assert first_answer(slug, "every spring i pump the puddle by the patio to the curb, is that a problem?")[0] != "springs_and_wetland_flows"
