"""Issue 27: a chemical named by its compound name is read as a chemical, whatever the compound.
Wording is this file's own, not the test sets'."""
import pytest

from stormwater.understanding.chemical_names import compound_spans, read_as_chemicals
from stormwater.understanding.discharge_reader import read_discharge


@pytest.mark.parametrize(
    "text, name",
    [
        ("we rinse the potassium dichromate trays into the gutter", "potassium dichromate"),
        ("the ferrous sulfate lawn tonic washed off the walk", "ferrous sulfate"),
        ("a bucket of sodium-hydroxide solution from the soap making", "sodium-hydroxide"),
        ("old zinc chromate primer water", "zinc chromate"),
    ],
)
def test_a_compound_name_is_found(text, name):
    spans = compound_spans(text)
    assert [text[s:e] for s, e in spans] == [name]


@pytest.mark.parametrize(
    "text",
    [
        "calcium chloride on the steps melted into the drain",  # a de-icing salt, read as salt
        "baking soda (sodium bicarbonate) and water from the grill",  # a household mineral
        "the copper gutters drain to the street",  # a metal, no compound
        "my sodium levels are fine",  # no anion word
    ],
)
def test_what_is_no_compound_is_left_as_it_is(text):
    assert compound_spans(text) == []
    assert read_as_chemicals(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "can i tip the leftover nickel sulfate plating bath into the storm drain?",
        "the sprayer still has some ammonium thiosulfate in it, ok to rinse it into the gutter",
    ],
)
def test_a_compound_reads_as_a_chemical_in_the_water(text):
    assert "chemicals" in read_discharge(text).facets.contents


def test_a_de_icing_salt_stays_salt():
    contents = read_discharge("calcium chloride from the front steps washes into the storm drain").facets.contents
    assert "salt" in contents and "chemicals" not in contents


def test_hydrogen_peroxide_is_not_read_as_a_compound():
    assert compound_spans("the tub was kept clean with hydrogen peroxide") == []
