"""How long a release went on is no time of discovery (session 2026-12-05b): "it's been running
on and off all morning" said at the amount question leaves the time said before as it was.
Wording is this file's own."""
from datetime import datetime, timezone

import pytest

from stormwater.understanding.field_shapes import tells_a_duration
from stormwater.understanding.form_reader import read_message


@pytest.mark.parametrize("text, duration", [
    ("it's been running on and off all morning", True),
    ("dripping all day long", True),
    ("it went all night", True),
    ("this morning around 9", False),
    ("about 2 gallons", False),
])
def test_how_long_it_went_on_is_a_duration(text, duration):
    assert tells_a_duration(text) is duration


def test_a_duration_said_at_the_amount_question_changes_no_time_of_discovery():
    now = datetime(2026, 12, 5, 15, 0, tzinfo=timezone.utc)
    filled = {"discovered": "yesterday around 7am", "discovered_at": "2026-12-04T12:00:00+00:00", "material": "muddy water"}
    reading = read_message("it's been going on and off all afternoon", "amount", "spill", filled, now)
    assert "discovered" not in reading.updates and "discovered_at" not in reading.updates
    assert not [field for field, _ in reading.corrected if field == "discovered"]
