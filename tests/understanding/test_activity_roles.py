"""Issue 27, the lead's own trial of the desk: roles a word takes from the activity its sentence
tells of (stormwater/understanding/activity_roles.py). Each mechanism is shown on the lead's
question's kind with this file's own wording: other tools, containers, sources and services."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.understanding.activity_roles import FIRE_PRACTICE, filling_role, role_in_sentence, tool_role
from stormwater.understanding.catalogue import find_mentions, normalize
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.word_roles import DESTINATION, PART
from tests.understanding.first_answer import first_answer


def mention_of(text, key):
    return next(m for m in find_mentions(text) if m.key == key)


# --- 1. a tool named by a compound is not the catalogue thing its head word shares ----------
@pytest.mark.parametrize(
    "text,thing",
    [
        ("the landscaper cleans the patio using a power washer and the mud runs into the storm drain", "sediment"),
        ("we scrape the hull with a steam washer and the flakes of old paint end up in the street drain", "paint"),
        ("the detailer goes over the lot with his pressure washer and the motor oil runs to the catch basin", "motor_oil"),
    ],
)
def test_a_washer_named_as_a_tool_is_no_washing_machine(text, thing):
    mention = mention_of(text, "washing_machine")
    assert tool_role(normalize(text), mention.start, mention.end) == PART
    keys = discharge_question(text)["keys"]
    assert "washing_machine" not in keys and keys[0] == thing, keys


@pytest.mark.parametrize(
    "text",
    ["i wash the dog beds with the washer and it drains to the yard", "my washer drains out to the street, ok?",
     "the washer with the broken hose empties into the gutter"],
)
def test_the_washer_itself_stays_the_washing_machine(text):
    assert discharge_question(text)["keys"][0] == "washing_machine"


# --- 2. what a filling that overflows fills is where the water goes -------------------------
@pytest.mark.parametrize(
    "text,filled",
    [
        ("we fill the kiddie pool with tap water and it overflows onto the driveway into the drain, is that ok?", "pool_water"),
        ("i fill the hot tub with city water from the spigot and it runs over into the gutter, fine?", "hot_tub_water"),
        ("the crew uses the hydrant to fill the swimming pool and it overflowed into the catch basin", "pool_water"),
    ],
)
def test_the_filled_container_is_a_destination_and_the_fill_water_the_thing(text, filled):
    mention = mention_of(text, filled)
    assert filling_role(normalize(text), mention.start, mention.end) == DESTINATION
    reading = read_discharge(text)
    # the potable source is the thing: read as its category, or named by the catalogue in no other role
    assert reading.facets.water == "potable" or (reading.key == "water_line_flushing" and reading.facets.role is None), reading


def test_the_source_a_filling_draws_from_is_the_thing_while_it_overflows():
    text = "the contractor fills his water truck from the hydrant and some spills over into the catch basin, ok?"
    mention = mention_of(text, "water_line_flushing")
    assert filling_role(normalize(text), mention.start, mention.end) == ""  # decided: the thing itself
    assert read_discharge(text).facets.role is None


@pytest.mark.parametrize(
    "text",
    ["we filled the pool in may, can we drain it into the street now?", "the pool overflows into the street every time it rains"],
)
def test_without_a_filling_that_overflows_the_pool_is_still_its_own_water(text):
    mention = mention_of(text, "pool_water")
    assert filling_role(normalize(text), mention.start, mention.end) is None


# --- 3. "just water" denies what the resident did not say is in it -------------------------
@pytest.mark.parametrize(
    "text",
    [
        "we pressure wash the brick patio with only plain water and it runs to the storm drain, ok?",
        "i power wash the deck, nothing but water, into the street drain fine?",
        "the crew power washing the storefront says it's just water going in the catch basin",
    ],
)
def test_plain_water_denies_soap(text):
    facets = read_discharge(text).facets
    assert "soap" in facets.denied and "soap" not in facets.contents


def test_plain_water_negated_denies_nothing():
    facets = read_discharge("it's not just water, i power wash the siding with soap and it runs to the drain").facets
    assert "soap" not in facets.denied


# --- 4. snow, slush and ice melting are snowmelt, whatever stands between ------------------
@pytest.mark.parametrize(
    "text",
    [
        "is it ok to let the snow from my driveway melt into the storm drain",
        "the snow piled up by the plow melts into the catch basin, is that ok?",
        "the ice off my roof thaws and runs into the street drain, allowed?",
        "can the slush from our parking lot melt into the drain?",
    ],
)
def test_frozen_water_melting_is_the_rain_category(text):
    facets = read_discharge(text).facets
    assert facets.water == "rain" and facets.role is None


def test_what_the_melt_carries_still_counts():
    text = "the snow on my driveway has motor oil on it and it melts into the storm drain, ok?"
    assert discharge_question(text)["keys"][0] == "motor_oil"


def test_an_ice_machine_is_no_snowmelt():
    assert read_discharge("the ice machine on the patio melts into the drain, ok?").facets.water is None


# --- 5. a fire service's training, drill, test or show is no fire said to be fought ---------
@pytest.mark.parametrize(
    "text",
    [
        "can the fire department dump water from their training into the street?",
        "the volunteer firemen practice with their hoses in the school lot and the water goes down the storm drain, allowed?",
        "the fire company is doing a demonstration at the fair and sprays water into the street drain, ok?",
        "during the fire department drill they flow water from the engine into the catch basin, is that okay?",
        # a show or ceremony of several words: "a wet down" for a new engine
        "the fire company had a wet down for the new engine and all the water ran into the storm drain, ok?",
        "at the fire department muster they spray water all over main street into the drains, allowed?",
    ],
)
def test_a_fire_service_practising_is_its_own_category(text):
    facets = read_discharge(text).facets
    assert facets.water == FIRE_PRACTICE and facets.role == PART


@pytest.mark.parametrize(
    "text,water",
    [
        # a fire put out: the service's water is firefighting's (activity_roles.fire_fought)
        ("the fire department put out the fire and the water went into the storm drain, allowed?", "firefighting"),
        ("the fire department tests the hydrants every spring and the water runs down the storm drain, ok?", "fire_service"),
    ],
)
def test_a_fire_fought_or_a_hydrant_flushed_is_not_practice(text, water):
    reading = read_discharge(text)
    assert reading.facets.water == water and reading.facets.role is None


@pytest.mark.parametrize(
    "text",
    [
        # hydrant water sprayed in a drill or a wet down is the practice's, not a hydrant flushed
        "during the fire company drill they hook up to the hydrant and spray the lot, the water goes to the storm drain. ok?",
        "the fire company held a wet down for the new pumper, sprayed it from the hydrants and it all ran into the catch basin, fine?",
        # the fire service said in the very words that name its water
        "is fire department water from a drill allowed in the storm drain",
    ],
)
def test_hydrant_or_fire_department_water_in_a_practice_is_the_practice_s(text):
    assert read_discharge(text).facets.water == FIRE_PRACTICE


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "during the fire company drill they hook up to the hydrant and spray the lot, the water goes to the storm drain. ok?",
        "is fire department water from a drill allowed in the storm drain",
    ],
)
def test_a_practice_s_water_gets_no_firm_badge(slug, text):
    assert first_answer(slug, text)[1] == "not_named"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_hydrant_tested_or_a_fire_fought_keeps_its_exemption(slug):
    assert first_answer(slug, "the fire department tests the hydrants every spring and the water runs down the storm drain, ok?") == \
        ("water_line_flushing", "allowed")
    assert first_answer(slug, "the firefighting water from the house fire went into the storm drain") == ("firefighting_water", "allowed")


@pytest.mark.parametrize(
    "text",
    [
        "dirty water from power washing runs down my driveway into the drain, it's only water, right?",
        "the crew pressure washes the storefront, the runoff is full of grime and oil but they say just water",
    ],
)
def test_plain_water_asked_or_contradicted_denies_nothing(text):
    assert "soap" not in read_discharge(text).facets.denied


@pytest.mark.parametrize("text, thing", [
    ("the goat manure washes off in the rain into the ditch", "manure"),
    ("the wood ashes wash away when it rains and go down the drain", "ashes"),
    ("our mulch pile washes off into the gutter every storm", "mulch"),
])
def test_a_solid_that_washes_off_is_carried_never_the_carrier(text, thing):
    # "washes" after a solid does not make it the rain: the solid is the thing discharged
    norm = normalize(text)
    start = norm.index(thing)
    assert role_in_sentence(norm, start, start + len(thing)) is None


@pytest.mark.parametrize("text, tool", [
    ("we scrubbed the deck with a bucket of water and a stiff brush and hosed it to the street", "brush"),
    ("cleaned the headstone using plain water and a soft brush, it ran to the drain", "brush"),
    ("washed the boat with fresh water or a long brush, the runoff goes in the gutter", "brush"),
])
def test_the_second_of_two_things_used_is_a_tool(text, tool):
    # "with X and a soft brush": the brush is used, as the water is; it is no yard waste
    norm = normalize(text)
    start = norm.index(tool)
    assert tool_role(norm, start, start + len(tool)) == PART


def test_brush_cut_or_blown_is_still_the_thing():
    for text in ("the landscaper blew leaves and brush into the storm drain", "i cut the brush and the branches"):
        norm = normalize(text)
        start = norm.index("brush")
        assert tool_role(norm, start, start + len("brush")) is None
