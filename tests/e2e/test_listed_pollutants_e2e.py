"""Issue 27, through the real services: Poquott § 132-3's listed pollutants read by category (a
business's used-up product, another animal's droppings, a boiler's hot water) get Poquott's
"Not allowed" with the list; Bayville, which has no list, gives no "allowed" badge; hot tap
water keeps its open case. Wording is this file's own."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


@pytest.mark.parametrize(
    "text",
    [
        "the brewery hoses its leftover mash out the back into the gutter, is that legal?",
        "pigeons roost over the loading dock and the guano piles up, can we hose it into the drain?",
        "can i drain the scalding water out of the boiler into the street?",
    ],
)
def test_a_listed_category_is_prohibited_in_poquott(base_url, text):
    response, _ = chat(base_url, text, "poquott")
    assert verdicts(response)[:1] == [("listed_pollutant", "prohibited")], verdicts(response)
    response, _ = chat(base_url, text, "bayville")
    assert all(v in ("not_named", "prohibited") for _, v in verdicts(response)), verdicts(response)


def test_hot_tap_water_stays_open_in_poquott(base_url):
    response, _ = chat(base_url, "can i pour hot tap water down the storm drain after boiling pasta?", "poquott")
    assert verdicts(response)[:1] == [("heated_water", "not_named")], verdicts(response)
