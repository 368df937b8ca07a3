"""Issue 27 round 9, through the real services: rain water piped into Bayville's storm sewer
needs the SMO's connection permit, tap water that rinsed something is not the potable-water
exemption, and a practice told without a question is answered before the offer to report.
Wording is this file's own, not the test sets'.
"""
import pytest

from tests.e2e.test_chat_e2e import chat, payloads

pytestmark = pytest.mark.services

SAFETY_FIRST = "Safety first"


def said(response):
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


def test_roof_leaders_tied_into_the_storm_sewer_need_bayvilles_permit_not_poquotts(base_url):
    text = "last spring we tied the roof leaders into the storm sewer under the sidewalk, was that ok?"
    bayville, _ = chat(base_url, text, "bayville")
    assert verdicts(bayville) == [("piped_stormwater", "conditional")], said(bayville)
    assert "permit" in said(bayville).lower()
    poquott, _ = chat(base_url, text, "poquott")
    assert verdicts(poquott) == [("rainwater", "allowed")], said(poquott)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_tap_water_rinsing_a_shops_utensils_gets_no_allowed_badge(base_url, village):
    text = "the bakery runs cold tap water rinsing the whisks all day, can it go to the storm drain out back?"
    response, _ = chat(base_url, text, village)
    got = verdicts(response)
    assert got and all(verdict != "allowed" for _, verdict in got), said(response)


def test_a_practice_told_without_a_question_gets_the_verdict_then_the_offer(base_url):
    text = "the laundromat's back room floods with groundwater and the owner just pumps it out to the alley drain, there's a rainbow sheen on it"
    response, _ = chat(base_url, text, "bayville")
    assert verdicts(response), said(response)
    assert not said(response).startswith(SAFETY_FIRST), said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_keeping_a_piped_sump_pump_gets_its_verdict_and_the_permit_rules(base_url, village):
    # however the classifier hears it (a permit question or a discharge question), the sump
    # pump's verdict is given; a permit question gets the permit rules after it
    text = "do we need a new connection permit for the sump pump line the last owner piped into the storm sewer, or can we keep using it?"
    response, _ = chat(base_url, text, village)
    assert verdicts(response), said(response)
    assert [p.get("topic") for p in payloads(response, "law_answer")] in ([], ["connection_permits"]), said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_practice_with_a_thing_nobody_listed_is_answered_not_the_spill_form(base_url, village):
    # a way of working told without a question, with a thing no exemption names: its answer (in
    # Bayville the honest "not named"; in Poquott sawdust, a plant's material, is one of § 132-3's
    # "biological materials") and the offer to report, never the spill form's 911 lines
    text = "every saturday i hose the sawdust off my driveway into the drain"
    response, _ = chat(base_url, text, village)
    expected = (None, "not_named") if village == "bayville" else ("listed_pollutant", "prohibited")
    assert verdicts(response) == [expected], said(response)
    assert not said(response).startswith(SAFETY_FIRST), said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_ones_own_accident_with_leave_asked_to_hose_it_toward_the_street_gets_a_verdict(base_url, village):
    # whether it may go toward the street is the question: a verdict, not "not sure I understood"
    # nor the spill form ("tipped", "spilled": one's own accident, but leave to let it out is asked)
    for text in ("tipped a tray of grout slurry on the driveway, can i just hose it toward the street?",
                 "i spilled some grout on the patio, can i wash it into the drain?"):
        response, _ = chat(base_url, text, village)
        assert verdicts(response) == [(None, "not_named")], said(response)
        assert not said(response).startswith(SAFETY_FIRST), said(response)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_practice_or_a_plan_told_without_a_question_gets_a_verdict(base_url, village):
    # no question mark, a thing nobody listed: answered, never "not sure I understood" nor the 911 lines
    for text in ("the kennel down the road hoses the runs into the storm drain",
                 "the print shop wants to pour its fixer down the storm drain"):
        response, _ = chat(base_url, text, village)
        assert verdicts(response), said(response)
        assert not said(response).startswith(SAFETY_FIRST), said(response)
