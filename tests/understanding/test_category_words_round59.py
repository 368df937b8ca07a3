"""Round 59's lessons (issue 27, session 2026-12-07, seventeenth): tap water said to be close to
boiling is left open in Bayville too (its exemption is "flushing from other potable water
sources", and its text names no heat); hot water holding a listed pollutant is that pollutant in
Poquott; a fundraiser or a PTA that hoses a street is no
household's residential street wash. Wording is this file's own, not the blind sets'."""
import pytest

from tests.understanding.first_answer import first_answer


def test_tap_water_close_to_boiling_is_left_open_in_bayville_and_hot_water_is_not():
    assert first_answer("bayville", "the stock pot of tap water is almost boiling, can i tip it into the gutter?") == ("heated_water", "not_named")
    assert first_answer("bayville", "the tap water comes out really hot from the outdoor spigot, can it run to the drain?")[1] == "allowed"


def test_hot_water_holding_droppings_is_a_listed_pollutant_in_poquott():
    text = "after plucking the ducks the hot water has feathers and duck poop in it, ok to pour it down the driveway to the drain?"
    assert first_answer("poquott", text) == ("listed_pollutant", "prohibited")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_fundraiser_hosing_the_street_is_no_residential_street_wash(slug):
    assert first_answer(slug, "the pta is hosing down our street after the fundraiser chalk walk, is that allowed?") == (
        "street_wash_business", "not_named")
    assert first_answer(slug, "can i hose down the street in front of my house after the chalk art?")[1] == "allowed"
