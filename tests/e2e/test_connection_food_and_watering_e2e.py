"""Issue 27 round 15, through the real services: a pipe into the storm sewer carrying milk and
honey, or water that rinsed a kitchen's wares, is a prohibited connection; sprinklers on a thing
that is no plant are no lawn watering (no clarifying question about it, no exempt badge).
Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.answers import said, verdicts
from tests.e2e.test_chat_e2e import chat

pytestmark = pytest.mark.services


@pytest.mark.parametrize("village", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "after the festival the leftover yogurt and honey get poured in a basin that is piped to the catch basin. allowed?",
        "our dish room rinses the pots and pans and that drain goes out to the storm drain behind the store, fine?",
    ],
)
def test_a_pipe_carrying_food_or_ware_wash_water_is_prohibited(base_url, village, text):
    response, _ = chat(base_url, text, village)
    assert verdicts(response) == [("illicit_connection", "prohibited")], said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_sprinklers_on_a_pile_get_no_exempt_badge(base_url, village):
    text = "the sawmill keeps sprinklers going on the log stacks and the dark water runs to the catch basin, is that ok?"
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got and all(verdict in ("prohibited", "not_named") for _, verdict in got), said(response)
