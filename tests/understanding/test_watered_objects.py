"""Sprinklers or irrigation on a thing that is no plant are no lawn watering nor landscape
irrigation (issue 27): what is watered decides. Wording is this file's own."""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.catalogue import find_mentions
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.meaning import read_question

WATERING = {"lawn_watering", "landscape_irrigation"}


@pytest.mark.parametrize(
    "text",
    [
        "the sawmill keeps sprinklers going on the log stacks and the dark water runs to the catch basin",
        "a contractor put a sprinkler on the dirt pile and the runoff goes down the street drain",
        "the farm runs sprinklers over the cattle on hot days and it drains into the storm drain",
        "the quarry has sprinklers for dust on the gravel and it washes into the storm sewer",
        "they run the irrigation over the roof to cool it and it pours into the gutter drain",
        "the yard crew wets down the gravel pile with a sprinkler and it runs to the catch basin",
    ],
)
def test_watering_a_thing_no_plant_is_no_irrigation(text):
    assert not {m.key for m in find_mentions(text)} & WATERING
    assert read_question(text).key not in WATERING
    assert read_discharge(text).facets.water not in ("lawn_watering", "irrigation")
    villages = load_villages()
    for slug in ("bayville", "poquott"):
        reading = read_question(text)
        for key in reading.keys or (None,):
            assert answer_discharge(villages[slug], key, text).verdict in ("prohibited", "not_named")


@pytest.mark.parametrize(
    "text, key",
    [
        ("I water my flower beds with a sprinkler and some runs into the storm drain", "landscape_irrigation"),
        ("my sprinklers run on the lawn every morning and the extra goes down the gutter", "lawn_watering"),
        ("the drip line on the garden leaks into the storm drain", "landscape_irrigation"),
        ("the sprinklers hit the sidewalk and it runs into the street drain", "lawn_watering"),
        ("I turn the sprinklers on the front yard at night", "lawn_watering"),
        ("the sprinklers on the flower beds by the log pile overspray into the street", "lawn_watering"),
        ("overhead sprinklers on the nursery stock run off into the road drain", "lawn_watering"),
    ],
)
def test_watering_plants_stays_irrigation(text, key):
    assert key in {m.key for m in find_mentions(text)}


def test_a_purpose_said_after_a_place_decides_too():
    text = "the paving crew runs sprinklers on the haul road for dust and it drains into the catch basin"
    assert not {m.key for m in find_mentions(text)} & WATERING
    assert "lawn_watering" in {m.key for m in find_mentions("sprinklers on the strip by the road for the new grass seed")}


@pytest.mark.parametrize("text", [
    "the garden club waters the planters along the station platform and the extra drips into the gutter drain",
    "every evening the deli owner is watering her window boxes and it runs off the sill to the storm drain, ok?",
])
def test_a_verb_of_watering_with_plants_for_its_object_is_lawn_watering(text):
    # the object decides, whatever the plants are called; water put on plants is the exemption's
    assert read_discharge(text).facets.water == "lawn_watering"


@pytest.mark.parametrize("text", [
    "we water the fresh sod out front from the outside spigot and it trickles down to the storm drain",
    "my uncle waters the young grass on the ballfield with the tap hose, it runs to the catch basin",
])
def test_plants_watered_with_tap_water_are_lawn_watering_and_the_plant_is_no_yard_waste(text):
    # the plant is what the watering wets, not grass clippings dumped; the water is the exemption's
    assert read_discharge(text).facets.water == "lawn_watering"
    villages = load_villages()
    for slug in ("bayville", "poquott"):
        answer = answer_discharge(villages[slug], read_question(text).key, text)
        assert (answer.discharge, answer.verdict) == ("lawn_watering", "allowed"), (slug, answer)


def test_grass_clippings_hosed_off_stay_yard_waste():
    text = "can i hose the grass clippings into the storm drain"
    for village in load_villages().values():
        assert answer_discharge(village, read_question(text).key, text).verdict == "prohibited"


