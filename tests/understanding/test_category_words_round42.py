"""Round 42's lessons (issue 27, session 2026-12-06d): water said to boil or steam as it goes,
not said to be tap water, carries the heat Poquott § 132-3 lists; said to be tap water, the
potable exemption competes and the case stays open. Wording is this file's own, not the blind
sets'."""
import pytest

from tests.understanding.first_answer import first_answer


def test_a_pot_of_boiling_water_poured_to_the_gutter_carries_poquotts_listed_heat():
    text = "done blanching green beans, can i tip the big pot of still boiling water down the driveway to the storm drain?"
    assert first_answer("poquott", text) == ("listed_pollutant", "prohibited")


def test_steaming_water_from_a_machine_carries_poquotts_listed_heat():
    text = "the laundromat's steam press drains steaming water out the back wall into the lot drain. allowed?"
    assert first_answer("poquott", text)[1] == "prohibited"


def test_boiling_water_said_to_be_tap_water_is_open_in_poquott():
    text = "our kettle boils over on the porch a lot and the boiling water runs to the gutter. its just tap water, ok?"
    assert first_answer("poquott", text)[1] == "not_named"


def test_hot_water_not_said_to_boil_stays_open_in_poquott():
    text = "the relief valve on our water heater drips hot water out the wall onto the driveway to the street. problem?"
    assert first_answer("poquott", text)[1] == "not_named"


def test_bayvilles_text_lists_no_heat():
    text = "done blanching green beans, can i tip the big pot of still boiling water down the driveway to the storm drain?"
    assert first_answer("bayville", text)[1] != "prohibited" or first_answer("bayville", text)[0] != "listed_pollutant"
