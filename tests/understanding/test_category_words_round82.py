"""Issue 27, rounds 82-83: a case compared with ("like washing the car", "... so its the same
thing") or asked back after the story ("firefighting water is exempt right?") is not the thing
discharged; an event a time is told by ("before i open the pool") names nothing let out; a pipe
whose end is set through the curb is joined to the storm sewer; a business being opened is a
business. Written in words of our own, from the causes of the rounds' misses (the sets themselves are not quoted)."""
import pytest

from stormwater.understanding.exemption_water import piped_into_ms4
from stormwater.understanding.meaning import read_question
from stormwater.understanding.side_mentions import event_masked
from stormwater.understanding.who_washes import starts_a_business
from tests.understanding.first_answer import turn_verdicts as verdicts

VILLAGES = ["bayville", "poquott"]
LETS_THROUGH = {"allowed", "conditional"}


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize("text", [
    "i run the jet ski engine on the hose in the driveway to flush it, black water comes out and goes to the drain. its just hose water like washing the car, fine?",
    "i hose the mud and oil off the dirt bike in the driveway. my neighbor washes his car right there so its the same thing right?",
])
def test_a_case_compared_with_is_not_the_thing(slug, text):
    assert not any(key == "car_wash_residential" for key, _ in verdicts(slug, text)), verdicts(slug, text)


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_case_asked_back_after_the_story_is_not_the_thing(slug):
    text = ("for the safety class we lit a tray of kerosene and put it out with extinguishers, then hosed the tray "
            "water and the powder into the lot drain. firefighting water is exempt right?")
    assert not any(key == "firefighting_water" or verdict in LETS_THROUGH for key, verdict in verdicts(slug, text))
    # asked alone, the case asked about is the question
    assert read_question("car washing is allowed right?").keys == ("car_wash_residential",)


def test_an_event_a_time_is_told_by_is_blanked():
    text = "i pump the rain off the tarp to the street before we open the pool, ok?"
    assert "open the pool" not in event_masked(text) and "pump the rain off the tarp" in event_masked(text)
    assert event_masked("can i drain the pool to the street?") == "can i drain the pool to the street?"


@pytest.mark.parametrize("slug", VILLAGES)
def test_rain_off_a_cover_before_the_pool_is_opened_is_no_pool_water(slug):
    text = "two feet of rain and leaves sit on the pool cover, i want to pump it to the street drain before we open the pool. its only rain right?"
    assert not any(key == "pool_water" for key, _ in verdicts(slug, text)), verdicts(slug, text)


def test_a_pipe_set_through_the_curb_is_joined_to_the_storm_sewer():
    assert piped_into_ms4("the drain pipe from the downspouts goes under the yard and out through the curb into the gutter")
    assert piped_into_ms4("the contractor will core the curb so the solid pipe empties in the gutter")
    assert not piped_into_ms4("the hose runs down the driveway to the curb")
    assert not piped_into_ms4("the pipe is not going through the curb, it ends in the yard")


def test_bayvilles_footing_drain_through_the_curb_needs_its_permit():
    text = "the footing drain around the house has a pipe that comes out through the curb into the gutter. its only groundwater, ok?"
    assert verdicts("bayville", text)[0][1] == "conditional"


def test_a_business_being_opened_is_a_business():
    assert starts_a_business("we are opening a little dog wash next month")
    assert starts_a_business("starting a mobile detailing business")
    assert not starts_a_business("i washed the car after opening the garage")
    assert not starts_a_business("we started a fire in the pit")
    assert verdicts("bayville", "opening a small self serve car wash, can the rinse water go to the storm drain?")[0] == ("car_wash_commercial", "prohibited")