@pytest.mark.parametrize("text", [
    "the crew watered the stone dust pile before loading and it ran into the catch basin",  # no plant
    "the hose water from the planters leaks into the gutter",  # "water" a noun
    "i save the fish tank water and use it to water the flower beds, the extra goes to the curb",  # the water used decides
    "we water the shrubs with the dehumidifier bucket and it runs down to the drain",  # the water used is said
])
def test_watering_no_plant_or_water_as_a_noun_is_no_lawn_watering(text):
    assert read_discharge(text).facets.water != "lawn_watering"


@pytest.mark.parametrize(
    "text",
    [
        "every morning we soak the dirt track with the hose and the extra runs into the storm drain, problem?",
        "the landscaper is watering the bare dirt so it doesnt blow and it drains to the catch basin",
        "i dampen the sand in the arena every morning and some of it runs off to the street drain",
    ],
)
def test_a_solid_wetted_where_it_lies_is_not_the_thing_discharged(text):
    """The water put on the solid runs off carrying what it touched. Bayville's text names no
    sediment and leaves open whether that water is still "uncontaminated" (not named); Poquott's
    § 132-3 lists "rock, sand" among the pollutants, so the sediment it carries decides."""
    assert read_discharge(text).facets.role == "wetted"
    villages = load_villages()
    key = read_question(text).key
    assert answer_discharge(villages["bayville"], key, text).verdict == "not_named"
    poquott = answer_discharge(villages["poquott"], key, text)
    assert (poquott.discharge, poquott.verdict) == ("sediment", "prohibited")


def test_a_wetted_solid_that_is_no_sediment_gets_the_general_rule_in_poquott():
    text = "we soak the mulch pile with a sprinkler every evening and it runs to the storm drain"
    assert read_discharge(text).facets.role == "wetted"
    for slug in ("bayville", "poquott"):
        assert answer_discharge(load_villages()[slug], read_question(text).key, text).verdict == "not_named"


@pytest.mark.parametrize(
    "text",
    [
        "can i hose the sand off my driveway into the street",
        "i shovel the soaked dirt into the storm drain",
        "we soak the dirt and wash it into the catch basin",
        "the contractor washed a pile of dirt and sand into the storm drain with a hose",
    ],
)
def test_a_solid_moved_into_the_drain_stays_sediment(text):
    villages = load_villages()
    for slug in ("bayville", "poquott"):
        answer = answer_discharge(villages[slug], read_question(text).key, text)
        assert (answer.discharge, answer.verdict) == ("sediment", "prohibited"), (slug, answer)


@pytest.mark.parametrize(
    "text",
    [
        "we have big hanging baskets on the porch and i water them every morning, the extra drips into the gutter",
        "there are planters along the front of the store and i water them with the hose, it runs to the drain",
    ],
)
def test_plants_named_before_a_pronoun_are_what_is_watered(text):
    for slug in ("bayville", "poquott"):
        answer = answer_discharge(load_villages()[slug], read_question(text).key, text)
        assert (answer.discharge, answer.verdict) == ("lawn_watering", "allowed"), slug


def test_a_pronoun_after_a_thing_no_plant_is_no_lawn_watering():
    text = "i have a pile of logs by the garage and i water them so they dont crack, it runs to the street drain"
    for slug in ("bayville", "poquott"):
        assert answer_discharge(load_villages()[slug], read_question(text).key, text).discharge != "lawn_watering"


def test_sprinklers_that_wash_grit_along_get_no_watering_badge():
    """The readings disagree: Bayville names no sediment (not named); Poquott lists 'rock, sand'."""
    text = "the ball field guy drags the infield mix and then runs the sprinklers, and the orange grit washes into the catch basin"
    key = read_question(text).key
    assert answer_discharge(load_villages()["bayville"], key, text).verdict == "not_named"
    poquott = answer_discharge(load_villages()["poquott"], key, text)
    assert (poquott.discharge, poquott.verdict) == ("sediment", "prohibited")
