"""Issue 27, round 13's misses by mechanism, through the real services: one's own way of working
told in the present is answered, not taken as a spill; leave asked for the water itself ("can it
be pumped out to the street?") after a flood gets the water's verdict before the emergency
passage; a key the meaning classifier finds alone yields to what the words say is in the water.
Wording is this file's own, not the test sets'."""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


def test_ones_own_practice_is_answered_not_reported(base_url):
    text = "at the end of each shift we dump the mop buckets out the back door into the lot drain, its mostly water"
    response, _ = chat(base_url, text, "bayville")
    assert payloads(response), said(response)
    assert "Safety first" not in said(response)


def test_a_flooded_crawl_space_pumped_out_gets_the_waters_verdict(base_url):
    text = "big storm surge last night, the crawl space has 6 inches of water. if we rent a pump can it go out to the storm drain?"
    response, _ = chat(base_url, text, "poquott")
    answers = payloads(response)
    assert answers and all(a.get("verdict") != "prohibited" for a in answers), said(response)


def test_a_car_seat_scrubbed_with_a_cleaner_gets_no_car_wash_badge(base_url):
    text = "the baby threw up in the car so i took the car seat cover off, scrubbed it with a bathroom cleaner in the driveway and hosed it off to the street. ok?"
    for village in ("bayville", "poquott"):
        response, _ = chat(base_url, text, village)
        answers = payloads(response)
        assert answers and all(a.get("verdict") not in ("allowed", "conditional") for a in answers), said(response)
