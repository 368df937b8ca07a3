"""Issue 27 round 14, through the real services: exempt water a person used on a thing (washed,
jetted, filled for a test) gets no exemption's badge, and the exemptions themselves keep theirs.
Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.answers import said, verdicts
from tests.e2e.test_chat_e2e import chat

pytestmark = pytest.mark.services


@pytest.mark.parametrize("village", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "we sluice the marina's floating dock with well water every friday and it all runs into the storm drain. allowed?",
    "the builder filled the new sewer main with stream water for a pressure test and then let it out to the catch basin. is that ok?",
])
def test_exempt_water_used_on_a_thing_gets_no_firm_badge(base_url, village, text):
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got and all(verdict not in ("allowed", "conditional") for _, verdict in got), said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_watering_the_lawn_with_well_water_stays_allowed(base_url, village):
    response, _ = chat(base_url, "I water my lawn with well water and a little runs into the storm drain, is that ok?", village)
    assert ("lawn_watering", "allowed") in verdicts(response), said(response)
