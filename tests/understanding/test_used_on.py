"""Exempt water a person used on a thing (issue 27, used_on.py): the object of the verb of using
decides, not the water's source. Wording is this file's own."""
import pytest

from stormwater.understanding.discharge_reader import raw_words
from stormwater.understanding.used_on import frozen_potable, water_used_on
from stormwater.understanding.water_use import rain_put_to_use
from stormwater.understanding.water_qualifiers import rain_joined
from tests.understanding.first_answer import first_answer

VILLAGES = ("bayville", "poquott")
FIRM = ("allowed", "conditional")


def used(text):
    return water_used_on(raw_words(text))


@pytest.mark.parametrize("text", [
    "every sunday we sluice the floating dock with pond water and it runs off to the catch basin",
    "my brother scrubs his paint rollers out back with the hose from the spigot",
    "they pressure-washed the boat trailer in the lot using well water",
    "the crew hydro-tested the new propane tank with hydrant water and dumped it at the curb",
    "he filled the old cistern with spring water for a leak test, then drained it to the road",
    "the landscaper is jetting out the clogged culvert pipe with a fire hose",
    "we rinse the beets and kale on the porch in water from our well",
    "the marina guys spray off the hulls every evening with the dock hose",
    # the water named by its outlet: "at", "under" or "from" the spigot, the faucet, the tap
    "the tile setters rinse their grout floats and buckets at the outside spigot by the lot",
    "she washes the ferret cages under the back faucet and it runs down to the curb",
])
def test_a_thing_washed_jetted_or_filled_for_a_test_with_water_is_used_water(text):
    assert used(text)


@pytest.mark.parametrize("text", [
    "i water the tomato garden with the hose in the evening",          # watering: no verb of using
    "we spray the roses with the hose",                                # "spray" without off/down/out
    "i wash my own car in the driveway with the garden hose",          # the car washing's own object
    "the village washes the streets with hydrant water in spring",     # the street washing's own object
    "the firefighters hosed down the blaze with the deck gun water",   # the fire is firefighting's own
    "they are pressure testing the new water main with town water",   # a water main: water line flushing's own
    "the hose water washing down the driveway into the drain",         # down a place: where it goes
    "the rain barrel overflows to the street when it storms",
    "we fill the kiddie pool with the hose every morning",             # a fill with no test said
    "i spray off into the street with the hose",                       # a particle and no thing
    "i wash my own car at the spigot by the garage",                   # the car washing's own object at a spigot
])
def test_the_exemptions_own_objects_and_plain_flows_are_not_used_water(text):
    assert not used(text)


@pytest.mark.parametrize("text", [
    "i scrub the lawn chairs on the patio with water out of the rain barrel, it runs to the curb",
    "we hose off the kayaks with rain from the cistern and it drains to the street",
])
def test_rain_a_person_used_on_a_thing_with_the_rain_said_after_is_put_to_use(text):
    assert rain_put_to_use(rain_joined(raw_words(text)))


def test_rain_washing_a_deck_on_its_own_is_not_put_to_use():
    assert not rain_put_to_use(rain_joined(raw_words("the rain washes the deck with a good soaking and runs to the drain")))


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize("text", [
    "we sluice the floating dock with well water every week and it goes down the storm drain. allowed?",
    "the crew hydro-tested the new tank with hydrant water and emptied it into the street drain, is that ok?",
    "the plumber jetted the clogged storm line with city water and the brown water ran to the catch basin. ok?",
    "the builder filled the new sewer main with stream water for a pressure test and then let it out to the storm drain. allowed?",
])
def test_exempt_water_used_on_a_thing_gets_no_firm_badge(slug, text):
    assert first_answer(slug, text)[1] not in FIRM


@pytest.mark.parametrize("slug,text,verdict", [
    ("bayville", "I water my lawn with well water and some runs into the storm drain. ok?", "allowed"),
    ("poquott", "I water my lawn with well water and some runs into the storm drain. ok?", "allowed"),
    ("bayville", "I wash my own car in the driveway with the hose. is that ok?", "allowed"),
    ("bayville", "the village is flushing the water main and the hydrants run into the storm drain. ok?", "allowed"),
    ("bayville", "the firefighters sprayed down the burning shed with the hose and the water went to the drain. ok?", "allowed"),
    ("bayville", "rain water off the roof goes into the storm drain. ok?", "allowed"),
])
def test_the_exemptions_themselves_keep_their_badge(slug, text, verdict):
    assert first_answer(slug, text)[1] == verdict


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize("text", [
    "the melted ice sculpture from the wedding, just frozen tap water, went into the street drain. fine?",
    "the shaved ice off the skating pond we flood is only frozen hose water, can we pile it by the catch basin?",
])
def test_ice_said_to_be_frozen_tap_water_is_no_water_line_flushing(slug, text):
    assert first_answer(slug, text)[1] not in FIRM


def test_tap_water_from_pipes_that_froze_is_not_said_frozen():
    norm = "our pipes froze and burst and the tap water ran out to the storm drain"
    assert not frozen_potable(norm, norm.index("tap water"))
    assert frozen_potable("it is just frozen tap water", len("it is just frozen "))
