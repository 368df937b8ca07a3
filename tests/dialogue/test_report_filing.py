"""A finished report filed: what the ticket holds, read from the report's answers."""
from datetime import datetime
from types import SimpleNamespace

from stormwater.dialogue.report_filing import discovered, ticket_fields

ASSESSMENT = SimpleNamespace(hazardous=True, discharges=("motor_oil",), notify_by="2026-12-01", written_by=None)


def test_the_discovery_time_is_read_from_its_slot():
    assert discovered("2026-11-27T10:00:00-05:00") == datetime.fromisoformat("2026-11-27T10:00:00-05:00")
    assert discovered(None) is None and discovered("") is None


def test_an_anonymous_reporter_without_a_phone_is_filed_without_either():
    answers = {"reporter_name": "anonymous", "reporter_phone": "none", "location": "Bayville Ave", "responsible": "no"}
    fields = ticket_fields("spill", answers, ASSESSMENT, None, ["photo-1"])
    assert fields["reporter_name"] is None and fields["reporter_phone"] is None
    assert fields["location"] == "Bayville Ave" and fields["hazardous"] and fields["notify_by"] == "2026-12-01"
    assert fields["fields"]["discharges"] == ["motor_oil"] and fields["fields"]["photos"] == ["photo-1"]


def test_a_named_reporter_keeps_the_name_and_number():
    answers = {"reporter_name": "Pat", "reporter_phone": "516-555-0123", "responsible": "yes"}
    fields = ticket_fields("spill", answers, ASSESSMENT, None, [])
    assert fields["reporter_name"] == "Pat" and fields["reporter_phone"] == "516-555-0123"
