"""Round 44's lessons (issue 27, session 2026-12-06d): a spring named with an article ("an
actual spring in the back yard") is the exemption's springs; pool water the resident says they
just put chlorine in is chlorinated pool water. Wording is this file's own, not the blind sets'."""
import pytest

from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_an_actual_spring_in_the_yard_is_the_exemptions_springs(slug):
    text = "we have an actual spring under the hill behind the house, clear water runs out all year into the street drain. do i have to stop it?"
    assert first_answer(slug, text) == ("springs_and_wetland_flows", "allowed")


def test_a_spring_cleanup_is_no_spring():
    from stormwater.understanding.discharge_reader import read_discharge
    assert read_discharge("we did a spring cleanup and hosed the patio into the drain").facets.water != "springs"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_pool_water_just_dosed_with_chlorine_is_chlorinated(slug):
    text = "closing the pool, i added the liquid chlorine this morning and now i have to pump it down a few inches to the street drain. ok?"
    assert first_answer(slug, text) == ("chlorinated_pool_water", "prohibited")
