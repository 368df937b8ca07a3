"""Reading a resident's discovery time, relative to a fixed clock.

NOW is Monday 2026-11-30 10:00 (Nov 27 was the Friday before; Nov 29 the Sunday). Every
expected value is written out by hand.
"""
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, strategies as st

from stormwater.understanding.when import parse_when

NOW = datetime(2026, 11, 30, 10, 0)  # a Monday
AFTER_CHRISTMAS = datetime(2026, 12, 28, 9, 0)  # also a Monday


@pytest.mark.parametrize(
    "text, expected",
    [
        ("now", datetime(2026, 11, 30, 10, 0)),
        ("just now", datetime(2026, 11, 30, 10, 0)),
        ("Right now!", datetime(2026, 11, 30, 10, 0)),
        ("a moment ago", datetime(2026, 11, 30, 10, 0)),
        ("an hour ago", datetime(2026, 11, 30, 9, 0)),
        ("2 hours ago", datetime(2026, 11, 30, 8, 0)),
        ("about 2 hours ago", datetime(2026, 11, 30, 8, 0)),
        ("30 mins ago", datetime(2026, 11, 30, 9, 30)),
        ("half an hour ago", datetime(2026, 11, 30, 9, 30)),
        ("an hour and a half ago", datetime(2026, 11, 30, 8, 30)),
        ("a couple of hours ago", datetime(2026, 11, 30, 8, 0)),
        ("I found it about 20 minutes ago", datetime(2026, 11, 30, 9, 40)),
        ("2 days ago", datetime(2026, 11, 28, 10, 0)),
        # Parts of the day.
        ("this morning", datetime(2026, 11, 30, 9, 0)),
        ("early this morning", datetime(2026, 11, 30, 9, 0)),
        ("this morning at 8", datetime(2026, 11, 30, 8, 0)),
        ("it was around 8ish this morning", datetime(2026, 11, 30, 8, 0)),
        ("last night", datetime(2026, 11, 29, 21, 0)),
        ("last night at 11", datetime(2026, 11, 29, 23, 0)),
        ("last night at 1", datetime(2026, 11, 30, 1, 0)),  # after midnight: Monday 1 am
        ("yesterday morning", datetime(2026, 11, 29, 9, 0)),
        ("yesterday afternoon", datetime(2026, 11, 29, 15, 0)),
        ("Friday night", datetime(2026, 11, 27, 21, 0)),
        # Days.
        ("yesterday", datetime(2026, 11, 29, 0, 0)),
        ("yesterday at 5pm", datetime(2026, 11, 29, 17, 0)),
        ("5 p.m. yesterday", datetime(2026, 11, 29, 17, 0)),
        ("day before yesterday", datetime(2026, 11, 28, 0, 0)),
        ("today", datetime(2026, 11, 30, 0, 0)),
        ("friday", datetime(2026, 11, 27, 0, 0)),
        ("Friday at 4pm", datetime(2026, 11, 27, 16, 0)),
        ("on Fri, 4 PM", datetime(2026, 11, 27, 16, 0)),
        ("monday", datetime(2026, 11, 30, 0, 0)),  # today is Monday
        ("last monday", datetime(2026, 11, 23, 0, 0)),  # "last" Monday said on a Monday
        ("tue", datetime(2026, 11, 24, 0, 0)),
        # Times without a day: today, or yesterday if that time has not come yet.
        ("at 9am", datetime(2026, 11, 30, 9, 0)),
        ("around 9:30 am", datetime(2026, 11, 30, 9, 30)),
        ("at 3pm", datetime(2026, 11, 29, 15, 0)),
        ("3pm", datetime(2026, 11, 29, 15, 0)),
        ("3p.m.", datetime(2026, 11, 29, 15, 0)),
        ("15:00", datetime(2026, 11, 29, 15, 0)),
        ("09:00", datetime(2026, 11, 30, 9, 0)),
        ("noon", datetime(2026, 11, 29, 12, 0)),
        ("midnight", datetime(2026, 11, 30, 0, 0)),
        # No am/pm: whichever of 3 am and 3 pm came last.
        ("at 3", datetime(2026, 11, 30, 3, 0)),
        ("yesterday at 3:15", datetime(2026, 11, 29, 15, 15)),
        # A minute of clock skew is tolerated and read as now.
        ("at 10:01", datetime(2026, 11, 30, 10, 0)),
        # Dates.
        ("11/29", datetime(2026, 11, 29, 0, 0)),
        ("11/29/2026", datetime(2026, 11, 29, 0, 0)),
        ("12/24/25", datetime(2025, 12, 24, 0, 0)),
        ("Dec 24", datetime(2025, 12, 24, 0, 0)),  # Dec 24 2026 is still to come
        ("the 29th", datetime(2026, 11, 29, 0, 0)),
        ("Sunday, November 29", datetime(2026, 11, 29, 0, 0)),
        ("Nov 29 2026 9:30am", datetime(2026, 11, 29, 9, 30)),
        ("2026-11-30T09:15", datetime(2026, 11, 30, 9, 15)),
        ("Dec. 24, 2025 at 3:15 p.m.", datetime(2025, 12, 24, 15, 15)),
        ("feb 29", datetime(2024, 2, 29, 0, 0)),  # the last Feb 29 before now
    ],
)
def test_parse_when(text, expected):
    assert parse_when(text, NOW) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("12/24/2026", datetime(2026, 12, 24, 0, 0)),
        ("Dec 24", datetime(2026, 12, 24, 0, 0)),
        ("December 24 at 3:15 pm", datetime(2026, 12, 24, 15, 15)),
        ("2026-12-24 15:00", datetime(2026, 12, 24, 15, 0)),
        ("24th December", datetime(2026, 12, 24, 0, 0)),
        ("Thursday, December 24, 2026", datetime(2026, 12, 24, 0, 0)),
        ("friday", datetime(2026, 12, 25, 0, 0)),
    ],
)
def test_parse_when_after_christmas(text, expected):
    assert parse_when(text, AFTER_CHRISTMAS) == expected


