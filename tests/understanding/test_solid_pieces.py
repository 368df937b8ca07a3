"""Pieces of a made material, or broken equipment, said as the thing discharged are solid waste
(issue 27); a material's name alone is none. Wording is this file's own."""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.catalogue import normalize
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.meaning import read_question
from stormwater.understanding.solid_pieces import piece_spans


@pytest.mark.parametrize("text, said", [
    ("the kids dumped styrofoam bits in the grate", [("styrofoam bits", "trash")]),
    ("strips of the old blue tarp went down the drain", [("strips of the old blue tarp", "trash")]),
    ("they swept the shattered tile into the gutter", [("shattered tile", "trash")]),
    ("wrecked monitors sit by the catch basin", [("wrecked monitors", "trash")]),
    ("the cutter left granite dust all over the curb", [("granite dust", "sediment")]),  # stone's own pieces
    ("chunks of the old limestone steps", [("chunks of the old limestone", "sediment")]),
    ("the water runs through a plastic pipe", []),  # a material alone
    ("we built a stone wall by the road", []),
    ("bits of grass and leaves", []),  # no made material, no stone
])
def test_pieces_are_read_by_their_shape(text, said):
    norm = normalize(text)
    assert [(norm[s:e], kind) for s, e, kind in piece_spans(norm)] == said


@pytest.mark.parametrize("text", [
    "after the parade somebody blew all the foil confetti into the storm drain with a leaf blower, ok?",
    "the renters swept broken ceramic and glass pieces off the patio right into the catch basin. allowed?",
])
def test_pieces_said_as_the_thing_are_prohibited_solid_waste(text):
    assert read_discharge(text).facets.water == "trash"
    for village in load_villages().values():
        assert answer_discharge(village, read_question(text).key, text).verdict == "prohibited"


def test_stone_dust_swept_into_the_drain_is_sediment_in_both_villages():
    text = "the tile guy cuts marble on the sidewalk and sweeps the marble dust into the storm drain, ok?"
    for village in load_villages().values():
        answer = answer_discharge(village, read_question(text).key, text)
        assert (answer.discharge, answer.verdict) == ("sediment", "prohibited"), (village.slug, answer)


def test_pieces_a_fire_fought_passed_over_stay_the_firefighting_water():
    text = "the shed caught fire and the fire department hosed it, melted plastic bits and water ran into the storm drain"
    assert read_discharge(text).facets.water == "firefighting"
