"""Poquott § 132-3's pollutant list read by category (issue 27): a business's used-up product,
a trade's chemicals, animal droppings and blood, a boiler's or a process's hot water, a shop's
oily sump are prohibited in Poquott with the list; Bayville has no such list (the general rule,
or the polluted water's rule when a pollutant is said). Hot tap water and a basement sump keep
their open cases. Phrasings are this test's own; expectations are written from the texts."""
import pytest

from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.law.villages import load_villages
from stormwater.understanding.meaning import read_question


def fold(text):
    return " ".join(text.replace("\u2019", "'").split())


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def verdicts(village, text):
    reading = read_question(text)
    assert reading.clarify is None, f"{text!r} asked {reading.clarify}"
    replies, _ = answer_replies(village, reading.key, text, reading.keys[1:4])
    return [(r.custom["discharge"], r.custom["verdict"]) for r in replies if (r.custom or {}).get("type") == "discharge_answer"]


def test_the_list_is_quoted(villages):
    text = fold(villages["poquott"].ordinance_text())
    for words in ("chemical wastes, biological materials, radioactive materials, heat", "industrial, municipal, agricultural waste"):
        assert words in text


@pytest.mark.parametrize("text", [
    "the print shop pours its spent fountain solution into the lot drain",
    "the brewery hoses its leftover mash out the back into the gutter",
    "pigeons roost over the loading dock and the guano piles up, can we hose it into the drain",
    "the deli lets the blood from the meat case drain out back into the alley",
    "the laundromat's boiler blowdown is piped into the catch basin",
    "can i drain the scalding water out of the boiler into the street",
])
def test_a_listed_category_is_prohibited_in_poquott_and_open_in_bayville(villages, text):
    assert verdicts(villages["poquott"], text) == [("listed_pollutant", "prohibited")]
    assert all(v in ("not_named", "prohibited") for _, v in verdicts(villages["bayville"], text))


@pytest.mark.parametrize("text", [
    "the photo lab down the block pours its fixer into the storm drain",
    "the tattoo studio empties its sterilant tray out the back door into the storm drain",
    "the truck is leaking some kind of fluid into the catch basin",
])
def test_a_trades_chemicals_are_prohibited_in_both(villages, text):
    for village in villages.values():
        assert verdicts(village, text) == [("polluted_water", "prohibited")], village.slug


def test_a_workplaces_oily_sump_is_no_basement_sump_in_poquott(villages):
    text = "the scrap yard has a sump in the shed full of oily water piped to the road drain"
    assert verdicts(villages["poquott"], text)[0] == ("polluted_water", "prohibited")
    assert verdicts(villages["bayville"], text)[0][1] == "prohibited"  # "uncontaminated ... sump pump discharges"


@pytest.mark.parametrize("text, case", [
    # hot tap water: potable water is exempt, heat is listed; the text does not say which decides
    ("can i pour hot tap water down the storm drain after boiling pasta", "heated_water"),
    # a basement sump with oil: "crawl space or basement sump pumps" has no "uncontaminated"
    ("my basement sump pump water has an oil sheen, can it go to the street", "contaminated_sump_pump"),
])
def test_the_open_cases_stay_open_in_poquott(villages, text, case):
    assert verdicts(villages["poquott"], text) == [(case, "not_named")]


def test_a_households_leftover_gets_no_listed_badge(villages):
    got = verdicts(villages["poquott"], "can i dump the leftover lemonade from the yard sale in the gutter")
    assert ("listed_pollutant", "prohibited") not in got


@pytest.mark.parametrize("text", [
    "the crew servicing the porta potties at the fair spilled some onto the road and it ran to the drain",
    "the boat pump-out station overflows into the storm drain every weekend",
])
def test_a_portable_toilets_or_a_pumpouts_waste_is_sewage(villages, text):
    # § 132-3 lists "treated or untreated sewage"; in Bayville sewage is no exempt water either
    for village in villages.values():
        assert verdicts(village, text)[:1] == [("sewage", "prohibited")], village.slug


def test_a_homebrewers_spent_grain_is_listed_in_poquott(villages):
    text = "after brew day can i hose the spent grain off the driveway into the gutter"
    assert verdicts(villages["poquott"], text) == [("listed_pollutant", "prohibited")]


def test_a_water_no_category_names_said_to_hold_sand_is_rock_and_sand_in_poquott(villages):
    text = "after the sandcastle contest they poured all the buckets of sandy water into the storm drain by the beach lot, ok?"
    assert verdicts(villages["poquott"], text)[:1] == [("sediment", "prohibited")]
    assert all(v != "allowed" for _, v in verdicts(villages["bayville"], text))
    # dirty or muddy water names no rock or sand: the open case stays
    muddy = "the pump station at the underpass sends the dirty flood water into the storm sewer, is that allowed?"
    assert ("sediment", "prohibited") not in verdicts(villages["poquott"], muddy)


@pytest.mark.parametrize("text", [
    "the bakery dumps the water they heated to 180 for the proofer out back into the catch basin, ok?",
    "the coffee shop pours their steaming urn water into the gutter drain, is that ok",
])
def test_water_heated_or_said_to_steam_carries_heat_and_is_never_allowed_in_poquott(villages, text):
    # § 132-3 lists "heat"; whether heated tap water is still exempt the text leaves open
    from stormwater.understanding.discharge_reader import read_discharge

    assert {"heat", "boiling"} & set(read_discharge(text).facets.contents)
    assert all(v != "allowed" for _, v in verdicts(villages["poquott"], text))
