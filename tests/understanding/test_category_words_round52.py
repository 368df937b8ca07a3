"""Round 52's lessons (issue 27, session 2026-12-06, fifteenth): a fire the speaker "knocked
down" with a garden hose is a fire fought; "taking down" a pool is no destination; the sink one
would "rather than fight" is no drain of the discharge. Wording is this file's own, not the blind sets'."""
import pytest

from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_fire_knocked_down_with_a_garden_hose_is_a_fire_fought(slug):
    text = "the shed next door caught fire from a brush pile and i knocked it down with my garden hose before the trucks came. the sooty water ran to the storm drain"
    assert first_answer(slug, text) == ("firefighting_water", "allowed")



@pytest.mark.parametrize("slug, verdict", [("bayville", "allowed"), ("poquott", "prohibited")])
def test_a_pool_taken_down_is_still_the_pool_drained(slug, verdict):
    text = "we are taking down the above ground pool. no chlorine added for two weeks and the test strip says zero chlorine. can we pump it out to the storm drain"
    assert first_answer(slug, text) == ("pool_water", verdict)


def test_the_sink_one_would_rather_not_use_is_no_floor_drain():
    text = "its easier to dump the pasta water at the curb drain than fight the sink, its just water. ok?"
    assert first_answer("bayville", text)[0] != "floor_drain"
