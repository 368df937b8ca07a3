"""The role of a word in the sentence: the thing discharged, or what is around it (issue 27).

Each contradicting badge of the leave-one-out bench came from a word that is not the thing
discharged read as it; these are those sentences' shapes."""
import pytest

from stormwater.understanding.catalogue import normalize
from stormwater.understanding import word_roles
from stormwater.understanding.discharge_reader import load_facet_words, read_discharge

CONTENTS = frozenset(w for phrases in load_facet_words()["contents"].values() for p in phrases for w in p.split())


def role(text: str, word: str):
    norm = normalize(text)
    start = f" {norm} ".index(f" {word} ")
    return word_roles.role_of(norm, start, start + len(word), CONTENTS)


@pytest.mark.parametrize(
    "text, word, expected",
    [
        ("the outdoor shower by the pool drains to the street", "pool", word_roles.PLACE),
        ("rain sitting on the pool cover, can I pump it off", "pool", word_roles.PART),
        ("is it ok to dump pool chemicals in the street", "pool", word_roles.PART),
        ("the sand filter backwash hose runs to the storm drain", "sand", word_roles.PART),
        ("can backwash water from the pool go in the street drain", "pool", word_roles.PART),
        ("so my AC drip line to the street is fine?", "drip line", word_roles.PART),
        ("why not, I use biodegradable soap", "soap", word_roles.INGREDIENT),
        ("can I drain my pool if I stop adding chlorine first", "chlorine", word_roles.INGREDIENT),
        ("washing my own car in my driveway, soap goes down the drain", "soap", word_roles.INGREDIENT),
        ("we used dechlorinator so chlorine is 0 now", "chlorine", word_roles.INGREDIENT),
        ("rain washes soil from my garden bed into the street", "rain", word_roles.CARRIER),
        ("the driveway sealcoat washed off by rain into the drain", "rain", word_roles.CARRIER),
        ("washing machine water into the rainwater downpipe", "rainwater", word_roles.DESTINATION),
        ("he dumps the ice outside the gas station into the gutter", "gas", word_roles.PLACE),
        ("the bags split in front of the gas station and he dumps them in the gutter", "gas", word_roles.PLACE),
        ("they rinse the buckets outside of the paint store into the drain", "paint", word_roles.PLACE),
    ],
)
def test_a_word_around_the_thing_discharged_has_its_role(text, word, expected):
    assert role(text, word) == expected


@pytest.mark.parametrize(
    "text, word",
    [
        ("can I drain my pool to the street", "pool"),
        ("contractor is rinsing paint buckets at the curb", "paint"),  # a bucket of paint holds paint
        ("can i pour used motor oil into the storm drain", "motor oil"),  # "used" oil, not using oil
        ("is soapy water from washing the awnings at my shop ok", "soapy"),  # no exempt activity
        ("in poquott can lawn fertilizer wash into the road drain", "fertilizer"),  # a pollutant carries nothing
        ("my basement sump pump hose runs to the street", "sump pump"),  # a hose carries the sump's water
        ("the rain from my downspout goes to the lawn", "rain"),
    ],
)
def test_the_thing_discharged_keeps_no_role(text, word):
    assert role(text, word) is None


def test_the_reader_reads_the_carried_thing_as_the_thing():
    reading = read_discharge("rain washes soil from my garden bed into the street, am I in trouble?")
    assert reading.key == "sediment" and reading.facets.role is None
    reading = read_discharge("our driveway sealcoat washed off by rain into the drain, is that a problem?")
    assert reading.key == "rainwater" and reading.facets.role == word_roles.CARRIER
    assert "chemicals" in reading.facets.contents


# ---- a discharge nobody listed gets its category's rule (the villages' facet_rules) -------------


@pytest.mark.parametrize(
    "text, water",
    [
        ("can I empty the kiddie pool onto the street", "pool"),
        ("hosing off my truck in the driveway with soap", "vehicle_wash"),
        ("the outdoor shower by the pool drains to the street", None),  # the pool is a place
        ("fish guts from cleaning my catch in the gutter", "biological"),
        ("wood stove ashes washed into the storm drain", "incinerator_residue"),
    ],
)
def test_what_the_water_is_is_read_by_category(text, water):
    from stormwater.understanding.discharge_reader import read_facets

    assert read_facets(text).water == water


