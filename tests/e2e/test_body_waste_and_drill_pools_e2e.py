"""Issue 27, through the real services: vomit hosed into the gutter is one of Poquott's listed
pollutants (biological materials); the pools a fire company's drill fills are no swimming pool.
Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.answers import said, verdicts
from tests.e2e.test_chat_e2e import chat

pytestmark = pytest.mark.services


def test_vomit_hosed_into_the_gutter_is_a_poquott_pollutant(base_url):
    text = "someone threw up on the steps of the church again, ok if the sexton hoses the vomit into the street drain?"
    response, _ = chat(base_url, text, "poquott")
    assert verdicts(response)[:1] == [("listed_pollutant", "prohibited")], said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_fire_drill_s_portable_pools_get_no_pool_badge(base_url, village):
    text = "at the drill the fire company sets up portable pools, tankers fill them from the pond and the engine pumps it through the hoses to the storm drain. ok?"
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got and all(d != "pool_water" for d, _ in got), said(response)
