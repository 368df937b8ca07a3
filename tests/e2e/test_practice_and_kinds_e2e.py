"""Issue 27, through the real services (fifth session's changes): hydrant water sprayed in a fire
company's drill is the practice's ("not named"), a hydrant tested keeps water line flushing; tap
water used in old steel tanks that comes out rusty is not a flushed line's own look; a kind named
in an analogy ("basically a pool") is the kind compared to; a dump station holds sewage; food
scraps are garbage; condensation is air-conditioning condensate only from an air conditioner.
Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.answers import said, verdicts
from tests.e2e.test_chat_e2e import chat

pytestmark = pytest.mark.services


@pytest.mark.parametrize("village", ["bayville", "poquott"])
@pytest.mark.parametrize("text, expected", [
    ("during the fire company drill they hook up to the hydrant and spray the lot, the water goes to the storm drain. ok?", "not_named"),
    ("we pressure test old steel air tanks with tap water and it comes out orange with rust, we empty them at the lot drain. ok?", "not_named"),
    ("the kids splash pad drains to the street, isnt that basically a pool?", "not_named"),
    ("water from condensation on our walk-in freezer line runs to the lot drain, allowed?", "not_named"),
])
def test_no_firm_badge_where_the_text_leaves_it_open(base_url, village, text, expected):
    response, _ = chat(base_url, text, village)
    got = [v for _, v in verdicts(response)]
    assert got and all(v == expected for v in got), said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
@pytest.mark.parametrize("text, expected", [
    ("the fire department tests the hydrants every spring and the water runs down the storm drain, ok?", ("water_line_flushing", "allowed")),
    ("the rv dump station at the county park overflows every holiday weekend and runs into the gutter, is that allowed", ("sewage", "prohibited")),
    ("after the block party they hosed the food scraps off the tables into the catch basin, is that ok", ("trash", "prohibited")),
])
def test_the_category_the_words_name_decides(base_url, village, text, expected):
    response, _ = chat(base_url, text, village)
    assert verdicts(response)[:1] == [expected], said(response)
