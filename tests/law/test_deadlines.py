"""Business days and the nonhazardous-spill deadlines (Bayville § 63A-14, Poquott's spill provision).

Every expected date below was worked out by hand from a printed calendar; the comment on
each case shows the count. 2026: Mar 9 is a Monday, May 25 (Memorial Day) a Monday, Jul 4 a
Saturday (observed Fri Jul 3), Sep 7 (Labor Day) a Monday, Nov 26 (Thanksgiving) a Thursday,
Dec 25 a Friday; Jan 1 2027 is a Friday; Dec 25 2027 and Jan 1 2028 are Saturdays.
"""
import dataclasses
from datetime import date, datetime, timedelta, timezone

import pytest
from hypothesis import given, strategies as st

from stormwater.law.deadlines import (
    BusinessCalendar,
    business_days,
    spill_deadlines,
    written_notice_due,
)


def on_the_calendar(deadlines):
    """The two dates counted on the village's calendar (issue 33 adds the earliest ones beside them)."""
    return deadlines.notify_by, deadlines.written_by


@pytest.fixture(params=["bayville", "poquott"])
def village(request, villages):
    """Both villages: the same words in both ordinances, the same US calendar."""
    return villages[request.param]


@pytest.mark.parametrize(
    "discovered, notify_by, written_by",
    [
        # Plain weekday: Tue Mar 10 -> Wed Mar 11; +3: Thu 12, Fri 13, (weekend) Mon 16.
        (datetime(2026, 3, 10, 9, 30), date(2026, 3, 11), date(2026, 3, 16)),
        # Friday -> Monday Mar 16; +3: Tue 17, Wed 18, Thu 19.
        (datetime(2026, 3, 13, 14, 0), date(2026, 3, 16), date(2026, 3, 19)),
        # Saturday and Sunday -> Monday Mar 16 too.
        (datetime(2026, 3, 14, 8, 0), date(2026, 3, 16), date(2026, 3, 19)),
        (datetime(2026, 3, 15, 22, 0), date(2026, 3, 16), date(2026, 3, 19)),
        # 11:59 pm Monday Mar 9 is still Monday -> Tue Mar 10; +3: Wed 11, Thu 12, Fri 13.
        (datetime(2026, 3, 9, 23, 59), date(2026, 3, 10), date(2026, 3, 13)),
        # One minute later it is Tuesday -> Wed Mar 11; +3: Thu 12, Fri 13, Mon 16.
        (datetime(2026, 3, 10, 0, 0), date(2026, 3, 11), date(2026, 3, 16)),
        # Thanksgiving: Wed Nov 25 -> (Thu 26 holiday) Fri Nov 27; +3: Mon 30, Tue Dec 1, Wed Dec 2.
        (datetime(2026, 11, 25, 16, 0), date(2026, 11, 27), date(2026, 12, 2)),
        # Found on Thanksgiving itself -> Fri Nov 27 (not a federal holiday); same window.
        (datetime(2026, 11, 26, 11, 0), date(2026, 11, 27), date(2026, 12, 2)),
        # Holiday inside the three-day window: Tue Nov 24 -> Wed 25; +3: (Thu 26 closed) Fri 27, Mon 30, Tue Dec 1.
        (datetime(2026, 11, 24, 10, 0), date(2026, 11, 25), date(2026, 12, 1)),
        # Christmas on a Friday: Thu Dec 24 -> (Fri 25, Sat, Sun) Mon Dec 28; +3: Tue 29, Wed 30, Thu 31.
        (datetime(2026, 12, 24, 12, 0), date(2026, 12, 28), date(2026, 12, 31)),
        # Found on Christmas Day -> Mon Dec 28.
        (datetime(2026, 12, 25, 12, 0), date(2026, 12, 28), date(2026, 12, 31)),
        # New Year 2027 on a Friday: Wed Dec 30 -> Thu Dec 31; +3: (Fri Jan 1 closed) Mon 4, Tue 5, Wed 6.
        (datetime(2026, 12, 30, 9, 0), date(2026, 12, 31), date(2027, 1, 6)),
        # Thu Dec 31 -> (Fri Jan 1, Sat, Sun) Mon Jan 4; +3: Tue 5, Wed 6, Thu 7.
        (datetime(2026, 12, 31, 23, 0), date(2027, 1, 4), date(2027, 1, 7)),
        # July 4 2026 is a Saturday, observed Fri Jul 3: Thu Jul 2 -> Mon Jul 6; +3: Tue 7, Wed 8, Thu 9.
        (datetime(2026, 7, 2, 10, 0), date(2026, 7, 6), date(2026, 7, 9)),
        # Wed Jul 1 -> Thu Jul 2; +3: (Fri 3 closed) Mon 6, Tue 7, Wed 8.
        (datetime(2026, 7, 1, 10, 0), date(2026, 7, 2), date(2026, 7, 8)),
        # Found on the observed holiday Fri Jul 3 -> Mon Jul 6.
        (datetime(2026, 7, 3, 10, 0), date(2026, 7, 6), date(2026, 7, 9)),
        # Memorial Day Mon May 25: Fri May 22 -> (Sat, Sun, Mon) Tue May 26; +3: Wed 27, Thu 28, Fri 29.
        (datetime(2026, 5, 22, 17, 0), date(2026, 5, 26), date(2026, 5, 29)),
        # Found on Memorial Day -> Tue May 26.
        (datetime(2026, 5, 25, 7, 0), date(2026, 5, 26), date(2026, 5, 29)),
        # Labor Day Mon Sep 7: Fri Sep 4 -> Tue Sep 8; +3: Wed 9, Thu 10, Fri 11.
        (datetime(2026, 9, 4, 12, 0), date(2026, 9, 8), date(2026, 9, 11)),
        # Saturday of Labor Day weekend -> Tue Sep 8.
        (datetime(2026, 9, 5, 12, 0), date(2026, 9, 8), date(2026, 9, 11)),
        # Found on Labor Day -> Tue Sep 8.
        (datetime(2026, 9, 7, 12, 0), date(2026, 9, 8), date(2026, 9, 11)),
        # Christmas 2027 (Sat) observed Fri Dec 24, New Year 2028 (Sat) observed Fri Dec 31 2027:
        # Thu Dec 23 -> (Fri 24, Sat, Sun) Mon Dec 27; +3: Tue 28, Wed 29, Thu 30.
        (datetime(2027, 12, 23, 12, 0), date(2027, 12, 27), date(2027, 12, 30)),
        # Thu Dec 30 2027 -> (Fri 31, Sat Jan 1, Sun) Mon Jan 3 2028; +3: Tue 4, Wed 5, Thu 6.
        (datetime(2027, 12, 30, 12, 0), date(2028, 1, 3), date(2028, 1, 6)),
    ],
)
def test_spill_deadlines(village, discovered, notify_by, written_by):
    assert on_the_calendar(spill_deadlines(discovered, village)) == (notify_by, written_by)


