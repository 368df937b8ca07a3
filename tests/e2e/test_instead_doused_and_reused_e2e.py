"""Issue 27, through the real services: what is used "instead of" a pollutant is not it; a fire
the resident put out gets no badge of what burned; exempt water put to a use is not the
exemption's water. Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.answers import said, verdicts
from tests.e2e.test_chat_e2e import chat

pytestmark = pytest.mark.services


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_fire_the_resident_put_out_gets_no_badge_of_what_burned(base_url, village):
    text = "the leaf pile we burned flared up so i hosed it down till it was out, the black water ran to the storm drain. isnt putting out a fire allowed?"
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got and all(v == "not_named" for _, v in got), said(response)


def test_what_is_used_instead_of_a_pollutant_is_not_it(base_url):
    response, _ = chat(base_url, "instead of bleach i scrub the patio with vinegar and hot water, it runs off to the gutter. fine?", "bayville")
    assert all(d != "solvents" for d, _ in verdicts(response)), said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_exempt_water_put_to_a_use_gets_no_exempt_badge(base_url, village):
    text = "we catch the dehumidifier and ac drip water in a pail and use it to wash the porch, then dump it at the curb. ok since its ac water?"
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got and all(v not in ("allowed", "conditional") for _, v in got), said(response)
