"""Issue 28, round 10, end to end through /api/chat on the real services: a look or a container
is not filed as the material (it is asked), oil from a cooking thing and a home-made weed
killer have their hazard asked, and a neighbour's spa water too. Written in our own words from
the causes of the sixth typed set's misses (the set is not quoted)."""
import pytest

from tests.e2e.test_report_listening_e2e import stored_ticket
from tests.e2e.test_reports_e2e import Resident
from tests.e2e.test_typed_reports_e2e import converse

pytestmark = pytest.mark.services
ANSWERS = {
    "responsible": "yes", "hazard": "no", "material": "the same", "location": "18 Cedar Ln",
    "discovered": "today around 10", "reached_drain": "yes", "commercial": "no", "amount": "about a gallon",
    "reporter_name": "Dana Whitlock", "reporter_phone": "516-555-0163", "confirm": "yes", "updates": "no thanks",
}


def test_only_the_look_of_it_asks_the_material(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("this morning i bathed the cat on the patio and all the foam went down the drain")
    replies, order, filed = converse(resident, first, dict(ANSWERS, material="cat shampoo and rinse water"))
    assert "material" in order
    assert "shampoo" in stored_ticket(helpdesk, filed["reference"]).fields["material"]
    resident = Resident(base_url, "bayville")
    first = resident.says("someone left an orange barrel by the curb this morning and it's dripping into the storm drain")
    replies, order, filed = converse(resident, first, dict(
        ANSWERS, responsible="no", material="no idea, some milky liquid", hazard="no idea"))
    assert "material" in order
    ticket = stored_ticket(helpdesk, filed["reference"])
    assert "milky liquid" in ticket.fields["material"] and ticket.hazardous


def test_cooking_oil_and_a_home_made_weed_killer_have_their_hazard_asked(base_url, helpdesk):
    resident = Resident(base_url, "poquott")
    first = resident.says("this morning i poured the oil from our deep fryer into the storm drain")
    replies, order, filed = converse(resident, first, dict(ANSWERS, hazard="no, it's canola oil"))
    assert "hazard" in order
    assert not stored_ticket(helpdesk, filed["reference"]).hazardous
    resident = Resident(base_url, "poquott")
    first = resident.says("this morning i emptied my organic weed killer sprayer into the gutter drain")
    replies, order, filed = converse(resident, first, dict(ANSWERS, hazard="no, only vinegar and salt"))
    assert "hazard" in order
    assert not stored_ticket(helpdesk, filed["reference"]).hazardous


def test_a_neighbours_spa_water_has_its_hazard_asked(base_url, helpdesk):
    resident = Resident(base_url, "bayville")
    first = resident.says("the people next door are draining their jacuzzi into the road right now")
    replies, order, filed = converse(resident, first, dict(ANSWERS, responsible="no", hazard="not sure, smells like chlorine"))
    assert "hazard" in order
    assert stored_ticket(helpdesk, filed["reference"]).hazardous
