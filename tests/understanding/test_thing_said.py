"""The report's material reader and the verdict path's reader read a message the same way: where
the verdict path names a discharge (a catalogue key or a category of water), the report's
material is never empty, and a thing nobody listed, said sent into the drain, is filed in the
resident's words (issue 27, the report form reading with the same reader)."""
from pathlib import Path

import pytest
import yaml

from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.material_reading import read_material
from stormwater.understanding.thing_said import names_a_thing, sent_to_the_drain, thing_said

SETS = Path(__file__).resolve().parents[1]


def _set_questions():
    verdicts = yaml.safe_load((SETS / "verdict_questions/questions.yml").read_text())
    for by_village in verdicts["questions"].values():
        for questions in by_village.values():
            yield from questions
    for item in yaml.safe_load((SETS / "real_phrasings/questions.yml").read_text()):
        yield item["text"]


def test_the_report_reader_finds_a_thing_wherever_the_verdict_path_names_one():
    questions = list(dict.fromkeys(_set_questions()))
    assert len(questions) > 500
    named = [q for q in questions if names_a_thing(read_discharge(q))]
    assert len(named) > 300  # the sets name a discharge in most questions: the test reads them
    empty = [q for q in named if read_material(q) is None]
    assert empty == []  # 20 of them came back empty before the report read with the verdict path's reader


def test_a_category_named_by_a_word_of_its_own_is_filed_in_the_residents_words():
    question = "my landlord keeps draining the boiler into the street, thats legal?"
    assert read_discharge(question).facets.water == "heating_condensate"  # the verdict path's reading
    reading = read_material(question)
    assert reading is not None and reading.words == "draining the boiler" and reading.keys == ()
    assert reading.hazard is None  # what is in a boiler's water is asked, never assumed
    assert thing_said("the neighbor empties his dehumidifier water onto the sidewalk").words == "dehumidifier water"


def test_a_key_the_verdict_path_reads_is_filed_by_its_label_when_the_report_reader_left_it_out():
    # "downspouts" is a source the report's own reading sets aside ("black gunk out of my downspout")
    reading = read_material("can my downspouts go into the storm drain")
    assert reading is not None and reading.keys == ("rainwater",)
    gunk = read_material("black gunk out of my downspout")  # its own reading still comes first: the gunk, not rain
    assert gunk.words.startswith("black gunk") and "rainwater" not in gunk.keys
    lawn = read_material("do i have to turn off my sprinklers when it rains? the runoff goes to the storm drain")
    assert lawn.words == "lawn watering runoff"  # "do i have" made nothing of "i"


@pytest.mark.parametrize("said, thing", [
    ("the bakery keeps hosing flour paste into the drain, is that ok?", "flour paste"),
    ("is it legal for the bakery to hose flour paste into the drain", "flour paste"),
    ("the bakery rinses flour paste into the drain every night, allowed?", "flour paste"),
    ("the bakery washes dough scraps down the storm drain, can they do that?", "dough scraps"),
    ("they sweep their cork dust into the street", "cork dust"),  # (wood chips are yard waste now: listed)
])
def test_a_thing_nobody_listed_said_sent_into_the_drain_is_the_material(said, thing):
    assert read_discharge(said).key is None  # the law's list does not name it
    assert read_material(said).words == thing


@pytest.mark.parametrize("said", [
    "I want to report someone else dumping into the storm drain",
    "the water went down the drain",
    "my neighbor dumps it into the drain",
    "it flows into the catch basin on Main St",
    "the car is parked in front of the drain",
    "we scraped the gunk and hosed it all off the patio into the gutter",  # the patio is where it was
])
def test_no_thing_is_made_of_the_sentence_around_the_drain(said):
    assert sent_to_the_drain(said.lower()) is None



def test_a_key_named_by_a_doing_is_filed_with_what_it_was_done_to():
    reading = read_material("the diner had a kid pressure washing the grimy grill mats out back and it ran in the drain")
    assert reading.words == "pressure washing the grimy grill mats" and reading.hazard is None  # not "soapy water": asked
    # a doing that only says the kind of the next word names nothing it was done to: the vocabulary's label
    assert read_material("my pressure washing company lets the water go to the catch basin").words == \
        "soapy wash water and cleaning products"


@pytest.mark.parametrize("answer", ["Ellen Marsh", "my name is Ellen Marsh", "the marsh on Main St", "in front of 30 Tyler Ave"])
def test_a_name_or_a_place_given_at_another_question_names_no_material(answer):
    # a word of a category ("marsh": springs and wetlands) inside a name or a place tells of nothing done
    assert read_material(answer) is None
