"""Whether a message tells of the resident's own release, already done: the answer then offers
the report (stormwater.dialogue.offers.own_release_offer)."""
import pytest

from stormwater.understanding.answer_words import _plain
from stormwater.understanding.said_words import own_release_done


@pytest.mark.parametrize("text", [
    "i spilled diesel filling my generator, do i have to report that?",
    "we had a party sat night and dumped 2 big pots of it in the drain, is that illegal?",
    "i finished the deck and then rinsed the stain brushes at the curb",
])
def test_the_residents_own_release_is_heard(text):
    assert own_release_done(_plain(text))


@pytest.mark.parametrize("text", [
    "i saw my neighbor and he dumped paint in the drain",
    "we came home and they had dumped oil by the curb",
    "i walked by and someone dumped paint",
    "can i drain my pool into the street?",
])
def test_someone_elses_or_a_question_is_not_the_residents_own_release(text):
    assert not own_release_done(_plain(text))


def test_a_neighbour_who_only_advised_does_not_make_the_residents_own_release_someone_elses():
    from stormwater.understanding.said_words import whose_from_words
    told = ("saturday we pressed apples for cider and hosed the leftover mash off the driveway into the storm drain. "
            "my neighbor said i should report it")
    assert whose_from_words(_plain(told)) == "yes"
    assert whose_from_words(_plain("i came home and then my neighbor dumped paint in the drain")) == "no"
    assert whose_from_words(_plain("i washed my car and my neighbor is dumping oil")) == "no"
