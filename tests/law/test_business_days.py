"""Issue 14 item 9: "business day" is not defined by the ordinances; the village file names the
calendar, lists closures, and may keep its offices open on the Friday before a Saturday holiday."""
import dataclasses
from datetime import date, datetime

import pytest

from stormwater.law.deadlines import business_days, spill_deadlines

JULY_3_2026 = date(2026, 7, 3)   # a Friday; July 4, 2026 is a Saturday


def on_the_calendar(deadlines):
    """The two dates counted on the village's calendar (issue 33 adds the earliest ones beside them)."""
    return deadlines.notify_by, deadlines.written_by


def test_the_ordinances_do_not_define_business_day(villages):
    for village in villages.values():
        text = village.ordinance_text()
        assert "business day" in text and "Business day" not in text and "BUSINESS DAY" not in text


def test_july_3_2026_closed_when_the_village_observes_saturday_holidays_on_friday(bayville):
    assert JULY_3_2026.weekday() == 4 and date(2026, 7, 4).weekday() == 5
    assert bayville.saturday_holidays_on_friday
    calendar = business_days(bayville)
    assert calendar.closure_reason(JULY_3_2026) == "Independence Day (observed)"
    # Found Thursday July 2: notice by Monday July 6; +3: Tue 7, Wed 8, Thu 9.
    assert on_the_calendar(spill_deadlines(datetime(2026, 7, 2, 10, 0), bayville)) == (date(2026, 7, 6), date(2026, 7, 9))


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_july_3_2026_open_when_the_village_does_not_move_saturday_holidays(villages, slug):
    open_friday = dataclasses.replace(villages[slug], saturday_holidays_on_friday=False)
    calendar = business_days(open_friday)
    assert calendar.is_business_day(JULY_3_2026)
    assert not calendar.is_business_day(date(2026, 7, 4))
    # Found Thursday July 2: notice by Friday July 3; +3: Mon 6, Tue 7, Wed 8.
    assert on_the_calendar(spill_deadlines(datetime(2026, 7, 2, 10, 0), open_friday)) == (JULY_3_2026, date(2026, 7, 8))
    # Sunday holidays still close the Monday after (New Year's Day 2023 fell on a Sunday).
    assert not calendar.is_business_day(date(2023, 1, 2))
    # A holiday on a Friday of its own stays closed (Veterans Day 2022, Friday November 11).
    assert not calendar.is_business_day(date(2022, 11, 11))


def test_the_village_file_names_the_calendar_and_lists_closures(villages):
    for village in villages.values():
        assert village.holiday_calendar == "US"
        assert village.holiday_calendar_name == "the federal holiday calendar"
        assert isinstance(village.extra_closures, tuple)
