"""Places and whose it is, issue 28 round 9: a chain of landmarks keeps its first one, a place
staff could not find from its words is asked, and a tenant's own building is not assumed to be
someone else's. Written in our own words, not a test set's."""
from __future__ import annotations

import pytest

from stormwater.dialogue.seen_report import by_bystander
from stormwater.understanding.answer_words import _plain
from stormwater.understanding.place_spans import is_vague_place, place_span
from stormwater.understanding.said_words import whose_from_words


@pytest.mark.parametrize("text, place", [
    # a business named before the landmark it is pointed from
    ("i wash dishes at the Blue Heron Grill across from the Town Dock on Shore Rd, last night they hosed the mats out back",
     "the Blue Heron Grill across from the Town Dock on Shore Rd"),
    ("is the taco place behind the Sunoco on Main St allowed to pour fryer oil out", "the taco place behind the Sunoco on Main St"),
    # each spot pointed from the next, down to the street
    ("the grate by the picnic table next to the boat ramp in Veterans Park at the end of Elm St",
     "the grate by the picnic table next to the boat ramp in Veterans Park at the end of Elm St"),
])
def test_a_chain_of_landmarks_keeps_every_link(text, place):
    assert place_span(text) == place


@pytest.mark.parametrize("text, place", [
    ("the man next to the bakery on Main St is hosing paint", "next to the bakery on Main St"),  # a person is no spot
    ("there is oil near the drain on Oak Ln", "near the drain on Oak Ln"),
    ("he tossed the bag by the drain on Oak Ln", "by the drain on Oak Ln"),  # a thing thrown is no spot
    ("it was in front of 14 Oak Ln", "14 Oak Ln"),
])
def test_what_is_not_a_spot_stays_out_of_the_chain(text, place):
    assert place_span(text) == place


@pytest.mark.parametrize("place, vague", [
    ("the storm drain grate on Elm St", True),  # two words before the structure: still one bare street
    ("the curb in front of the house we're fixing on Elm St", True),  # which house?
    ("the picnic area", True),  # a common noun, no street
    ("the grate on Elm St by the library", False),
    ("the grate at the corner of Elm St", False),
    ("the Sunoco", False),
    ("the drain in front of 14 Elm St", False),
    ("Elm St and Oak Ln", False),
])
def test_a_place_staff_could_not_find_is_asked(place, vague):
    assert is_vague_place(place) is vague


def test_a_tenant_reporting_their_own_building_is_asked_whose_it_is():
    text = "we live above the laundromat at 7 Elm St and there's oil leaking out of the tank behind the building into the drain"
    assert whose_from_words(_plain(text)) is None
    assert not by_bystander(text)
    # somebody named as doing it is still somebody else's
    other = "i live upstairs and the guy downstairs keeps dumping oil in the drain"
    assert whose_from_words(_plain(other)) == "no" and by_bystander(other)


def test_two_days_in_a_report_opening_leave_the_discovery_to_be_asked():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from stormwater.dialogue.guided_report import questions_for
    from stormwater.understanding.form_reader import read_message

    now = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))
    two = read_message("a truck hit the hydrant on Elm St sat night and there's still oily water going in the drain this morning",
                       None, "spill", {}, now, questions_for("spill")).updates
    assert "discovered" not in two and "discovered_at" not in two  # the crash or the morning it was seen: asked
    one = read_message("sat night i knocked over the oil can by the drain on Elm St", None, "spill", {}, now,
                       questions_for("spill")).updates
    assert one["discovered"] == "sat night" and one["discovered_at"].startswith("2026-11-28")
    # the answer to "when?" that corrects itself is read as before
    fixed = read_message("saturday evening, no wait it was friday, around 6", "discovered", "spill", {}, now,
                         questions_for("spill")).updates
    assert fixed["discovered_at"].startswith("2026-11-27T18:00")


def test_a_day_corrected_to_another_is_the_day_meant():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from stormwater.dialogue.guided_report import questions_for
    from stormwater.understanding.form_reader import read_message

    now = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))
    filled = {"discovered": "sunday around 5", "discovered_at": "2026-11-29T17:00:00-05:00"}
    reading = read_message("hang on, it wasn't sunday, it was this morning around 6", "amount", "spill", filled, now,
                           questions_for("spill"))
    assert reading.updates["discovered"] == "this morning around 6" and reading.updates["discovered_at"].startswith("2026-11-30T06:00")


def test_a_house_number_corrected_as_it_is_typed_keeps_the_street():
    assert place_span("12 Birchwood Rd, wait no its 21 Birchwood") == "21 Birchwood Rd"
    assert place_span("in front of 40 Elm St sorry i meant 44") == "44 Elm St"
    assert place_span("Elm St, no, Oak Ln") == "Oak Ln"  # a bare "no," between two places corrects too
    # a number with another street's name, half said, is no correction of the number
    assert place_span("12 Birchwood Rd, no wait 21 Oak") == "12 Birchwood Rd"
    assert place_span("12 Elm St, no drain there") == "12 Elm St"  # "no" without its comma corrects nothing
