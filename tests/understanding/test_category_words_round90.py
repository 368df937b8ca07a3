"""Issue 27, round 90: a sanitizer said to have fallen to nothing has left the water; the look of
a water read for one discharge qualifies the other discharge named beside it. Written in words of
our own, from the causes of the round's misses (the set itself is not quoted)."""
import pytest

from stormwater.understanding.water_gone import gone_from_water
from tests.understanding.first_answer import turn_verdicts as verdicts

CHLORINE = {"chlorine": ("chlorine",)}


@pytest.mark.parametrize("text, gone", [
    ("we waited and let the chlorine drop to zero before draining the spa", ("chlorine",)),
    ("the chlorine fell to 0 after a week with the cover off", ("chlorine",)),
    ("the chlorine dropped to 2 ppm, can i drain it now", ()),  # fallen, but not to nothing
    ("the ph dropped to zero and the chlorine is high", ()),  # the nil is another thing's
])
def test_a_sanitizer_fallen_to_nothing_has_left_the_water(text, gone):
    assert gone_from_water(text, CHLORINE, tested_only=True) == gone


def test_a_pool_whose_chlorine_fell_to_zero_is_vouched_dechlorinated():
    text = "we stopped adding chlorine and let the chlorine drop to zero. ok to pump the pool to the street drain?"
    assert verdicts("bayville", text)[0] == ("pool_water", "allowed"), verdicts("bayville", text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_muddy_water_of_two_named_waters_is_muddy_for_both(slug):
    text = "the trench for our new footing fills up with groundwater and rain overnight. the water is muddy brown. can we pump it into the street drain?"
    assert ("rainwater", "allowed") not in verdicts(slug, text), verdicts(slug, text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_thing_named_with_a_hedge_is_the_thing(slug):
    # found trying the desk as a resident: "what looks like" named the solvent only as a likeness
    text = "somebody poured what looks like paint thinner down the storm drain on our street"
    assert verdicts(slug, text)[0] == ("solvents", "prohibited"), verdicts(slug, text)
    text = "theres something that looked like motor oil running into the catch basin"
    assert verdicts(slug, text)[0] == ("motor_oil", "prohibited"), verdicts(slug, text)


def test_a_water_said_to_look_like_something_is_still_compared():
    assert ("motor_oil", "prohibited") not in verdicts("bayville", "the pond water looks like motor oil, can i pump it out to the street?")
