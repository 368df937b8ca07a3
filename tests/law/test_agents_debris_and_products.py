"""Issue 27 round 8, the verdicts: people asked about are no rain, another animal's droppings
are no pet waste, rain holding natural debris gets no debris badge, a product's kind ("acid",
"remover") is a chemical whatever its brand, and a body that watches is not the one
discharging. Each verdict rests on the ordinance's own words, quoted here. Sentences are this
file's own."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from tests.law.test_facet_readings import quoted


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def answered(village, text):
    question = discharge_question(text)
    assert not question.get("clarify"), f"{text!r} asked {question.get('clarify')}"
    keys = question["keys"] or [None]
    answer = answer_discharge(village, keys[0], text)
    return answer.discharge, answer.verdict


@pytest.mark.parametrize(
    "text",
    [
        "after tie-dye day at camp, should the den leaders simply empty the rinse buckets down the street drain?",
        "could the troop leaders just pour the leftover paint water into the catch basin?",
        "after the bake sale can the leaders dump the sticky wash tubs in the street drain?",
    ],
)
def test_the_people_asked_about_get_no_rainwater_badge(villages, text):
    for village in villages.values():
        discharge, verdict = answered(village, text)
        assert discharge != "rainwater" and verdict not in ("allowed", "conditional"), (village.slug, discharge, verdict)


@pytest.mark.parametrize(
    "text",
    [
        "the geese leave goose poop all over the dock, can i hose it into the drain?",
        "is it ok to rinse the deer poop off the patio into the street?",
        "seagull poop covers the deck, can i hose it to the curb?",
    ],
)
def test_another_animals_droppings_get_no_pet_waste_badge(villages, text):
    for village in villages.values():
        assert answered(village, text)[0] != "pet_waste"


@pytest.mark.parametrize(
    "text",
    [
        "our diverter spills the early roof water (grit, oak leaves, gull droppings) onto the road edge, only rain isn't it?",
        "the roof water with maple seeds and pollen runs to the curb, ok?",
        "our gutter water full of pine needles and twigs goes down the driveway to the street, allowed?",
    ],
)
def test_rain_holding_natural_debris_gets_no_debris_badge(villages, text):
    for village in villages.values():
        # Bayville: "Stormwater ... Rainwater, surface runoff, snowmelt and drainage" is what the MS4 carries
        discharge, verdict = answered(village, text)
        assert verdict in ("allowed", "not_named"), (village.slug, discharge, verdict)
        assert discharge not in ("yard_waste", "pet_waste", "sediment")


@pytest.mark.parametrize(
    "text, key",
    [
        ("I blow the leaves into the drain whenever it rains, ok?", "yard_waste"),
        ("rain washes my topsoil pile into the street, is that a problem?", "sediment"),
    ],
)
def test_an_act_on_the_debris_keeps_its_badge(villages, text, key):
    for village in villages.values():
        assert answered(village, text) == (key, "prohibited")


@pytest.mark.parametrize(
    "text",
    [
        "my teenager sprays wheel acid on customers' rims in our driveway and hoses it to the storm drain. what if the village spots him, who pays?",
        "i hosed rust remover off my walkway into the street, if the town catches me is that a fine?",
        "my son rinses a tire degreaser off cars for cash into the drain, if the village finds out who's in trouble?",
    ],
)
def test_a_product_named_by_its_kind_is_a_chemical_and_a_watching_body_discharges_nothing(villages, text):
    poquott = villages["poquott"]
    quoted(poquott, "chemical wastes")
    assert answered(poquott, text)[1] == "prohibited"
    assert answered(villages["bayville"], text)[1] in ("prohibited", "not_named")


@pytest.mark.parametrize(
    "text",
    [
        "i brushed rust remover onto the brown sprinkler stains on the patio and hosed it into the road, will i be fined?",
        "sprayed cleaner on the white sprinkler spots on my windows then hosed it to the curb, problem?",
    ],
)
def test_a_word_that_only_says_which_stains_asks_nothing_about_its_water(villages, text):
    question = discharge_question(text)
    assert not question.get("clarify")
    for village in villages.values():
        discharge, verdict = answered(village, text)
        assert discharge != "lawn_watering" and verdict not in ("allowed", "conditional"), (village.slug, discharge, verdict)
