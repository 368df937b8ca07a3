"""Issue 27, round 5's blind misses by mechanism, through the real services: an exemption's
word that only says which product, which tool or what refills something afterwards gives no
"Allowed" badge; the activity the exemption names still does. Wording is this file's own, not
the test sets'."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services

EXEMPT = ("allowed", "conditional")


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "the bubble machine at our yard sale runs on car wash soap and water. it drips into the street drain, ok?",
        "we want to shoot glitter water out of a fire hose at the block party. it goes to the street drain, fine?",
        "can i pump the muck and green water out of my garden pond into the gutter and let the rain refill it?",
    ],
)
def test_a_word_of_an_exemption_that_is_not_the_thing_gets_no_exempt_badge(base_url, village, text):
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got, response.json()
    assert all(verdict not in EXEMPT for _, verdict in got), got


def test_washing_ones_own_car_with_car_wash_soap_is_still_car_washing(base_url):
    response, _ = chat(base_url, "i wash my own car in the driveway with car wash soap, is that allowed?", "bayville")
    assert verdicts(response)[0] == ("car_wash_residential", "allowed")


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_the_toilet_as_the_other_place_to_pour_it_is_no_sewage(base_url, village):
    text = "rainwater leaked into our cellar and i scoop it into buckets. instead of pouring them down the toilet can i tip them in the street?"
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got and all(verdict != "prohibited" for _, verdict in got), got
