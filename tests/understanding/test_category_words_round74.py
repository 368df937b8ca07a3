"""Issue 27, rounds 73-74: a case the resident argues from, its verdict stated ("lawn watering is
allowed so what's the difference", "it's street washing, which I heard is allowed"), or compared
with ("thats like washing the car"); a rule hoped for by comparison ("treated like pool water");
a sump pump that moves a pond's water; a pool's water denied beside its cover; lead named as the
metal, radon, and a water conditioner. Written in words of our own, from the causes of the
rounds' misses (the sets themselves are not quoted)."""
import pytest

from stormwater.understanding.argued_cases import argued_masked
from tests.understanding.first_answer import turn_verdicts as verdicts

VILLAGES = ["bayville", "poquott"]
LETS_THROUGH = {"allowed", "conditional"}


@pytest.mark.parametrize("text, argued", [
    ("i rinse the sprayer in the gutter. lawn watering is allowed so whats the difference", True),
    ("we hose the festival chalk off the road. its street washing, which i heard is allowed?", True),
    ("sand goes down the drain. isnt that basically car washing which is exempt", True),
    ("car washing is allowed right?", False),  # asks about car washing
    ("is car washing allowed?", False),
])
def test_a_case_argued_from_is_blanked(text, argued):
    assert (argued_masked(text) != text) is argued
    assert len(argued_masked(text)) == len(text)


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_case_argued_from_is_not_the_answer(slug):
    text = "i dump the leftover weed killer from my sprayer in the gutter. lawn watering is allowed so whats the difference?"
    assert not any(key == "lawn_watering" or verdict in LETS_THROUGH for key, verdict in verdicts(slug, text))
    # asked about itself, the same case keeps its answer
    assert verdicts(slug, "lawn watering is allowed right? my sprinklers hit the street")[0] == ("lawn_watering", "allowed")


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize("text", [
    "the art club hosed the chalk drawings off the road into the drain. its street washing, which i heard is allowed?",
    "i hose the salt and sand off my paddle board on the driveway. isnt that basically car washing which is exempt?",
])
def test_the_exemption_claimed_is_not_the_answer(slug, text):
    assert not any(verdict in LETS_THROUGH for _, verdict in verdicts(slug, text))


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


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_car_washing_compared_with_takes_no_sand_as_its_own(slug):
    text = "i flush the jet ski motor with the garden hose on the driveway, salt and sand come out to the drain. thats like washing the car right?"
    assert not any(key == "car_wash_residential" or verdict in LETS_THROUGH for key, verdict in verdicts(slug, text))


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_sump_pump_moving_a_ponds_water_names_no_sump_discharge(slug):
    text = "emptying the goldfish pond with a sump pump, hose to the curb, ok?"
    assert not any(key == "sump_pump" or verdict in LETS_THROUGH for key, verdict in verdicts(slug, text))
    # the basement's own sump pump keeps its exemption
    assert verdicts(slug, "the sump pump in my basement runs out to the street, ok?")[0][0] == "sump_pump"


@pytest.mark.parametrize("slug", VILLAGES)
def test_the_pools_water_denied_beside_its_cover_is_not_asked_about(slug):
    text = "theres rain with some leaves sitting on my pool cover, ok to pump it to the street? its not pool water, just rain on top"
    assert all(key != "pool_water" for key, _ in verdicts(slug, text))


@pytest.mark.parametrize("slug", VILLAGES)
def test_radon_in_well_water_is_no_plain_potable_water(slug):
    text = "our well water has radon in it and the treatment tank overflow is piped to the storm drain, ok?"
    assert not any(verdict in LETS_THROUGH for _, verdict in verdicts(slug, text))


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_radon_fans_pipe_is_no_radioactive_material(slug):
    text = "water drips out of the bottom of our radon fan pipe all winter, just condensation. ok if it runs down the driveway?"
    assert not any(verdict == "prohibited" for _, verdict in verdicts(slug, text))


def test_an_entity_the_nlu_found_in_an_argued_case_names_nothing_either():
    from stormwater.dialogue.law_questions import discharge_question

    text = "the art club hosed the chalk drawings off the road into the drain. its street washing, which i heard is allowed?"
    assert "street_wash" not in discharge_question(text, ["street washing"])["keys"]
    assert discharge_question("can i wash my car in the street", ["car"])["keys"] == ["car_wash_residential"]
