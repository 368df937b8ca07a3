"""Issue 27: some leaves lying in a water that is let out are not a yard waste discharge of their
own, and the water carrying them is not plainly exempt either: "not named" in both villages,
never a firm badge. Leaves put into the street themselves keep yard waste's rule. Written in
words of our own (held_solids.py), from a cause three blind rounds' writers agreed on."""
import pytest

from stormwater.understanding.held_solids import yard_waste_in_water
from tests.understanding.first_answer import turn_verdicts as verdicts

VILLAGES = ["bayville", "poquott"]


@pytest.mark.parametrize("text", [
    "the bird bath water with some leaves in it, ok to dump it at the curb?",
    "the liner of our skating rink is full of slushy water and some leaves, can i let it drain to the street",
    "our melted rink is a big pool of hose water in the liner with a few leaves in it, can it run down the driveway to the drain?",
    "the kids wading pool sat out all fall, its rainwater with some leaves in it now. can i tip it into the gutter",
])
@pytest.mark.parametrize("slug", VILLAGES)
def test_leaves_lying_in_a_water_let_out_are_not_named(slug, text):
    assert yard_waste_in_water(text)
    assert [verdict for _, verdict in verdicts(slug, text)] == ["not_named"]


@pytest.mark.parametrize("text", [
    "can i blow the leaves into the street",
    "i hose water and grass clippings off the driveway into the drain",  # the clippings are hosed away themselves
    "we rake the leaves to the curb, then the rain takes them into the storm drain",
])
@pytest.mark.parametrize("slug", VILLAGES)
def test_yard_waste_put_out_itself_keeps_its_rule(slug, text):
    assert ("yard_waste", "prohibited") in verdicts(slug, text)


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_water_holding_leaves_and_a_pollutant_is_not_let_off(slug):
    text = "the rink water has some leaves and goose poop in it, ok to drain it to the street?"
    assert verdicts(slug, text)[0][1] == "prohibited"
