"""Issue 27, rounds 68-69: water gathered in a yard is "a pool" of water, no swimming pool
("the dip by the fence becomes a huge pool when it pours", "a pool of rain water"); "is X
exempt?" asks for a verdict. Written in words of our own, from the causes of the rounds' misses
(the sets themselves are not quoted)."""
import pytest

from stormwater.understanding.asking import asks_verdict
from tests.understanding.first_answer import turn_verdicts as verdicts


@pytest.mark.parametrize("text", [
    "the dip by our back fence becomes a huge pool when it pours, can i pump it out to the gutter?",
    "after the storm theres a pool of rain water in the side yard, ok to run a hose from it to the street drain?",
    "the vernal pool behind our house floods the yard every april, can i pump it to the street drain?",
])
def test_water_gathered_in_a_yard_is_no_swimming_pool(text):
    assert ("pool_water", "prohibited") not in verdicts("poquott", text)
    assert not any(key and "pool" in key for key, _ in verdicts("bayville", text))


@pytest.mark.parametrize("slug, verdict", [("bayville", "conditional"), ("poquott", "prohibited")])
def test_a_swimming_pool_drained_is_still_pool_water(slug, verdict):
    assert verdicts(slug, "we are draining a big pool at the swim club to the street drain, ok?")[0] == ("pool_water", verdict)


@pytest.mark.parametrize("text", [
    "the school next door hoses its bus loop into the drain. isnt street wash water exempt?",
    "is ac condensate exempt if it drips on the sidewalk",
])
def test_is_it_exempt_asks_for_a_verdict(text):
    assert asks_verdict(text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_what_a_tree_service_leaves_is_yard_waste_even_when_the_street_is_washed(slug):
    text = "the tree guys chipped the limbs out front and left wood chips all over the road, can i hose it into the drain? thats street washing"
    assert ("street_wash", "allowed") not in verdicts(slug, text)
    assert verdicts(slug, "can i sweep the wood chips off my driveway into the storm drain?") == [("yard_waste", "prohibited")]
    # a woodshop's sawdust is no yard's: it keeps its own reading (Bayville: not named; Poquott: a
    # plant's material, § 132-3's "biological materials")
    assert ("yard_waste", "prohibited") not in verdicts(slug, "every saturday i hose the sawdust off my driveway into the drain")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    # slime is what "slimy" says: water gone foul is no exemption's water as it came
    "the condensate from the dehumidifier in the shop runs out to the lot drain, theres slime in the hose, its just condensate right?",
    # acidic water is what "acid" says
    "our filter system splits tap water and the acidic water goes down the driveway to the drain, its just tap water right?",
])
def test_slime_and_acidic_water_say_what_is_in_it(slug, text):
    assert not any(verdict == "allowed" for _, verdict in verdicts(slug, text))


def test_a_fire_denied_with_even_is_no_emergency_and_the_question_is_answered():
    from stormwater.dialogue import spill_route
    from stormwater.understanding.meaning import read_question
    asked = "the fire company hoses foam around their lot for practice and it goes in our drain. isnt that exempt? its not even a real fire"
    told = "theres a real fire in the dumpster behind the deli and smoke pouring out"
    assert spill_route.route(asked, read_question(asked)) == spill_route.ANSWER
    assert spill_route.route(told, read_question(told)) == spill_route.REPORT


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_brush_beside_a_cleaner_is_the_tool_and_cut_brush_is_still_yard_waste(slug):
    tool = "scrubbing the boat trailer with the hull cleaner and a soft brush, the rinse runs to the curb, ok?"
    assert not any(key == "yard_waste" for key, _ in verdicts(slug, tool))
    assert verdicts(slug, "we cut brush along the back fence, can i pile it on the storm drain grate?") == [("yard_waste", "prohibited")]
