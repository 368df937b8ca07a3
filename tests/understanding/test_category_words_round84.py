"""Issue 27, rounds 84-85: a thing the resident will not use ("i dont want to use weed killer, so
...") is not in the water; a pool named only as where a cover lies ("the cover on the pool") is no
pool water against "its not pool water". Written in words of our own, from the causes of the
rounds' misses (the sets themselves are not quoted)."""
import pytest

from stormwater.understanding.meaning import read_question
from tests.understanding.first_answer import turn_verdicts as verdicts

VILLAGES = ["bayville", "poquott"]


def test_a_thing_not_to_be_used_is_not_in_the_water():
    text = "we dont want to use weed killer so i scald the weeds in the patio cracks with boiling water, it runs to the gutter. ok?"
    assert "pesticides" not in read_question(text).keys
    assert "pesticides" in read_question("i use weed killer on the patio cracks and it runs to the gutter, ok?").keys


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_cover_on_the_pool_is_no_pool_water_when_denied(slug):
    text = "theres a tarp cover on the pool with a foot of rain and leaves on it, i want to siphon it to the curb. its rain not pool water, fine?"
    assert not any(key == "pool_water" for key, _ in verdicts(slug, text)), verdicts(slug, text)
    # the pool's own water is still asked about when it is the thing
    assert verdicts(slug, "can i drain the pool to the street?")[0][0] == "pool_water"
