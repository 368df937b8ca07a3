"""Where the water came from and what it was used for decide its category (issue 27): reclaimed
water is no irrigation nor potable water, exempt water someone used on something carries what it
touched, and a tub's water is the tub's whatever filled it. Each case the texts leave open gets
"not named", never a firm badge. Wording is this file's own."""
import pytest

from stormwater.law.facet_rules import facet_rules
from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.meaning import read_question

VILLAGES = ("bayville", "poquott")


def fold(text):
    return " ".join(text.replace("\u2019", "'").split())


@pytest.fixture(scope="module")
def villages():
    found = load_villages()
    return found if isinstance(found, dict) else {v.slug: v for v in found}


def verdict(village, text, key=None):
    """The verdict for ``text``, under the key the reader names, or ``key`` (what the NLU may name)."""
    named = key if key is not None else read_question(text).key
    return answer_discharge(village, named, text).verdict


RECLAIMED = [
    "the office park waters its lawns with recycled water and the sprinklers hit the sidewalk drain every night, allowed?",
    "is it ok that the school irrigates the soccer field with treated effluent and it puddles into the street",
    "the golf club's purple pipe sprinklers run onto the road and into the catch basin. irrigation water is exempt right?",
    "we got a tanker of reclaimed water for the community garden beds, the extra runs off to the gutter. problem?",
]


@pytest.mark.parametrize("village_slug", VILLAGES)
@pytest.mark.parametrize("text", RECLAIMED)
def test_reclaimed_water_is_not_named_whatever_it_waters(villages, village_slug, text):
    assert verdict(villages[village_slug], text) == "not_named"


@pytest.mark.parametrize("village_slug", VILLAGES)
@pytest.mark.parametrize("key", ["contaminated_irrigation", "landscape_irrigation", "lawn_watering", "sewage"])
def test_reclaimed_water_is_not_named_whatever_key_the_classifier_names(villages, village_slug, key):
    text = "the golf course sprays reclaimed water from the sewage treatment plant and it lands on the road, is that allowed?"
    assert verdict(villages[village_slug], text, key) == "not_named"


@pytest.mark.parametrize("village_slug", VILLAGES)
def test_plain_irrigation_overspray_keeps_its_exemption(villages, village_slug):
    # the negative: irrigation with no source said stays the text's exempt irrigation
    text = "my lawn sprinklers overspray onto the street and it runs into the storm drain, is that allowed?"
    assert verdict(villages[village_slug], text) == "allowed"


@pytest.mark.parametrize("village_slug", VILLAGES)
def test_the_reclaimed_water_rule_quotes_the_text(villages, village_slug):
    village = villages[village_slug]
    rules = [r for r in facet_rules(village) if ("water", ("reclaimed",)) in r.when]
    assert len(rules) == 1 and rules[0].case == "nothing"
    assert fold(rules[0].quote) in fold(village.ordinance_text())


USED = [
    "volunteers used hydrant water to rinse out the spaghetti pots after the supper and it ran into the street. ok?",
    "the rain barrel water is what we used to scrub the chicken roost, then it runs to the curb, fine?",
    "we use rainwater for washing the paint trays and it drains down to the road. thats fine right its rain",
]


@pytest.mark.parametrize("village_slug", VILLAGES)
@pytest.mark.parametrize("text", USED)
def test_exempt_water_used_on_something_gets_no_allowed_badge(villages, village_slug, text):
    assert verdict(villages[village_slug], text) != "allowed"


@pytest.mark.parametrize("village_slug", VILLAGES)
@pytest.mark.parametrize("text", [
    "my rain barrel overflows into the street when it pours, is that allowed?",
    "the fire department flushed the hydrant on our block and the water ran down the street, allowed?",
])
def test_exempt_water_not_used_keeps_its_exemption(villages, village_slug, text):
    assert verdict(villages[village_slug], text) == "allowed"


@pytest.mark.parametrize("village_slug", VILLAGES)
def test_a_tub_filled_from_a_well_is_the_tubs_water_not_the_wells(villages, village_slug):
    text = "my neighbor fills his hot tub from his well and dumps it into the street every few weeks. its well water so its fine right?"
    answer = answer_discharge(villages[village_slug], read_question(text).key, text)
    assert answer.discharge == "hot_tub_water" and answer.verdict != "allowed"


@pytest.mark.parametrize("text", [
    "after the birthday foam party in the pool, can we drain it to the street?",
    "the pool water got soapy when the kids washed the dog in it, ok to pump it into the gutter?",
    "our pool has a slick of gasoline on it after the nephews played with the outboard, can I empty it down the drive?",
])
def test_bayville_pool_water_used_with_soap_or_oil_in_it_gets_no_dechlorination_condition(villages, text):
    assert verdict(villages["bayville"], text) == "not_named"


def test_bayville_dechlorinated_pool_water_keeps_its_condition(villages):
    assert verdict(villages["bayville"], "can I pump my swimming pool into the street?") == "conditional"
    # said to have dropped to zero, the chlorine is vouched gone: the exemption itself (round 90)
    text = "can I pump my swimming pool into the street once the chlorine has dropped to zero?"
    assert verdict(villages["bayville"], text) == "allowed"
