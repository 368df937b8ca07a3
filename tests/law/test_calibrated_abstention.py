"""Calibrated abstention by category (issue 27, round 5): a firm badge only when the word read is
the thing discharged, the exemption's own conditions are met, and nothing in the question moves
the case outside them; otherwise one question where one fact decides, or "not named".

Expected verdicts are written from the ordinance texts (data/ordinances/), quoted here.
"""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.meaning import read_question
from stormwater.dialogue.meaning_replies import answer_replies


def fold(text):
    return " ".join(text.replace("\u2019", "'").split())


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def quoted(village, text):
    assert fold(text) in fold(village.ordinance_text()), text
    return text


def verdicts(village, text):
    """Every discharge verdict of the answer, as the resident sees them (discharge, verdict)."""
    reading = read_question(text)
    assert reading.clarify is None, f"{text!r} asked {reading.clarify}"
    replies, _ = answer_replies(village, reading.key, text, reading.keys[1:4])
    return [(r.custom["discharge"], r.custom["verdict"]) for r in replies if (r.custom or {}).get("type") == "discharge_answer"]


def test_where_a_container_was_filled_is_not_what_is_drained(villages):
    text = "we fill the inflatable tub from the kitchen sink and then drain it onto the lawn, ok?"
    assert read_discharge(text).facets.role == "source"
    for village in villages.values():
        assert verdicts(village, text) == [(None, "not_named")]


def test_a_plain_water_rinse_of_a_surface_is_not_the_solid_it_carries(villages):
    rinse = "can I rinse the sand off my patio with just water into the street?"
    for village in villages.values():
        quoted(village, "residential street wash water")  # the nearest exemption, for streets only
        assert verdicts(village, rinse) == [(None, "not_named")]
        # no plain water said: the sand hosed into the street is sand (§ 63A-5A; § 132-3 "rock, sand")
        assert verdicts(village, "can I hose the sand off my driveway into the street") == [("sediment", "prohibited")]


def test_what_water_was_treated_with_is_not_the_thing_discharged(villages):
    text = "I disinfected the cistern with bleach, can that water go down the drain?"
    assert read_discharge(text).facets.role == "ingredient"
    for village in villages.values():
        assert ("solvents", "prohibited") not in verdicts(village, text)
        assert verdicts(village, "can I pour bleach down the storm drain?")[0] == ("solvents", "prohibited")


def test_chlorinated_water_of_a_well_is_not_a_swimming_pools(villages):
    well = "after shocking my well can the chlorinated water go to the street?"
    bayville, poquott = villages["bayville"], villages["poquott"]
    quoted(bayville, "flushing from other potable water sources")
    quoted(poquott, "water line flushing or other potable water sources")
    for village in (bayville, poquott):
        assert all(v != "prohibited" for _, v in verdicts(village, well))
        assert verdicts(village, "can I drain chlorinated water into the street") == [("chlorinated_pool_water", "prohibited")]


def test_runoff_full_of_a_pollutant_is_stormwater_the_texts_leave_open(villages):
    text = "the runoff full of weed killer from the farm stand goes into the drain, allowed?"
    for village in villages.values():
        assert verdicts(village, text) == [(None, "not_named")]


def test_a_payment_reopens_whose_car_wash_it_is():
    assert read_question("my kids want to wash cars in our driveway and charge the neighbors, is that ok?").clarify == "car_wash_owner"
    assert read_question("my kids wash my car in the driveway, ok?").clarify is None


@pytest.mark.parametrize("text, water", [
    ("the boatyard's dredged material is draining into the catch basin, is that legal?", "dredged_spoil"),
    ("can a ship dump ballast water into the storm drain?", "ballast"),
])
def test_poquotts_pollutant_list_is_read_as_categories(villages, text, water):
    poquott, bayville = villages["poquott"], villages["bayville"]
    quoted(poquott, "Dredged spoil, pool filter/filter backwash, pool water")
    quoted(poquott, "agricultural waste and ballast discharged into water")
    assert read_discharge(text).facets.water == water
    assert verdicts(poquott, text) == [("polluted_water", "prohibited")]
    assert verdicts(bayville, text) == [(None, "not_named")]  # Bayville's text has no such list


def test_a_public_bodys_pesticide_program_may_be_permitted(villages):
    text = "the town crews spray pesticide into the catch basins, is that allowed?"
    quoted(villages["bayville"], "Any discharge permitted under an SPDES permit, waiver, or waste discharge order issued to the discharger")
    for village in villages.values():
        assert verdicts(village, text) == [(None, "not_named")]
        assert answer_discharge(village, "pesticides", "can I spray pesticide near the storm drain").verdict == "prohibited"


