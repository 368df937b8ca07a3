"""Issue 27, rounds 86-87: a water heater's own sediment is its flushing's; "black water all along
the curb" is a colour; a case compared with lends no water ("same as an AC unit"); a trash can of
hose water is a vessel; water run "into the storm sewer pipe" is a connection, and water that
sheets across the ground first is none. Written in words of our own, from the causes of the
rounds' misses (the sets themselves are not quoted)."""
import pytest

from stormwater.understanding.drain_connections import joined_to_ms4
from stormwater.understanding.exemption_water import piped_into_ms4
from tests.understanding.first_answer import turn_verdicts as verdicts

VILLAGES = ["bayville", "poquott"]


@pytest.mark.parametrize("text", [
    "doing the annual flush on our electric water heater, the hose goes to the curb and the first gallons are brown with sediment. ok?",
    "flushing the hot water heater today, the hose goes to the curb and the first few gallons are brown with sediment. ok?",
])
def test_a_water_heaters_sediment_is_its_flushings_own_in_bayville(text):
    # Bayville names no sediment and no heat: the flushing's own grit gives no "Not allowed"
    assert not any(key == "sediment" or verdict == "prohibited" for key, verdict in verdicts("bayville", text)), verdicts("bayville", text)


@pytest.mark.parametrize("slug", VILLAGES)
def test_black_water_along_the_curb_after_a_fire_is_no_sewage(slug):
    text = "the fire dept put out a garage fire up the block and now theres black water all along the curb into the drain. is that allowed?"
    assert not any(key == "sewage" for key, _ in verdicts(slug, text)), verdicts(slug, text)
    assert verdicts(slug, "the camper next door dumps its black water tank in the street drain")[0][0] == "sewage"


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_case_compared_with_lends_no_water(slug):
    text = "the ice machine at my cafe drips into a hose i ran out the back door to the lot drain. its only condensation, same as an air conditioner"
    assert not any(key == "ac_condensate" for key, _ in verdicts(slug, text)), verdicts(slug, text)
    assert verdicts(slug, "my air conditioner drips onto the driveway and runs to the drain, ok?")[0] == ("ac_condensate", "allowed")


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_trash_can_of_water_is_a_vessel(slug):
    text = "i rinse the wetsuits in a trash can of hose water to get the salt out then dump it on the driveway to the gutter. ok?"
    assert not any(key == "trash" or verdict == "prohibited" for key, verdict in verdicts(slug, text)), verdicts(slug, text)


def test_into_the_storm_pipe_is_a_connection_and_across_the_ground_is_none():
    assert piped_into_ms4("the plumber wants to run it straight into the storm sewer pipe under the road")
    assert not piped_into_ms4("the rain runs down the road into the storm drain")
    assert not joined_to_ms4("i flush the drip lines out the ends and it sheets across the driveway to the catch basin")
    assert joined_to_ms4("we will hook the new drip line into the catch basin")
