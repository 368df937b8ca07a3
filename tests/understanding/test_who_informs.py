"""Issue 27: a business or public body that tells the resident something is not who discharges
("DPW left a flyer", "the landlord says"). Wording is this file's own, not the test sets'."""
import pytest

from stormwater.understanding.discharge_reader import read_discharge


@pytest.mark.parametrize(
    "text",
    [
        "public works sent a notice not to wash cars during the paving. normally its fine to wash my own car at home right?",
        "the marina told us to rinse the boat at home. can i wash my own car in the driveway too, it goes to the street",
    ],
)
def test_one_who_tells_is_not_who_discharges(text):
    assert read_discharge(text).facets.who != "business"


@pytest.mark.parametrize(
    "text",
    [
        "the dealership washes its cars in the lot and the water goes to the storm drain, allowed?",
        "the dpw washes the plows behind the garage into the catch basin, is that ok",
    ],
)
def test_a_business_that_washes_stays_a_business(text):
    assert read_discharge(text).facets.who in ("business", "public")