def test_a_date_works_as_well_as_a_datetime(bayville):
    # Sat Mar 14 2026 -> Mon Mar 16; +3: Thu Mar 19.
    assert on_the_calendar(spill_deadlines(date(2026, 3, 14), bayville)) == (date(2026, 3, 16), date(2026, 3, 19))


def test_aware_datetimes_are_read_in_village_time(bayville):
    # 03:59 UTC on Tue Mar 10 2026 is 23:59 EDT (UTC-4, DST began Mar 8) on Monday Mar 9.
    found = datetime(2026, 3, 10, 3, 59, tzinfo=timezone.utc)
    assert spill_deadlines(found, bayville).notify_by == date(2026, 3, 10)
    # 05:00 UTC is 01:00 EDT on Tuesday -> Wed Mar 11.
    assert spill_deadlines(found + timedelta(hours=1, minutes=1), bayville).notify_by == date(2026, 3, 11)


def test_extra_closure_is_skipped(bayville):
    closed = dataclasses.replace(bayville, extra_closures=("2026-03-11",))
    # Tue Mar 10 -> (Wed 11 closed) Thu Mar 12; +3: Fri 13, Mon 16, Tue 17.
    assert on_the_calendar(spill_deadlines(datetime(2026, 3, 10, 9, 0), closed)) == (date(2026, 3, 12), date(2026, 3, 17))
    # An extra closure inside the written-notice window: Mon Mar 9 -> Tue 10; +3: (Wed 11 closed) Thu 12, Fri 13, Mon 16.
    assert on_the_calendar(spill_deadlines(datetime(2026, 3, 9, 9, 0), closed)) == (date(2026, 3, 10), date(2026, 3, 16))
    # The village's own calendar is untouched.
    assert business_days(bayville).is_business_day(date(2026, 3, 11))


def test_day_after_thanksgiving_as_extra_closure(poquott):
    closed = dataclasses.replace(poquott, extra_closures=("2026-11-27",))
    # Wed Nov 25 -> (Thu 26 holiday, Fri 27 closed, Sat, Sun) Mon Nov 30; +3: Tue Dec 1, Wed 2, Thu 3.
    assert on_the_calendar(spill_deadlines(datetime(2026, 11, 25, 9, 0), closed)) == (date(2026, 11, 30), date(2026, 12, 3))


