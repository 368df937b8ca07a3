"""A state SPDES permit the discharger is said to hold, through the real services: the texts'
own exception answers (allowed only in full compliance and with written approval), in both
villages, and a permit only asked about changes nothing (issue 27)."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_held_state_permit_gets_the_permit_exception_not_a_plain_no(base_url, village):
    text = ("the fish farm down the road rinses its tanks and the dirty water goes out a pipe to the ditch. "
            "they told us they have a state permit for it. is that ok then?")
    response, _ = chat(base_url, text, village)
    got = [(p["discharge"], p["verdict"]) for p in payloads(response)]
    assert got == [("spdes_permitted", "conditional")], said(response)
    assert "written approval" in said(response)
