"""Issue 27 round 8, through the real services: people asked whether they may tip something
into the drain ("can the leaders ...") get no rainwater badge, and roof runoff said to hold
natural debris (in parentheses, or "with ...") gets no badge of the debris, in both villages.
Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_the_leaders_asked_about_are_people_not_downspouts(base_url, village):
    text = "after tie-dye day at camp, should the den leaders simply empty the rinse buckets down the street drain?"
    response, _ = chat(base_url, text, village)
    assert response.status_code == 200, response.text
    answers = payloads(response)
    assert answers, said(response)
    assert all(a.get("discharge") != "rainwater" and a.get("verdict") not in ("allowed", "conditional") for a in answers), answers


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_roof_runoff_holding_natural_debris_gets_no_debris_badge(base_url, village):
    text = "our diverter spills the early roof water (grit, oak leaves, gull droppings) onto the road edge. only rain, isn't it?"
    response, _ = chat(base_url, text, village)
    assert response.status_code == 200, response.text
    answers = payloads(response)
    assert answers, said(response)
    assert all(a.get("verdict") in ("allowed", "not_named") for a in answers), answers
    assert all(a.get("discharge") not in ("pet_waste", "yard_waste", "sediment") for a in answers), answers
