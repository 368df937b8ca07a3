"""Issue 27, through the real services: when the readings of a message disagree there is no firm
badge. Plain tap water beside a prohibited word (a pressure "washer") is "not named", with the
prohibition quoted as what applies if it is that; street wash water the words read as animal
urine is "not named"; water kept in a "trash bin" is not trash; a flyer from public works does
not make the resident washing their own car a business; chlorine dosed down a well is not a water
line flushing's own. Wording is this file's own, not the
test sets'.
"""
import pytest

from tests.e2e.answers import said, verdicts
from tests.e2e.test_chat_e2e import chat

pytestmark = pytest.mark.services


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_plain_tap_water_beside_a_prohibited_word_is_not_named(base_url, village):
    text = "the ice rink kit hooks up to my power washer, only tap water goes through it, and the melt runs to the street drain. ok?"
    response, _ = chat(base_url, text, village)
    assert [v for _, v in verdicts(response)][:1] == ["not_named"], said(response)
    assert "prohibited" not in [v for _, v in verdicts(response)], said(response)
    assert "If what goes down the drain is that" in said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_street_wash_read_as_animal_urine_is_not_named(base_url, village):
    text = "the goats from the petting zoo peed all over our cul de sac, can i hose the street off into the drain?"
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got and ("street_wash", "allowed") not in got, said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_water_kept_in_a_trash_bin_is_not_trash(base_url, village):
    text = "we catch the eyewash station's tap water in a trash bin every week, can we dump it in the storm drain?"
    response, _ = chat(base_url, text, village)
    assert ("trash", "prohibited") not in verdicts(response), said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_flyer_from_public_works_does_not_make_a_business(base_url, village):
    text = "public works sent a notice not to wash cars during the paving. normally its fine to wash my own car at home right?"
    response, _ = chat(base_url, text, village)
    assert verdicts(response)[:1] == [("car_wash_residential", "allowed")], said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_chlorine_dosed_down_a_well_is_not_named(base_url, village):
    text = "we drop chlorine tablets down our well every spring to kill the smell, then pump the well water out to the road drain. allowed?"
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got and all(v == "not_named" for _, v in got), said(response)
    assert "If what goes down the drain is that" in said(response)
