"""Issue 27: a verdict the resident states of another case as a premise ("lawn watering is
allowed so what's the difference"), a rule hoped for by comparison ("treated like pool water"),
lead named as the metal, and a conditioner put in a water. Written in words of our own, from the
causes of earlier rounds' misses (the sets themselves are not quoted)."""
import pytest

from stormwater.understanding.role_shapes import premise_stated
from tests.understanding.first_answer import turn_verdicts as verdicts

VILLAGES = ["bayville", "poquott"]
LETS_THROUGH = {"allowed", "conditional"}


@pytest.mark.parametrize("after, stated", [
    ("is allowed so whats the difference".split(), True),
    ("runoff is totally fine , but why not this".split(), True),
    ("is allowed right".split(), False),  # asks
    ("is allowed to go in the street".split(), False),
])
def test_a_premise_is_a_verdict_stated_then_turned_from(after, stated):
    assert premise_stated(after) is stated


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_case_argued_from_is_not_the_answer(slug):
    text = "i dump the leftover weed killer from my sprayer in the gutter. lawn watering is allowed so whats the difference?"
    assert not any(key == "lawn_watering" or verdict in LETS_THROUGH for key, verdict in verdicts(slug, text))
    # asked about itself, the same case keeps its answer
    assert verdicts(slug, "lawn watering is allowed right? my sprinklers hit the street")[0] == ("lawn_watering", "allowed")


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_rule_hoped_for_by_comparison_is_not_the_thing(slug):
    text = "the court crew pours pool shock on the clay and hoses it off to the drain. is that treated like pool water?"
    assert all(key != "pool_water" for key, _ in verdicts(slug, text))


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize("text", [
    "rain filled the bucket of lead shot from the range, ok to dump the water at the curb?",
    "we drained the old fish tank, tap water with the water conditioner in it, out to the street drain ok?",
    "draining the waterbed, its tap water with the waterbed conditioner, hose to the curb ok?",
])
def test_a_metal_or_a_product_in_an_exempt_water_gets_no_allowed_badge(slug, text):
    assert not any(verdict in LETS_THROUGH for _, verdict in verdicts(slug, text))
