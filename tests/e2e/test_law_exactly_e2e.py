"""Issue 14 through the real services: dye-test water, not-named discharges and the new law topics."""
import uuid

import pytest
import requests

pytestmark = pytest.mark.services


def chat(base_url, message, village):
    response = requests.post(
        f"{base_url}/api/chat", json={"sender": uuid.uuid4().hex, "message": message, "village": village}, timeout=30
    )
    assert response.status_code == 200, response.text
    return response.json()["messages"]


def customs(messages, kind):
    return [m["custom"] for m in messages if (m.get("custom") or {}).get("type") == kind]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_dye_test_water_is_conditional_and_offers_the_notice(base_url, village):
    messages = chat(base_url, "is it ok to let the dye test water run into the street drain?", village)
    [answer] = customs(messages, "discharge_answer")
    assert (answer["discharge"], answer["verdict"], answer["basis"]) == ("dye_test", "conditional", "rule")
    assert "not legal advice" in answer["disclaimer"]
    buttons = [b for m in messages for b in m.get("buttons") or []]
    assert any(b["title"] == "Log a dye-test notice" for b in buttons)


def test_a_discharge_the_ordinance_does_not_name_is_not_named(base_url):
    messages = chat(base_url, "can I pour leftover coffee in the drain?", "bayville")
    [answer] = customs(messages, "discharge_answer")
    assert (answer["verdict"], answer["basis"]) == ("not_named", "general_rule")
    assert messages[0]["text"].startswith("Not named in Bayville's ordinance")


@pytest.mark.parametrize(
    "village,message,topic",
    [
        ("bayville", "is a village inspector allowed to come into my shop and look around?", "enforcement"),
        ("poquott", "what if I don't let the inspector onto my property, can they get a warrant?", "enforcement"),
        ("bayville", "if I don't clean it up can the village do it and bill me for it?", "remedies"),
        ("poquott", "can the village go to court to force someone to abate a violation?", "remedies"),
        ("bayville", "the village notified me my store is polluting the drain, what do I have to do now?", "responsibilities"),
        ("poquott", "how is hazardous material defined in the village law?", "definitions"),
    ],
)
def test_new_law_topics_are_answered(base_url, village, message, topic):
    messages = chat(base_url, message, village)
    found = customs(messages, "law_answer")
    assert found and found[0]["topic"] == topic and found[0]["village"] == village, [m.get("text") for m in messages]
