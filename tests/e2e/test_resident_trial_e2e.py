"""What the lead found trying the desk as a resident (2026-12-04 night), end to end through
/api/chat on the real services: a house number corrected as it is typed ("12 Birchwood Rd, wait
no its 21 Birchwood") files the corrected number on the same street; an hour corrected at the
next question ("actually it was more like 10") files the corrected hour (2026-12-04 late)."""
import pytest

from tests.e2e.test_report_listening_e2e import stored_ticket
from tests.e2e.test_reports_e2e import Resident
from tests.e2e.test_typed_reports_e2e import LOCAL, converse

pytestmark = pytest.mark.services
ANSWERS = {
    "responsible": "yes", "hazard": "no", "material": "soapy water", "discovered": "about an hour ago",
    "reached_drain": "yes", "commercial": "no", "amount": "half a bucket", "reporter_name": "Sam",
    "reporter_phone": "none", "confirm": "yes", "updates": "no thanks",
}


def test_a_house_number_corrected_as_it_is_typed_files_the_corrected_number(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    first = resident.says("i need to report something, my kid dumped a bucket of soapy water in the storm drain")
    replies, order, filed = converse(resident, first, dict(ANSWERS, location="12 Birchwood Rd, wait no its 21 Birchwood"))
    assert stored_ticket(helpdesk, filed["reference"]).fields["location"] == "21 Birchwood Rd"


def test_an_hour_corrected_at_the_next_question_files_the_corrected_hour(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("i need to report something, my kid dumped a bucket of soapy water in the storm drain on 4 Elm St")
    answers = dict(ANSWERS, discovered="last night around 9")
    # whatever comes after the time is first answered with the correction, then for real
    answers.update({slot: ["actually it was more like 10", value] for slot, value in answers.items()
                    if slot in ("reached_drain", "commercial", "amount")})
    replies, order, filed = converse(resident, first, answers)
    after_time = order[order.index("discovered") + 1]
    assert order.count(after_time) == 2, order  # the question after the time came again
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert ticket.fields["discovered"] == "last night around 10"
    assert ticket.discovered_at.astimezone(LOCAL).hour == 22
