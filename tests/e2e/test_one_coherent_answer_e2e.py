"""Issue 27, through the real services: several readings of one message give one coherent
answer. Mop water dumped into the sump pit gets no sump pump "only if" badge beside it; a fire
the fire department fought is never the burned load's prohibition; a wash facility's drain tied
into the storm sewer is a prohibited connection; two separate discharges keep both answers.
Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.answers import said, verdicts
from tests.e2e.test_chat_e2e import chat

pytestmark = pytest.mark.services


def test_mop_water_dumped_into_the_sump_pit_gets_no_sump_condition_beside_it(base_url):
    text = "we tip the mop bucket into the sump crock and the sump pump pushes it out to the road, fine since the sump is legal?"
    response, _ = chat(base_url, text, "bayville")
    assert [v for _, v in verdicts(response)] in (["prohibited"], ["not_named"]), said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_fire_fought_is_never_the_burned_load_s_prohibition(base_url, village):
    text = "a dumpster behind the deli caught fire and the fire department soaked it, the water ran into the catch basin. allowed?"
    response, _ = chat(base_url, text, village)
    assert all(v in ("allowed", "not_named") for _, v in verdicts(response)), said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_wash_facility_drain_tied_into_the_storm_sewer_is_prohibited(base_url, village):
    text = "the public works yard has a truck wash whose drain is tied into the storm sewer, is that allowed?"
    response, _ = chat(base_url, text, village)
    assert verdicts(response)[:1] == [("illicit_connection", "prohibited")], said(response)


def test_two_separate_discharges_keep_both_answers(base_url):
    response, _ = chat(base_url, "my sump pump and my washing machine both drain out to the street, is that ok?", "bayville")
    assert [v for _, v in verdicts(response)] == ["prohibited", "conditional"], said(response)