@pytest.mark.parametrize("text", [
    "the county sprays larvicide into the catch basins every june, is that allowed?",
    "our town spraying herbicide along the curbs washes into the drains, ok?",
])
def test_a_public_body_doing_it_is_read_from_the_sentence(villages, text):
    assert read_discharge(text).facets.who == "public"
    for village in villages.values():
        assert all(v != "prohibited" for _, v in verdicts(village, text))


@pytest.mark.parametrize("text", ["is the village allowed to spray pesticide near a drain?", "does the village allow pesticide in the drains"])
def test_what_a_public_body_allows_is_the_law_not_its_doing(text):
    assert read_discharge(text).facets.who != "public"


def test_a_public_fleet_washed_is_no_household_car_washing(villages):
    text = "the village workers wash the dump trucks in the yard and the suds go in the drain, allowed?"
    assert read_discharge(text).facets.who == "public"
    for village in villages.values():
        assert ("car_wash_residential", "allowed") not in verdicts(village, text)


def test_a_buildings_fire_sprinkler_test_is_not_lawn_watering(villages):
    quoted(villages["bayville"], "uncontaminated landscape irrigation, lawn watering")
    for village in villages.values():
        got = verdicts(village, "the fire sprinkler test at the warehouse sends water to the street drain, ok?")
        assert ("lawn_watering", "allowed") not in got


@pytest.mark.parametrize("text", [
    "the plumber did a dye test on our sump pump and poured the dye in, the creek went bright green. allowed?",
    "the village ran a dye test on the sump pump next door and put dye in it, the gutter turned green. can they do that?",
    "the inspector will do a dye test on my sump pump tomorrow and put the dye in it, it runs to the street. ok?",
])
def test_the_thing_a_dye_test_was_done_on_gets_no_answer_of_its_own(villages, text):
    # § 63A-5B(3) / Subsection A(3): dye testing with notice before the test; the sump pump is
    # where the dye went, not a second discharge (it was answered as water with chemicals in it)
    quoted(villages["bayville"], "is an allowable discharge, but requires a verbal notification to the SMO prior to the time of the test")
    for slug in ("bayville", "poquott"):
        got = verdicts(villages[slug], text)
        assert got and got[0] == ("dye_test", "conditional"), (slug, got)
        assert "polluted_water" not in [d for d, _ in got], (slug, got)


@pytest.mark.parametrize("text", [
    "we put magnesium chloride flakes on the horse ring to keep the dust down and the rain washes it to the road drain, ok?",
    "threw ice melt on the roof valley to break the ice dam, the melt goes out the downspout to the street. thats fine right?",
    "I salt the front walk all winter and the melt runs into the drain. am i in violation?",
    "the plow leaves salty slush that melts into the storm drain, is that allowed?",
])
def test_rain_or_snowmelt_carrying_salt_is_not_named(villages, text):
    # neither text names salt or de-icers: rain and snowmelt are stormwater, but whether salted
    # melt is "any other water source not containing pollutants" the texts leave open
    for slug in ("bayville", "poquott"):
        village = villages[slug]
        assert "salt" not in fold(village.ordinance_text()).lower().replace("asphalt", "")
        got = verdicts(village, text)
        assert got and all(verdict == "not_named" for _, verdict in got), (slug, got)


@pytest.mark.parametrize("text", [
    "is calcium chloride on the gravel road a problem when it rains?",
    "we use magnesium chloride for dust on the lane",
])
def test_a_chloride_is_a_salt_and_no_misspelt_chlorine(text):
    reading = read_discharge(text)
    assert "salt" in reading.facets.contents and "chlorine" not in reading.facets.contents
    assert "solvents" not in read_question(text).keys


@pytest.mark.parametrize("text", [
    "after my pottery class i let the rinse bucket settle and pour off the top, it looks like tap water now. can it go down the street drain?",
    "the tile saw water settles out and looks clear as tap water after a day, ok to tip it in the gutter?",
    "the leftover water from the dye bath is the same as tap water once it cools, can i dump it at the curb?",
])
def test_water_said_to_look_like_tap_water_is_not_tap_water(villages, text):
    # "water line flushing or other potable water sources" exempts potable water; water that only
    # looks like it names no potable source: the comparison is no reading of the thing discharged
    for slug in ("bayville", "poquott"):
        got = verdicts(villages[slug], text)
        assert ("water_line_flushing", "allowed") not in got and all(v != "allowed" for _, v in got), (slug, got)


def test_a_list_of_examples_is_no_comparison(villages):
    assert verdicts(villages["bayville"], "can i dump stuff like paint thinner in the storm drain?")[0][1] == "prohibited"
