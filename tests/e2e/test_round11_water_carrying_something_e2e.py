"""Issue 27 round 11, through the real services: rain said to look of what it picked up, a
covered surface hosed off down the gutters, and a colour of water holding no sewage get no firm
badge; a camper's black tank keeps sewage's. Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


@pytest.mark.parametrize(
    "village, text",
    [
        ("bayville", "we bailed the rain water out of the tarp over the woodpile, its brown and cloudy from the bark. can we dump it in the catch basin?"),
        ("poquott", "geese left our boathouse roof covered with droppings and feathers. if i hose the roof off it all goes down the gutters and downspout into the street drain, ok?"),
        ("bayville", "my quench tub is black water full of iron scale, can i tip it into the curb drain? just tap water and rust"),
    ],
)
def test_water_carrying_something_gets_not_named(base_url, village, text):
    response, _ = chat(base_url, text, village)
    assert response.status_code == 200, response.text
    answers = payloads(response)
    assert answers, said(response)
    assert [a.get("verdict") for a in answers][:1] == ["not_named"], answers


def test_a_campers_black_tank_is_still_sewage(base_url):
    response, _ = chat(base_url, "can i empty my camper's black tank into the storm drain?", "bayville")
    answers = payloads(response)
    assert answers and answers[0].get("verdict") == "prohibited", said(response)
