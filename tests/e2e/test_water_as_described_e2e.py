"""An exempt water as the resident describes it, through the real services (issue 27): vouched
clear, it is "allowed, as you describe it", the same whether said at once or at the clarifying
question; looking of something picked up, it gets no firm badge."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


def test_sump_water_vouched_clear_is_allowed_as_described_said_at_once_or_at_the_question(base_url):
    at_once, _ = chat(base_url, "the sump pump in our crawl space runs to the street, its clean water with nothing in it. fine?", "bayville")
    assert verdicts(at_once) == [("sump_pump", "allowed")], said(at_once)
    assert "as you describe it" in said(at_once)
    asked, sender = chat(base_url, "my sump pump water smells funny, can it go to the street?", "bayville")
    buttons = [b for m in asked.json()["messages"] for b in m.get("buttons") or []]
    clear = next(b for b in buttons if "clear" in b["title"].lower())
    answered, _ = chat(base_url, clear["payload"], "bayville", sender)
    assert verdicts(answered) == [("sump_pump", "allowed")], said(answered)


def test_a_hedge_or_something_else_in_the_water_keeps_the_condition(base_url):
    hedged, _ = chat(base_url, "i think the sump pump water is clean, can it go out to the curb?", "bayville")
    assert verdicts(hedged) == [("sump_pump", "conditional")], said(hedged)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_an_exempt_water_that_looks_greenish_gets_no_firm_badge(base_url, village):
    response, _ = chat(base_url, "the sump pump hose runs to the gutter and the water is a little greenish, ok?", village)
    got = verdicts(response)
    assert got and all(v == "not_named" for _, v in got), said(response)
    assert "sump pump" in said(response).lower()  # the exemption quoted among the closest
