"""Issue 27 round 8: a vocabulary word standing as the one asked about ("can the leaders just
tip the tubs"), or as a modifier of another noun in a phrase of place ("on the sprinkler
stains"), is not the thing discharged. Both readers (the catalogue's and the facets') honour
the role. Sentences are this file's own."""
import pytest

from stormwater.understanding import word_roles
from stormwater.understanding.catalogue import normalize
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.meaning import read_question


def role(text: str, word: str):
    norm = normalize(text)
    start = f" {norm} ".index(f" {word} ")
    return word_roles.role_of(norm, start, start + len(word))


@pytest.mark.parametrize(
    "text, word",
    [
        ("could the troop leaders just pour the dye buckets into the catch basin?", "leaders"),
        ("can the cleaners dump the mop buckets in the street drain?", "cleaners"),
        ("should the leaders simply empty the cooler into the gutter after the picnic?", "leaders"),
        ("may the leaders rinse their brushes at the curb?", "leaders"),
    ],
)
def test_the_one_asked_about_doing_something_is_an_agent(text, word):
    assert role(text, word) == word_roles.AGENT


@pytest.mark.parametrize(
    "text, word",
    [
        ("can the rain water reach the storm drain from here?", "rain water"),
        ("can the leaders go straight to the street?", "leaders"),
        ("does the rain barrel need a permit to overflow into the street?", "rain barrel"),
        ("we let the pool water sit a week, can it go in the drain?", "pool water"),
        ("the plumber did a dye test on a sump pump down the street, were they allowed?", "dye test"),
        ("the crew did the dye test on the downspouts, is that ok?", "dye test"),
    ],
)
def test_a_water_moving_on_its_own_or_asked_about_stays_the_thing(text, word):
    assert role(text, word) is None


@pytest.mark.parametrize(
    "text",
    [
        "could the troop leaders just pour the dye buckets into the catch basin?",
        "at the car wash fundraiser can the leaders tip the sudsy buckets into the storm drain?",
        "can the leaders just dump the leftover lemonade jugs in the gutter?",
    ],
)
def test_both_readers_agree_that_the_people_are_no_rain(text):
    assert read_discharge(text).facets.water != "rain"
    assert "rainwater" not in read_question(text).keys


def test_the_leaders_as_downspouts_are_still_rain():
    assert read_discharge("the leaders on the garage run onto the driveway, is that ok?").facets.water == "rain"


@pytest.mark.parametrize(
    "text, word",
    [
        ("dabbed rust remover on the brown sprinkler stains on the patio wall and hosed it off", "sprinkler"),
        ("we scrubbed chalk off the old pool steps near the fence and rinsed it to the street", "pool"),
        ("sprayed cleaner on the white sprinkler spots on my windows then hosed them", "sprinkler"),
    ],
)
def test_a_word_that_says_which_thing_a_noun_is_is_a_part(text, word):
    assert role(text, word) == word_roles.PART


@pytest.mark.parametrize(
    "text, word",
    [
        ("i left the hose in the pool overnight and it overflowed into the street", "pool"),
        ("can we dump the water in the hot tub out to the street", "hot tub"),
        ("the water in the pool today, can it go to the street", "pool"),
    ],
)
def test_a_water_in_a_phrase_of_place_followed_by_no_noun_stays_the_thing(text, word):
    assert role(text, word) is None


@pytest.mark.parametrize(
    "text, word",
    [
        ("we spread flakes on our long gravel driveway every spring and the rain takes them to the ditch", "gravel"),
        ("the plow piles it on the dirt road each winter and it melts into the drain", "dirt"),
        ("the kids play on the sand court daily and the rain washes it to the lot drain", "sand"),
    ],
)
def test_a_surfaces_material_before_a_time_is_not_the_thing_discharged(text, word):
    assert role(text, word) in (word_roles.PART, word_roles.PLACE)
