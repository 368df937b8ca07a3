"""Issue 27, engineer F, through the real services: a fire service's water put to a chore gets
no firefighting badge, and dirt rinsed off a thing with plain water is not named (never the
sediment prohibition's badge). Wording is this file's own."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


@pytest.mark.parametrize("village", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "after the firehouse pancake breakfast the firemen squeegee the griddle water into the storm drain, ok?",
        "i hose the mud off my kids bikes on the driveway, just plain water, and it runs into the gutter, ok?",
    ],
)
def test_a_chore_or_a_plain_rinse_gets_no_firm_badge(base_url, village, text):
    response, _ = chat(base_url, text, village)
    got = [(p["discharge"], p["verdict"]) for p in payloads(response)]
    assert got, response
    assert all(verdict == "not_named" for _, verdict in got), got
