"""By SMS the phone question offers the number being texted from (found trying the desk by
text: "yes this number" was refused as "not a 10-digit phone number")."""

import pytest

from tests.e2e.test_report_listening_e2e import stored_ticket
from tests.e2e.test_sms_e2e import BAYVILLE_NUMBER, POQUOTT_NUMBER, POQUOTT_REFERENCE, REFERENCE, Texter
from tests.e2e.phones import new_tail

pytestmark = pytest.mark.services


def _to_the_phone_question(phone, place):
    phone.texts("I spilled a bucket of soapy water and it went into the storm drain")
    phone.texts(place)
    phone.texts("this morning at 8")
    phone.texts("no, it's my house")
    return phone.texts("Sam Ortiz")


def test_yes_this_number_files_the_number_texted_from(base_url, helpdesk):
    digits = new_tail()
    phone = Texter(base_url, BAYVILLE_NUMBER, f"+1516555{digits}")
    asked = _to_the_phone_question(phone, "12 Main St")
    assert "What number can staff call you back on?" in asked and "Reply 1 for This number" in asked
    readback = phone.texts("yes this number")
    assert "Here is what I'll file" in readback and f"Your phone number: (516) 555-{digits}" in readback
    found = REFERENCE.search(phone.texts("1"))
    assert found
    assert stored_ticket(helpdesk, found.group(0)).reporter_phone == f"(516) 555-{digits}"


def test_the_numbered_choice_picks_it_too_and_another_number_is_kept(base_url, helpdesk):
    digits = new_tail()
    phone = Texter(base_url, POQUOTT_NUMBER, f"+1631555{digits}")
    _to_the_phone_question(phone, "14 Shore Rd")
    assert f"Your phone number: (631) 555-{digits}" in phone.texts("1")
    other = Texter(base_url, POQUOTT_NUMBER, f"+1631556{digits}")
    _to_the_phone_question(other, "14 Shore Rd")
    readback = other.texts("my husband's, 631-555-0142")
    assert "Your phone number: (631) 555-0142" in readback
    found = POQUOTT_REFERENCE.search(other.texts("yes"))
    assert found and stored_ticket(helpdesk, found.group(0)).reporter_phone == "(631) 555-0142"
