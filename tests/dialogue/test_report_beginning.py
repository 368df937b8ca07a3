"""How a report begins: every earlier answer emptied, the kind, what the opening message
says, and the start led by the verdict when it tells of somebody else's discharge."""
from datetime import datetime
from zoneinfo import ZoneInfo

from stormwater.dialogue.report_beginning import REPORT_SLOTS, cleared, opening_slots, seen, start_reply
from stormwater.law.villages import get_village

NOW = datetime(2026, 11, 27, 10, 0, tzinfo=ZoneInfo("America/New_York"))
NEIGHBOUR = "my neighbor is draining his pool into the street"


def test_a_new_report_starts_with_every_answer_emptied_then_its_kind():
    assert cleared() == [(slot, None) for slot in REPORT_SLOTS] and "report_kind" in REPORT_SLOTS
    slots = opening_slots("I want to report a spill", "spill", False, NOW)
    assert slots[: len(REPORT_SLOTS)] == cleared() and slots[len(REPORT_SLOTS)] == ("report_kind", "spill")


def test_someone_elses_discharge_told_in_the_message_itself_is_seen():
    assert seen(NEIGHBOUR, "spill", from_message=True)
    assert not seen(NEIGHBOUR, "spill", from_message=False)  # a "yes" to the offer: its own words
    assert not seen("I spilled oil in my driveway", "spill", from_message=True)


def test_the_start_is_led_by_the_verdict_only_when_seen():
    assert start_reply(get_village("bayville"), NEIGHBOUR, False).response == "utter_report_start"
    assert start_reply(get_village("bayville"), NEIGHBOUR, True).response != "utter_report_start"
    assert start_reply(None, NEIGHBOUR, True).response == "utter_report_start"
