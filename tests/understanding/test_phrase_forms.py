"""A catalogue phrase typed in the plural names the same kind of thing (issue 27); a word alone
or a verb after its subject is no plural. Wording is this file's own."""
import pytest

from stormwater.understanding.catalogue import find_mentions
from stormwater.understanding.phrase_forms import plural, with_plurals


@pytest.mark.parametrize("phrase, made", [
    ("washing machine", "washing machines"),
    ("septic tank", "septic tanks"),
    ("rv holding tank", "rv holding tanks"),
    ("pool battery", "pool batteries"),  # a consonant before "y"
    ("rain", None),  # a word alone may be a verb: "it rains"
    ("when it rain", None),  # a verb after its subject
    ("car washing", None),  # a verb's form
    ("raw sewage", None),  # a mass
    ("roof downspouts", None),  # already plural
])
def test_the_plural_of_a_phrase(phrase, made):
    assert plural(phrase) == made


def test_a_plural_already_said_for_another_key_is_not_taken():
    pairs = with_plurals([("mop bucket", "mop_water"), ("mop buckets", "other"), ("dish tub", "dish_water")])
    assert ("mop buckets", "mop_water") not in pairs and ("dish tubs", "dish_water") in pairs


def test_machines_in_the_plural_are_found_as_the_kind():
    text = "we have two old washing machines in the barn and their drain hoses run to the ditch by the storm drain"
    assert "washing_machine" in {m.key for m in find_mentions(text)}


def test_rain_said_as_a_verb_names_no_rain():
    assert "rainwater" not in {m.key for m in find_mentions("the barn roof leaks oil when it rains onto the lot")}


def test_a_phrase_of_ones_own_thing_takes_no_plural():
    # "washing my truck" is a household's; "wash the dump trucks" may be a fleet's
    assert plural("washing my truck") is None
