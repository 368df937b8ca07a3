"""Issue 28, round 7: places as whole chains of spots, a house number corrected at the
read-back, a street alone that still needs a spot, "nobody contact me", and a release by the
resident's own workplace. Written in our own words."""
from datetime import datetime
from zoneinfo import ZoneInfo

from stormwater.dialogue import guided_report as reports
from stormwater.understanding.answer_words import _plain, wants_no_contact, without_no_contact
from stormwater.understanding.place_spans import is_vague_place, place_span
from stormwater.understanding.readback_answers import read_confirm
from stormwater.understanding.said_words import whose_from_words

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))


def test_a_chain_of_spots_with_its_street_is_one_place():
    assert place_span("oil in the grate behind the bakery next to Hank's Hardware on Ludlam Ave") == (
        "the grate behind the bakery next to Hank's Hardware on Ludlam Ave")
    assert place_span("the gutter in the Sunset Marina boat lot on Shore Rd") == "the gutter in the Sunset Marina boat lot on Shore Rd"
    # someone named at a spot is no part of it, and a thing that is no spot does not lead it
    assert place_span("the guy at the cafe on Main St poured it") == "the cafe on Main St"
    assert place_span("there was soap in the gutter on Oak Ln") == "the gutter on Oak Ln"


def test_i_mean_is_stripped_as_words_not_letters():
    assert place_span("i mean the grate on Oak Ln by the library") == "the grate on Oak Ln by the library"
    assert place_span("the drain on Elm St, i mean the drain on Oak Ln") == "the drain on Oak Ln"


def test_a_street_alone_still_needs_its_spot():
    assert is_vague_place("Oak Ln") and is_vague_place("the gutter on Oak Ln") and is_vague_place("the old house on Oak Ln")
    assert not is_vague_place("14 Oak Ln")
    assert not is_vague_place("Oak Ln and Elm St")
    assert not is_vague_place("the bakery on Oak Ln")
    assert not is_vague_place("the drain at the end of Oak Ln")
    assert not is_vague_place("")


def test_the_house_number_corrected_at_the_read_back_changes_the_place():
    slots = reports.questions_for("spill")
    filled = {slot: "x" for slot in slots}
    filled["location"] = "the grate in front of 40 Oak Ln"
    fixed = read_confirm("the house number's wrong, it's 44 Oak Ln not 40", slots, "spill", filled, NOW)
    assert fixed.confirm == "change:location" and fixed.updates == {"location": "the grate in front of 44 Oak Ln"}
    # the phone's own number is still the phone
    phone = read_confirm("the number is wrong, it's 631 555 0188", slots, "spill", filled, NOW)
    assert phone.confirm == "change:reporter_phone"


def test_nobody_contact_me_is_a_wish_not_to_be_contacted():
    said = "by the pond on Elm St. and please nobody call me about it"
    assert wants_no_contact(said) and without_no_contact(said) == "by the pond on Elm St"
    assert wants_no_contact("no one should contact me")
    assert wants_no_contact("nobody needs to reach out to me") and wants_no_contact("no callbacks please")
    # telling that nobody has called is not the wish
    assert not wants_no_contact("nobody saw it happen") and not wants_no_contact("no one called me back yet")


def test_a_coworker_s_release_at_the_resident_s_workplace_is_their_own():
    mine = "i work at the diner on Shore Rd and this morning the night cook dumped the fryer grease out back"
    assert whose_from_words(_plain(mine)) == "yes"
    # working somewhere says nothing of a release by another business
    theirs = "i work at the diner and the car wash next door keeps dumping soap in the drain"
    assert whose_from_words(_plain(theirs)) == "no"
    assert whose_from_words(_plain("the night cook dumped the fryer grease out back")) != "yes"


def test_a_new_house_number_keeps_the_rest_of_the_place():
    from stormwater.understanding.place_spans import renumbered
    assert renumbered("the catch basin across from 7 Elm St", "17 Elm St") == "the catch basin across from 17 Elm St"
    # another street, or a whole new place, replaces it
    assert renumbered("the catch basin across from 7 Elm St", "17 Oak Ln") == "17 Oak Ln"
    assert renumbered("Elm St", "17 Elm St") == "17 Elm St"
    assert renumbered("7 Elm St", "the grate behind 17 Elm St") == "the grate behind 17 Elm St"


def test_the_spot_said_after_its_street_stays_with_it():
    assert place_span("14 Elm St, the grate at the end of the driveway") == "14 Elm St, the grate at the end of the driveway"
    # the sentence going on after the spot is not part of it
    assert place_span("14 Elm St, the grate is full of oil") == "14 Elm St, the grate"
    assert place_span("14 Elm St, a guy dumped oil") == "14 Elm St"
    assert place_span("Elm St, the catch basin next to the bus shelter by number 8") == "Elm St, the catch basin next to the bus shelter"
