"""Issue 28, round 5, end to end through /api/chat on the real services: a name kept out still
gets the phone question and the number given is filed; a spot said with its street stays
whole, without the time said before it; a vague material keeps what the sentence said it is;
an answer followed by "oh wait" fixes the other field too; an "ok" that opens a sentence is
no "yes" to the hazard question; what the resident left themselves is not someone else's, and
"by the garage" is no address. Written in our own words from the causes of the third typed
set's misses (the set itself is not quoted)."""
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tests.e2e.test_report_listening_e2e import stored_ticket
from tests.e2e.test_reports_e2e import Resident, asked, texts
from tests.e2e.test_typed_reports_e2e import converse

pytestmark = pytest.mark.services
LOCAL = ZoneInfo("America/New_York")


def test_no_name_but_a_number_and_a_spot_with_its_street(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("last night around 11 the laundromat on Bayville Ave had a guy hosing lint and suds "
                          "out back and it all went in the storm drain")
    replies, order, filed = converse(resident, first, {
        "material": "lint and soapy water", "hazard": "not sure", "commercial": "yes the laundromat",
        "amount": "a lot", "reporter_name": "rather not say", "reporter_phone": "516 555 0177", "confirm": "yes",
    })
    assert "location" not in order and "discovered" not in order
    assert order.count("reporter_phone") == 1 and "can't call you" in texts(replies)
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.fields["location"] == "the laundromat on Bayville Ave"
    assert ticket.reporter_name is None and ticket.reporter_phone == "(516) 555-0177"


def test_a_vague_material_and_a_correction_after_the_amount(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    first = resident.says("i cleaned my rollers with paint thinner and dumped the dirty stuff down the storm drain")
    replies, order, filed = converse(resident, first, {
        "responsible": "yes", "hazard": "yes", "location": "in front of 7 Tyler Ave",
        "discovered": "sunday around 4", "commercial": "no",
        "amount": "about a quart. oh wait it was saturday afternoon not sunday",
        "reporter_name": "Robin Hale", "reporter_phone": "none", "confirm": "yes",
    })
    assert "material" not in order and "saturday afternoon" in texts(replies)
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert "paint thinner" in ticket.fields["material"] and "dirty stuff" in ticket.fields["material"]
    assert ticket.fields["amount"] == "about a quart"
    found = ticket.discovered_at.astimezone(LOCAL)
    today = datetime.now(LOCAL).date()
    assert found.weekday() == 5 and today - timedelta(days=7) <= found.date() <= today and found.hour >= 12


def test_an_ok_that_opens_a_sentence_and_what_the_resident_left(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    first = resident.says("2day i found the gas can i left by the garage tipped over and gas ran down the driveway "
                          "into the storm drain")
    replies, order, filed = converse(resident, first, {
        "responsible": "ya its mine", "location": "22 Sylvan Ave", "discovered": "around 8",
        "commercial": "no", "amount": "maybe a cup", "reporter_name": "Kim Ode", "reporter_phone": "none",
        "confirm": "yes",
    })
    assert "responsible" in order and "location" in order  # "i left" is the resident's own; "the garage" no address
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.kind == "spill" and ticket.fields["location"] == "22 Sylvan Ave" and ticket.hazardous


def test_ok_then_a_story_at_the_hazard_question_is_no_yes(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    first = resident.says("i need to report something from our house, my son rinsed the sand off the beach toys "
                          "in the driveway and it went down the storm drain")
    replies, order, filed = converse(resident, first, {
        "hazard": ["ok she never called anyone, so lets do it here. it was saturday afternoon, at 9 Thomas St",
                   "no, just sand"],
        "discovered": "around 3", "location": "9 Thomas St", "responsible": "yes", "material": "sandy water",
        "commercial": "no", "amount": "a bucket", "reporter_name": "Lee Park", "reporter_phone": "none",
        "confirm": "yes",
    })
    assert order.count("hazard") == 2 and "responsible" not in order
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.kind == "spill" and not ticket.hazardous and ticket.notify_by is not None


def test_the_report_told_again_at_the_time_question_keeps_what_went_into_the_drain(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("the guy down the road on Oak Rd is sanding his deck and hosing all the stain dust into the storm drain")
    replies, order, filed = converse(resident, first, {
        "discovered": ["wait, its on Perry Ave, the grey house at 30, hes scraping old stain off and sweeping the flakes "
                       "right into the storm drain", "yesterday around 3"],
        "location": "on Oak Rd, not sure which house",  # a street alone: where on it is asked first
        "hazard": "not sure", "commercial": "no", "amount": "a pile", "reporter_name": "Ann Moy",
        "reporter_phone": "none", "confirm": "yes",
    })
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.fields["location"].startswith("30 Perry Ave")
    assert "flakes" in ticket.fields["material"] and ticket.kind == "illicit_discharge"


def test_paint_stripper_is_filed_as_stripper_not_paint(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    first = resident.says("my neighbor just poured a can of gloppy paint stripper down the storm drain in front of 6 Thomas St")
    if asked(first) is None:  # told as it happened, it may get the verdict and the offer first
        first = resident.says("yes, I want to report it")
    replies, order, filed = converse(resident, first, {
        "hazard": "yes", "discovered": "just now", "commercial": "no", "amount": "a can", "reporter_name": "Jo Dee",
        "reporter_phone": "none", "confirm": "yes",
    })
    assert "material" not in order
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert "paint stripper" in ticket.fields["material"]


def test_other_answers_typed_at_the_wrong_questions_land_in_their_own_fields(base_url, helpdesk):
    """The lead's own try as a resident: "not mine" at the hazard question was filed as "not
    hazardous" (then said unclear; now noted as whose it is), a landmark texted without its article lost it, and "like a gallon" and
    "anonymous" at the business question became the suspected source and the business answer."""
    resident = Resident(base_url, "poquott")
    first = resident.says("someone is dumping paint in the drain by the village hall rn")
    assert asked(first) == "hazard"
    again = resident.says("not mine")
    # whose it is, noted as such (never "not hazardous"), and the hazard asked again
    assert asked(again) == "hazard" and "noted whether it is yours: no" in texts(again)
    assert asked(resident.says("idk maybe latex")) == "commercial"
    assert asked(resident.says("by village hall on Birchwood Rd")) == "commercial"
    assert asked(resident.says("like a gallon")) == "commercial"
    readback = resident.says("anonymous")
    assert asked(readback) == "commercial" and "business: anonymous" not in texts(readback)
    replies, order, filed = converse(resident, resident.says("no"), {"confirm": "yes"})
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.hazardous is True and ticket.fields["location"] == "by village hall on Birchwood Rd"
    assert ticket.fields["amount"] == "like a gallon" and ticket.suspected_source is None
    assert ticket.reporter_name is None


def test_not_knowing_where_exactly_keeps_the_residents_own_spill_and_its_material(base_url, helpdesk):
    """The lead's second try: at the place question, "no idea where exactly" made the
    resident's own spill someone else's (and "no idea what else" replaced the motor oil: a unit
    test holds that one, as a second unclear answer is kept as said by design)."""
    resident = Resident(base_url, "bayville")
    first = resident.says("i spilled like a quart of motor oil in my driveway 2day and it ran to the drain")
    assert asked(first) == "location"
    assert asked(resident.says("no idea where exactly")) == "location"
    replies, order, filed = converse(resident, resident.says("in front of 14 Ludlam Ave"), {
        "discovered": "around 10am", "commercial": "no", "reporter_name": "Pat Lee", "reporter_phone": "516 555 0142",
        "updates": "no thanks", "confirm": "yes"})
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.kind == "spill" and ticket.fields["material"] == "motor oil" and ticket.hazardous is True
