"""Round 52's lessons (issue 27, session 2026-12-06, fifteenth): a fire the speaker "knocked
down" with a garden hose is a fire fought. Wording is this file's own, not the blind sets'."""
import pytest

from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_fire_knocked_down_with_a_garden_hose_is_a_fire_fought(slug):
    text = "the shed next door caught fire from a brush pile and i knocked it down with my garden hose before the trucks came. the sooty water ran to the storm drain"
    assert first_answer(slug, text) == ("firefighting_water", "allowed")

