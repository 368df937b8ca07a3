"""A report's first answers, read from the message that opened it."""
from datetime import datetime
from zoneinfo import ZoneInfo

from stormwater.dialogue.report_opening import prefill, seen_prefill

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))


def test_what_the_opening_says_is_kept_and_dont_contact_me_holds():
    found = dict(prefill("I spilled about 2 gallons of paint on Bayville Ave", "spill", False, NOW))
    assert found.get("amount") and None not in found.values()
    assert dict(prefill("there is oil in the drain", "spill", True, NOW))["reporter_phone"] == "none"


def test_someone_elses_discharge_now_is_theirs_and_discovered_just_now():
    text = "my neighbor is dumping paint into the storm drain right now"
    added = dict(seen_prefill(text, "spill", [], NOW))
    assert added["responsible"] == "no" and any(slot.startswith("discovered") for slot in added)
    assert "responsible" not in dict(seen_prefill(text, "spill", [("responsible", "yes")], NOW))


def test_a_street_alone_in_the_opening_leaves_the_place_question_to_ask_where_on_it():
    vague = dict(prefill("my kid tipped a bucket of paint water into the gutter on Oak Ln", "spill", False, NOW))
    assert "location" not in vague
    exact = dict(prefill("my kid tipped a bucket of paint water into the gutter in front of 14 Oak Ln", "spill", False, NOW))
    assert "14 Oak Ln" in exact["location"]


def test_theres_without_its_apostrophe_names_no_kind_of_the_material():
    # "theres oil" is oil: texted without the apostrophe, "theres" is not a word that makes the
    # oil another kind, so the hazard question is not asked of a named hazardous material
    found = dict(prefill("theres oil running into the storm drain by the firehouse on bayville ave", "spill", False, NOW))
    assert found["hazard"] == "yes"
    assert found["material"] == "motor oil"
    assert "firehouse" in found["location"]