def test_weekday_today_depends_on_the_hour():
    friday_5pm = datetime(2026, 11, 27, 17, 0)
    # Friday at 4pm, asked on a Friday after 4pm: today.
    assert parse_when("Friday at 4pm", friday_5pm) == datetime(2026, 11, 27, 16, 0)
    # Asked on a Friday before 4pm: a week ago.
    assert parse_when("Friday at 4pm", datetime(2026, 11, 27, 10, 0)) == datetime(2026, 11, 20, 16, 0)
    assert parse_when("friday", friday_5pm) == datetime(2026, 11, 27, 0, 0)
    assert parse_when("last friday", friday_5pm) == datetime(2026, 11, 20, 0, 0)


def test_this_morning_in_the_small_hours_is_now():
    """The report form offers a "This morning" button at any hour; at 3 a.m. it means now."""
    assert parse_when("this morning", datetime(2026, 12, 1, 3, 0)) == datetime(2026, 12, 1, 3, 0)
    assert parse_when("this morning", datetime(2026, 12, 1, 0, 5)) == datetime(2026, 12, 1, 0, 5)
    assert parse_when("this morning at 2", datetime(2026, 12, 1, 3, 0)) == datetime(2026, 12, 1, 2, 0)
    assert parse_when("this morning at 8", datetime(2026, 12, 1, 3, 0)) is None  # still to come


def test_tonight_and_this_evening():
    assert parse_when("tonight", datetime(2026, 11, 30, 22, 30)) == datetime(2026, 11, 30, 21, 0)
    # The night has begun but 9 pm has not come: now.
    assert parse_when("tonight", datetime(2026, 11, 30, 19, 0)) == datetime(2026, 11, 30, 19, 0)
    # After midnight, "tonight" is the night that began the evening before.
    assert parse_when("tonight", datetime(2026, 12, 1, 0, 30)) == datetime(2026, 11, 30, 21, 0)
    assert parse_when("this evening", datetime(2026, 11, 30, 20, 0)) == datetime(2026, 11, 30, 19, 0)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "asdf",
        "next week",
        "tomorrow",
        "in 2 hours",
        "tonight",  # 10 am: the night has not begun
        "this evening",
        "this afternoon",  # noon has not come
        "12/24/2026",  # a fixed date still in the future
        "2026-12-24 15:00",
        "Dec 24 2026",
        "at 10:02 today",  # two minutes ahead
        "13pm",
        "25:00",
        "feb 30",
        "13/45/2026",
        "3",
        "yesterday tonight",
        "3pm 4pm",
        "the drain behind the school is full of oil and it smells like gasoline all the way down",
    ],
)
def test_unclear_or_future_is_none(text):
    assert parse_when(text, NOW) is None


def test_not_a_string_is_none():
    assert parse_when(None, NOW) is None  # type: ignore[arg-type]


def test_keeps_the_time_zone_and_counts_elapsed_time():
    new_york = ZoneInfo("America/New_York")
    # DST began at 2 am on Sunday 2026-03-08; 10:00 EDT is 14:00 UTC.
    now = datetime(2026, 3, 8, 10, 0, tzinfo=new_york)
    # Ten real hours earlier is 04:00 UTC, 23:00 EST on Saturday.
    ten_hours = parse_when("10 hours ago", now)
    assert ten_hours == datetime(2026, 3, 8, 4, 0, tzinfo=timezone.utc)
    assert ten_hours.tzinfo is new_york and ten_hours.hour == 23
    found = parse_when("yesterday at 5pm", now)
    assert found == datetime(2026, 3, 7, 17, 0, tzinfo=new_york) and found.tzinfo is new_york


@given(st.text(max_size=40))
def test_never_in_the_future(text):
    result = parse_when(text, NOW)
    assert result is None or result <= NOW


@given(st.integers(min_value=0, max_value=72 * 60))
def test_minutes_ago_round_trip(minutes):
    assert parse_when(f"{minutes} minutes ago", NOW) == NOW - timedelta(minutes=minutes)
