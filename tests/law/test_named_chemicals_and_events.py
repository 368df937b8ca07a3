"""Issue 27: rinse water holding a chemical named by its compound gets the rule for water holding
chemicals in both villages; washing cars at an organised event (a car show, a festival) is not
"individual residential car washing". Wording is this file's own, not the test sets'."""
import pytest

from tests.law import answers


def first_verdict(village, text):
    return answers.verdicts(village, text)[0]


@pytest.mark.parametrize("text", [
    "can i tip the leftover nickel sulfate plating bath into the storm drain?",
    "we rinse potassium dichromate off the old photo trays into the gutter, is that ok",
])
def test_water_holding_a_named_compound_is_prohibited(bayville, poquott, text):
    for village in (bayville, poquott):
        assert first_verdict(village, text)[1] == "prohibited", village.slug


@pytest.mark.parametrize("text", [
    "at the car show on main street the owners wash their cars and the soapy water goes in the storm drain. ok?",
    "the festival has a car washing booth and the suds run into the catch basin, allowed?",
])
def test_car_washing_at_an_organised_event_is_not_residential(bayville, poquott, text):
    for village in (bayville, poquott):
        assert first_verdict(village, text) == ("car_wash_commercial", "prohibited"), village.slug


def test_washing_ones_own_car_at_home_stays_allowed(bayville):
    assert first_verdict(bayville, "i wash my own car in my driveway and it runs to the street, ok?") == ("car_wash_residential", "allowed")
