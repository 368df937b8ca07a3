"""Issue 27, rounds 68-69: a discharge named only as what the case is compared with ("thats
like washing a car right?") is the resident's hope, not the thing discharged; the words of
the case decide. Written in words of our own (the blind sets are not quoted)."""
import pytest

from stormwater.understanding.discharge_reader import read_discharge
from tests.understanding.first_answer import turn_verdicts as verdicts


@pytest.mark.parametrize("text", [
    "hosing the pollen off our canoe on the lawn by the curb, its like washing a car right",
    "scraping the mussels off the mooring float on the driveway and hosing it down, thats like washing a car isnt it",
    "i rinse the salt off the jet ski trailer in the driveway. its basically the same as washing my car isnt it",
])
@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_car_wash_named_only_as_a_comparison_gives_no_car_wash_badge(slug, text):
    assert ("car_wash_residential", "allowed") not in verdicts(slug, text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_soap_on_a_thing_compared_with_a_car_is_no_car_washes_soap(slug):
    text = "scrubbing the patio furniture with dish soap on the driveway, the suds go to the street. same as washing my car at home right?"
    assert read_discharge(text).facets.water != "vehicle_wash"
    assert ("car_wash_residential", "allowed") not in verdicts(slug, text)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "i wash my own car in my driveway with car soap, thats like what everyone on the block does, ok?",
    # "like" before an amount is no comparison
    "washing my car in the driveway uses like a bucket and a half of soapy water, ok?",
])
def test_a_car_washed_at_home_is_still_car_washing(slug, text):
    assert verdicts(slug, text) == [("car_wash_residential", "allowed")]
