"""Exempt water someone put to use (issue 27): rain used on something, a verb of using with a
particle ("rinse out the jars"), and where a filled thing's water came from. Wording is this
file's own."""
import pytest

from stormwater.understanding.discharge_reader import raw_words, read_discharge
from stormwater.understanding.water_qualifiers import STORMWATER_WITH, USED, rain_joined, used_water
from stormwater.understanding.water_use import particle_object, rain_put_to_use


def rain_used(text):
    return rain_put_to_use(rain_joined(raw_words(text)))


@pytest.mark.parametrize("text", [
    "we used the rain barrel water to scrub the patio furniture and let it run to the curb",
    "rain water from the barrel is used for washing the paint trays, then it goes out to the road",
    "i soak the muddy garden gloves in a bin of rainwater and tip it out by the street",
    "the rainwater we use to cool the kiln shelves goes to the drain after",
])
def test_rain_a_person_used_on_something_is_put_to_use(text):
    assert rain_used(text)


@pytest.mark.parametrize("text", [
    "the rain water washes the pollen off the skylights and down the leaders",
    "rain barrel overflow runs to the street when it storms",
    "the rain rinsed the driveway clean overnight",
    "we use the rain barrel to water the tomatoes",  # watering: no verb of rinsing or cleaning
    "rain water to the storm drain, is that ok",
    "the rain water flows to the street washing the sand along with it",
])
def test_rain_acting_on_its_own_or_just_kept_is_not_put_to_use(text):
    assert not rain_used(text)


@pytest.mark.parametrize("text", [
    "we used rain barrel water to rinse off the sanded cabinet doors, it drains to the road. ok?",
    "i wash the bait cooler in the rain water from my barrel and pour it by the curb, fine?",
    "my uncle uses rainwater for cleaning the rabbit hutch trays and it goes down the gutter",
])
def test_used_rain_gets_no_rain_reading(text):
    facets = read_discharge(text).facets
    assert facets.water == STORMWATER_WITH and facets.role is not None, facets


def test_plain_rain_barrel_overflow_stays_rain():
    reading = read_discharge("my rain barrel overflows onto the driveway and into the street, is that ok?")
    assert reading.facets.water != STORMWATER_WITH and reading.facets.role is None, reading


@pytest.mark.parametrize("text, at", [
    ("tap water to rinse out the jam jars", 4),
    ("hose water to wash off the mower deck", 4),
    ("hydrant water used to clean out our coffee urns", 5),
    ("tap water washing off the driveway", 3),
])
def test_a_particle_then_a_thing_is_what_the_water_touched(text, at):
    assert particle_object(text.split(), at)
    assert used_water(text)


@pytest.mark.parametrize("text", [
    "the hose water washing out into the street",
    "tap water rinsing off into the gutter",
    "the water washed out the side door",
    "hydrant water to wash out , then it stops",
])
def test_a_particle_of_motion_is_not_what_the_water_touched(text):
    assert not used_water(text)


@pytest.mark.parametrize("text", [
    "my neighbour fills her hot tub from her well and empties it onto the road each season",
    "they fill their spa with their well water and drain it to the gutter",
    "the landlord fills his jacuzzi from his cistern and lets it out into the storm drain",
])
def test_a_tub_filled_from_someones_source_is_the_thing_not_the_one_acting(text):
    reading = read_discharge(text)
    assert reading.key == "hot_tub_water" and reading.facets.role is None, reading


def test_a_determined_thing_acting_on_its_own_is_still_the_one_acting():
    # "the pressure washer guy empties his tank": a verb, then his own thing
    reading = read_discharge("can the carpet cleaner empty his tank into the storm drain?")
    assert reading.facets.role == "agent", reading


@pytest.mark.parametrize("text", [
    "the county sprays recycled water on the median strips and it runs to the catch basins",
    "our ball field gets treated effluent from the plant and it puddles in the street",
    "the HOA waters the common lawn with reclaimed water through purple pipes and it overshoots onto the road",
    "the nursery irrigates with water from the wastewater treatment plant, the overspray goes into the gutter",
])
def test_reclaimed_water_is_its_own_category_whatever_it_is_used_for(text):
    assert read_discharge(text).facets.water == "reclaimed"


@pytest.mark.parametrize("text", [
    "we water the lawn with the sprinkler and some runs into the street",
    "the irrigation system overspray hits the sidewalk",
    "the sewage is backing up out of the manhole onto the road",
])
def test_other_waters_are_not_reclaimed(text):
    assert read_discharge(text).facets.water != "reclaimed"


def test_used_is_the_contents_category_of_water_put_to_use():
    facets = read_discharge("church volunteers used hydrant water to rinse out the soup kettles, it ran into the street").facets
    assert USED in facets.contents, facets


@pytest.mark.parametrize("text, split", [
    ("his oil-stained driveway", "his oil stained driveway"),
    ("the paint-splattered tarp and the mud-caked boots", "the paint splattered tarp and the mud caked boots"),
    ("a well-known trick", "a well-known trick"),
])
def test_a_compound_of_covering_is_read_as_the_material_on_the_thing(text, split):
    from stormwater.understanding.water_use import covered_compounds_split

    assert covered_compounds_split(text) == split


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "the downspout spills across my neighbor's grease-streaked driveway into the street drain, legal?",
    "rain pours off my neighbor's tar-coated shed roof straight into the street drain, legal?",
])
def test_rain_over_a_thing_covered_with_a_material_gets_no_stormwater_badge(slug, text):
    from stormwater.dialogue.meaning_replies import answer_replies
    from stormwater.law.villages import get_village
    from stormwater.understanding.meaning import read_question

    reading = read_question(text)
    replies, _ = answer_replies(get_village(slug), reading.key, text, reading.keys[1:4])
    answer = next(r.custom for r in replies if (r.custom or {}).get("type") == "discharge_answer")
    assert answer["verdict"] == "not_named", answer