def test_a_category_rule_answers_when_the_catalogues_word_is_not_the_thing():
    from stormwater.law.villages import load_villages
    from stormwater.law.facet_rules import case_for

    villages = load_villages()
    # "soap" is an ingredient of washing one's own car: the texts' car washing, not detergent
    text = "scrubbing my jeep in the driveway, the soap runs down the drain, ok?"
    reading = read_discharge(text)
    assert (reading.key, reading.facets.role) == ("detergent", word_roles.INGREDIENT)
    assert case_for(villages["bayville"], reading.key, text) == "car_wash_residential"
    # Poquott § 132-3 lists "incinerator residue" as a pollutant; Bayville's text has no list
    ashes = "can I dump wood stove ashes in the storm drain?"
    assert case_for(villages["poquott"], None, ashes) == "polluted_water"
    assert case_for(villages["bayville"], None, ashes) is None


def test_a_denied_dechlorination_is_chlorine_in_the_water():
    from stormwater.understanding.discharge_reader import read_facets

    facets = read_facets("can I empty the kiddie pool without dechlorinating it first?")
    assert "chlorine" in facets.contents
    assert "chlorine" not in read_facets("I dechlorinated the kiddie pool, can it go to the street?").contents


def test_a_rain_barrel_holds_rain_and_a_mop_bucket_holds_wash_water():
    from stormwater.understanding.discharge_reader import read_facets

    assert read_facets("my rain barrel overflow goes to the curb, ok?").water == "rain"
    assert read_facets("can i dump my mop bucket in the street drain").water == "wash_water"


# ---- a site being built, a vehicle said as a place (issue 27, round 10) ----------------------


def test_a_pool_being_dug_is_a_site_not_pool_water():
    assert role("excavating for the new pool we struck water, can it be pumped to the curb", "pool") == word_roles.PLACE
    # a pool built long ago holds its own water
    assert role("we built the pool in 2010, can we drain the pool to the street", "pool") is None


def test_a_pool_being_dug_into_groundwater_gets_no_pool_badge():
    from stormwater.law.knowledge import answer_discharge
    from stormwater.law.villages import get_village

    text = "while digging for our new pool the hole filled with groundwater, can the pump send it to the road drain?"
    reading = read_discharge(text)
    assert reading.facets.role == word_roles.PLACE and reading.facets.water == "groundwater"
    for village in ("bayville", "poquott"):
        assert answer_discharge(get_village(village), reading.key, text).discharge != "pool_water"


@pytest.mark.parametrize(
    "text, washes",
    [
        ("I park the work van at home. May I wash it in the driveway?", True),
        ("a can of paint fell over in the back of my van and spread on the driveway. may I hose it off to the gutter?", False),
        ("antifreeze dripped under the car onto the apron, ok to rinse it away?", False),
    ],
)
def test_it_is_the_vehicle_only_when_the_vehicle_is_not_a_place(text, washes):
    assert word_roles.washes_a_vehicle(normalize(text)) is washes


def test_a_spill_in_a_truck_bed_hosed_off_is_no_car_washing():
    reading = read_discharge("some weed feed spilled out of a bag in the bed of my pickup onto the pavement. ok to hose it down the drain?")
    assert reading.facets.water != "vehicle_wash"


# ---- rain said only as when something else runs off (issue 27, round 10) ---------------------


@pytest.mark.parametrize(
    "text, carrier",
    [
        ("the gravel lot sheds bits of tar and after each heavy rain a line of it reaches the grate, is that allowed?", True),
        ("during every rain the shredded mulch from the school beds floats to the catch basin, ok?", True),
        # the rain's own water said: the rain is the thing
        ("after heavy rain my downspout water runs down the driveway to the drain, ok?", False),
        ("after the rain, is it ok to let the puddles drain to the street?", False),
        ("my gutters send the rain to the street drain, is that ok?", False),
    ],
)
def test_rain_said_only_as_a_time_carries_what_runs_off(text, carrier):
    reading = read_discharge(text)
    assert (reading.facets.role == word_roles.CARRIER) is carrier


def test_the_kind_a_resident_asks_about_is_not_the_thing_discharged():
    # "does it count as X?": X is the question, the thing is what the message tells of
    assert role("we tint the pond for a festival and drain it after, would that be considered dye testing?", "dye testing") == word_roles.PART
    assert role("does the rinse from my fish tank count as pool water?", "pool water") == word_roles.PART
    assert role("can the plumber run a dye testing of our laterals to the storm drain?", "dye testing") is None


@pytest.mark.parametrize("text", [
    "hosing the winter dust and leaves out of the canoes with plain water, into the lot drain ok?",
    "i rinse the leaves out of the gutters with just water and it runs down the drain",
])
def test_what_a_plain_water_rinse_takes_out_of_a_thing_is_rinsed(text):
    assert read_discharge(text).facets.role == word_roles.RINSED


def test_rain_blowing_a_thing_carries_it_and_rain_blowing_in_is_the_rain():
    assert role("the wind and rain are blowing the glitter into the storm drain", "rain") == word_roles.CARRIER
    assert role("the rain blows into the carport and out to the street", "rain") is None
