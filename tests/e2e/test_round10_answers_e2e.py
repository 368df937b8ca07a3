"""Issue 27 round 10, through the real services: what runs into the MS4 by itself, or is put
into a roadside ditch, then asked about, gets the general rule's answer instead of "not sure I
understood"; rain said only as when something else runs off is no rain badge; a spill in a
truck bed hosed off is no car washing. Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services

NOT_UNDERSTOOD = "not sure I understood"


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


@pytest.mark.parametrize(
    "village, text",
    [
        ("bayville", "the caterer rinsed the frosting off their tables and the goo flowed across the lot into the catch basin. allowed?"),
        ("poquott", "somebody keeps dumping old fish bait in the ditch by the boat ramp, isn't that illegal?"),
        ("bayville", "the gravel lot sheds bits of tar and after each heavy rain a line of it reaches the storm drain, is that allowed?"),
        ("poquott", "some weed feed spilled out of a bag in the bed of my pickup onto the pavement. ok to hose it down the drain?"),
    ],
)
def test_the_question_gets_no_exemption_badge_and_no_shrug(base_url, village, text):
    response, _ = chat(base_url, text, village)
    assert response.status_code == 200, response.text
    answers = payloads(response)
    assert answers, said(response)
    assert NOT_UNDERSTOOD not in said(response)
    assert all(a.get("verdict") not in ("allowed", "conditional") for a in answers), answers


def test_asking_whether_a_dye_test_was_allowed_gets_the_dye_tests_verdict(base_url):
    text = "the water authority did a dye test in the culvert and the brook went bright green, were they allowed to do that?"
    response, _ = chat(base_url, text, "bayville")
    answers = payloads(response)
    assert [a.get("verdict") for a in answers][:1] == ["conditional"], said(response)


def test_a_kind_the_resident_asks_about_gets_no_badge_of_its_own(base_url):
    text = "we tint the pond for a festival and drain it to the storm drain after, is that ok or would that be considered dye testing?"
    response, _ = chat(base_url, text, "poquott")
    answers = payloads(response)
    assert answers and all(a.get("verdict") not in ("allowed", "conditional") for a in answers), said(response)


def test_a_business_condensate_line_into_the_storm_drain_needs_the_connection_on_record_in_poquott(base_url):
    text = "the ac condensate from our office building's rooftop units is piped straight into the storm drain, is that fine?"
    response, _ = chat(base_url, text, "poquott")
    answers = payloads(response)
    assert answers and answers[0].get("verdict") == "conditional", said(response)
    assert "132-3" in answers[0].get("citation", ""), answers[0]


def test_a_dye_test_planned_gets_its_verdict_and_a_bystanders_question_on_an_ambulance_wash_gets_its_answer(base_url):
    """Session 2026-12-05b: "do we need to tell anyone" about a dye test planned is the dye test's
    verdict; "the ambulance crew" is no emergency, so the question is answered, not a report."""
    text = "our plumber wants to pour tracer dye down the laundry line to see where it ends up, do we need to tell anyone?"
    response, _ = chat(base_url, text, "poquott")
    answers = payloads(response)
    assert [(a.get("discharge"), a.get("verdict")) for a in answers][:1] == [("dye_test", "conditional")], said(response)
    text = "the ambulance crew down the street scrubs the rig floor with bleach and squeegees it into the storm drain, isnt that a health issue?"
    response, _ = chat(base_url, text, "bayville")
    answers = payloads(response)
    assert answers and all(a.get("verdict") not in ("allowed", "conditional") for a in answers), said(response)
    assert "Safety first" not in said(response)
