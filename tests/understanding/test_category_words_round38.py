"""What residents say beside the water that changes its reading (issue 27, session 2026-12-06c):
a hedge before the verdict asked hedges no fact, a solid cleared up before the water ran is not
in it, a share of a street is the street washed, a colour before "<noun> water" is the water's
look, rain or snow holding food is no plain stormwater, a sump pump run on tap water is no
groundwater, a dye named first then poured in is a dye test, and a
letter from the village saying they can pump is the SMO's written approval. Wording is this file's own,
not the blind sets'."""
import pytest

from stormwater.understanding.catalogue import normalize
from stormwater.understanding.dye_tests import dye_test_told
from stormwater.understanding.removed_things import removed_masked
from stormwater.understanding.street_washing import washes_a_street
from stormwater.understanding.water_looks import DISCOLOURED, hedged, water_look
from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("text", [
    "no chlorine in it all season so pumping it out should be fine right",
    "it's just well water so i guess that's ok?",
    "probably totally fine but asking anyway",
])
def test_a_hedge_before_the_verdict_asked_hedges_no_fact(text):
    assert not hedged(text)


@pytest.mark.parametrize("text", [
    "the water should be clean by now",
    "i think there's nothing in it",
    "it's probably fine water, i guess it's clean",
])
def test_a_hedge_before_a_fact_still_hedges(text):
    assert hedged(text)


def test_a_pool_without_chlorine_asked_as_should_be_fine_is_vouched_for():
    text = ("we never put chlorine in our pond-style swimming pool, it's getting drained to the storm drain "
            "for a repair. its basically pond water so that should be fine?")
    assert first_answer("bayville", text) == ("pool_water", "allowed")


def test_a_pool_said_should_be_clean_stays_conditional():
    text = "our swimming pool water should be clean, we stopped the chlorine in june. draining it to the storm drain ok?"
    assert first_answer("bayville", text) == ("pool_water", "conditional")


@pytest.mark.parametrize("text, gone", [
    ("we raked up the leaves first, then hosed the street", "leaves"),
    ("the crew picked up all the litter already and now they hose the lot", "litter"),
])
def test_a_solid_cleared_up_before_the_water_is_not_in_it(text, gone):
    assert gone not in removed_masked(text)


@pytest.mark.parametrize("text, kept", [
    ("we swept up the leaves and hosed them into the storm drain", "leaves"),
    ("i pick up the litter on the lot every week", "litter"),
])
def test_a_solid_swept_into_the_drain_or_without_a_word_of_before_is_still_read(text, kept):
    assert kept in removed_masked(text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_street_hosed_after_its_trash_was_swept_up_is_street_wash_water(slug):
    text = ("after the block party we swept up the trash and streamers already. now i want to hose down our end of the "
            "street with plain water, it goes into the storm drain. allowed?")
    assert first_answer(slug, text) == ("street_wash", "allowed")


@pytest.mark.parametrize("text", ["hose off our part of the street", "scrub their side of the block after the fair"])
def test_a_share_of_the_street_is_the_street_washed(text):
    assert washes_a_street(normalize(text))


@pytest.mark.parametrize("text", [
    "the soaking tub drips brown oak water all day",
    "the vat leaves a gray clay water on the walk",
])
def test_a_colour_before_a_noun_and_water_is_the_waters_look(text):
    assert water_look(text) == DISCOLOURED


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_snow_made_sticky_with_syrup_is_no_plain_stormwater(slug):
    text = "after the pancake breakfast the snow by the tent is all syrupy and sticky. we shovel it onto the catch basin to melt, fine?"
    assert first_answer(slug, text)[1] != "allowed"


def test_a_sump_pump_run_on_tap_water_is_not_the_sump_pump_exemptions_groundwater():
    text = "testing the new sump pump by filling the pit with tap water a few times, it runs over the lawn to the storm drain. ok?"
    assert first_answer("bayville", text) == (None, "not_named")


@pytest.mark.parametrize("text, told", [
    ("we got some tracer dye to find out whether the basement drain ties into the storm sewer, my son will pour it in tomorrow", True),
    ("leftover tie dye from the craft fair, can i pour it down the storm drain?", False),
])
def test_a_dye_named_first_then_poured_in_to_find_a_drains_way_is_a_dye_test(text, told):
    assert dye_test_told(text) is told


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_letter_from_the_village_saying_we_can_pump_is_the_smos_written_approval(slug):
    text = ("the flood filled our basement and the village sent us a letter saying we can pump it to the storm drain "
            "until friday to save the furnace. so we're fine?")
    assert first_answer(slug, text) == ("smo_approved_discharge", "conditional")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_letter_from_a_landlord_is_no_smo_approval(slug):
    text = "the flood filled our basement and the landlord sent a letter saying we can pump it to the storm drain. so we're fine?"
    assert first_answer(slug, text)[0] != "smo_approved_discharge"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_any_writing_from_the_smo_that_lets_them_pump_is_the_written_approval(slug):
    text = ("the basement flooded and the stormwater officer sent us an email allowing it, we pump to the storm drain "
            "today to save the boiler. fine?")
    assert first_answer(slug, text) == ("smo_approved_discharge", "conditional")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_writing_from_the_village_that_says_stop_is_no_approval(slug):
    text = "the basement flooded and the village sent an email saying we must stop pumping to the storm drain. ok?"
    assert first_answer(slug, text)[0] != "smo_approved_discharge"