@pytest.mark.parametrize(
    "day, reason",
    [
        (date(2026, 7, 3), "Independence Day (observed)"),
        (date(2026, 7, 4), "Independence Day"),
        (date(2026, 11, 26), "Thanksgiving Day"),
        (date(2026, 12, 25), "Christmas Day"),
        (date(2027, 1, 1), "New Year's Day"),
        (date(2027, 7, 5), "Independence Day (observed)"),  # Jul 4 2027 is a Sunday
        (date(2027, 12, 31), "New Year's Day (observed)"),  # Jan 1 2028 is a Saturday
        (date(2026, 3, 14), "Saturday"),
        (date(2026, 3, 15), "Sunday"),
        (date(2026, 3, 16), None),
        (date(2026, 11, 27), None),  # the day after Thanksgiving is not a federal holiday
        (date(2026, 12, 24), None),
    ],
)
def test_closure_reason(bayville, day, reason):
    calendar = business_days(bayville)
    assert calendar.closure_reason(day) == reason
    assert calendar.is_business_day(day) is (reason is None)


def test_calendar_arithmetic():
    calendar = business_days("US")
    # Fri Mar 13 2026: next business day Mon Mar 16; strictly after, even from a business day.
    assert calendar.next_business_day(date(2026, 3, 13)) == date(2026, 3, 16)
    assert calendar.next_business_day(date(2026, 3, 16)) == date(2026, 3, 17)
    assert calendar.add_business_days(date(2026, 3, 14), 0) == date(2026, 3, 14)
    # Mon Mar 16 + 5: Tue 17, Wed 18, Thu 19, Fri 20, Mon 23.
    assert calendar.add_business_days(date(2026, 3, 16), 5) == date(2026, 3, 23)
    # Backwards from Mon Mar 16: Fri 13, Thu 12.
    assert calendar.add_business_days(date(2026, 3, 16), -2) == date(2026, 3, 12)
    # A datetime counts as its date.
    assert calendar.next_business_day(datetime(2026, 3, 13, 23, 59)) == date(2026, 3, 16)


def test_written_notice_due_from_an_earlier_notice(bayville):
    # Told the SMO on Fri Nov 27 2026: +3 is Mon 30, Tue Dec 1, Wed Dec 2.
    assert written_notice_due(date(2026, 11, 27), bayville) == date(2026, 12, 2)
    # Told on Wed Nov 25: +3 is (Thu 26 closed) Fri 27, Mon 30, Tue Dec 1.
    assert written_notice_due(date(2026, 11, 25), bayville) == date(2026, 12, 1)


def test_business_days_accepts_codes_and_calendars(bayville):
    calendar = business_days(bayville)
    assert isinstance(calendar, BusinessCalendar)
    assert business_days(calendar) is calendar
    assert calendar.country == "US" and calendar.subdiv is None
    ny = business_days("US-NY")
    assert ny.subdiv == "NY"
    # Lincoln's Birthday (Feb 12, a Thursday in 2026) is a New York State holiday, not federal.
    assert not ny.is_business_day(date(2026, 2, 12))
    assert calendar.is_business_day(date(2026, 2, 12))


def test_bad_calendars_fail_loudly(bayville):
    with pytest.raises(ValueError, match="2026-13-01"):
        business_days(dataclasses.replace(bayville, extra_closures=("2026-13-01",)))
    with pytest.raises(NotImplementedError):
        business_days(dataclasses.replace(bayville, holiday_calendar="XX"))


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2060, 12, 31)))
def test_deadline_properties(discovered):
    calendar = business_days("US")
    deadlines = spill_deadlines(discovered, "US")
    assert deadlines.notify_by > discovered.date()
    assert calendar.is_business_day(deadlines.notify_by)
    assert calendar.is_business_day(deadlines.written_by)
    # No business day is skipped between discovery and the notice deadline.
    day = discovered.date() + timedelta(days=1)
    while day < deadlines.notify_by:
        assert not calendar.is_business_day(day)
        day += timedelta(days=1)
    # Exactly three business days after the notice deadline, at most 3 + a long weekend.
    open_days = [
        deadlines.notify_by + timedelta(days=i)
        for i in range(1, (deadlines.written_by - deadlines.notify_by).days + 1)
        if calendar.is_business_day(deadlines.notify_by + timedelta(days=i))
    ]
    assert len(open_days) == 3 and open_days[-1] == deadlines.written_by
    assert (deadlines.notify_by - discovered.date()).days <= 5
