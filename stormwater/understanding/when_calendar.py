"""Calendar arithmetic for discovery times: the most recent past day a phrase names, clock
times with or without am/pm, and moments in the caller's time zone (see
:mod:`stormwater.understanding.when` for the conventions)."""
from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, timezone
from typing import Iterator, List, Optional, Tuple

from stormwater.understanding.when_vocabulary import (
    _amount, _DAY_MONTH, _DAY_OF_MONTH, _DAYS_AGO, _ISO_DATE, _MAX_YEARS_BACK, _MONTH_DAY, _MONTHS,
    _NIGHT_SMALL_HOURS, _NOW, _NUMERIC_DATE, _Period, _PERIODS, _RELATIVE, _UNITS, _WEEKDAY, _WEEKDAYS,
)


def _shift(now: datetime, delta: timedelta) -> datetime:
    # Elapsed time, not wall-clock: "2 hours ago" across a DST change is still 2 hours.
    if now.tzinfo is not None and now.utcoffset() is not None:
        return (now.astimezone(timezone.utc) - delta).astimezone(now.tzinfo)
    return now - delta


def _at(day: date, clock: time, now: datetime) -> datetime:
    tz = now.tzinfo
    if tz is not None and hasattr(tz, "localize"):  # pytz: tzinfo= would give LMT
        return tz.localize(datetime.combine(day, clock))
    return datetime.combine(day, clock, tzinfo=tz)


def _relative(s: str, now: datetime) -> Optional[datetime]:
    if _NOW.fullmatch(s):
        return now
    match = _RELATIVE.fullmatch(s)
    if not match:
        return None
    value = _amount(match)
    unit = _UNITS[match.group("unit")]
    if value is None or value > 10_000:
        return None
    return _shift(now, timedelta(**{unit: value}))


def _times(match, period: Optional[_Period]) -> Optional[List[Tuple[time, int]]]:
    """Candidate clock times for a time expression, latest first, each with a day offset.

    Two candidates if am/pm is unsaid; the offset is 1 for "last night at 1", which is after
    midnight, on the next calendar day.
    """
    if match.group("named"):
        return [(time(0) if match.group("named") == "midnight" else time(12), 0)]
    if match.group("h1") is not None:
        hour, minute = int(match.group("h1")), int(match.group("m1") or 0)
        if not 1 <= hour <= 12 or minute > 59:
            return None
        hour = hour % 12 + (12 if match.group("ap") == "pm" else 0)
        return [(time(hour, minute), 0)]
    raw = match.group("h2") or match.group("h3") or match.group("h4")
    hour, minute = int(raw), int(match.group("m2") or 0)
    if hour > 23 or minute > 59:
        return None
    if hour == 0 or hour >= 13 or (match.group("h2") and raw.startswith("0")):
        return [(time(hour, minute), 0)]  # a 24-hour clock time
    if period is None:
        return [(time(hour % 12 + 12, minute), 0), (time(hour % 12, minute), 0)]
    if period is _PERIODS["morning"]:
        return [(time(hour, minute), 0)] if hour != 12 else None  # "12 in the morning": unclear
    if period is _PERIODS["night"] and (hour in _NIGHT_SMALL_HOURS or hour == 12):
        return [(time(hour % 12, minute), 1)]  # midnight and after: the next calendar day
    return [(time(hour % 12 + 12, minute), 0)]  # afternoon, evening, night: pm


def _recent_yearly(month: int, day: int, today: date) -> Iterator[date]:
    for year in range(today.year, today.year - _MAX_YEARS_BACK, -1):
        try:
            candidate = date(year, month, day)
        except ValueError:
            continue
        if candidate <= today:
            yield candidate


def _recent_monthly(day: int, today: date) -> Iterator[date]:
    year, month = today.year, today.month
    for _ in range(13):
        try:
            candidate = date(year, month, day)
        except ValueError:
            candidate = None
        if candidate is not None and candidate <= today:
            yield candidate
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)


def _year(raw: str) -> int:
    return int(raw) + 2000 if len(raw) == 2 else int(raw)


def _fixed(y: int, m: int, d: int) -> Optional[List[date]]:
    try:
        return [date(y, m, d)]
    except ValueError:
        return None


def _days(s: str, today: date, has_period: bool) -> Optional[Iterator[date]]:
    """Candidate days for the date part of a phrase, most recent first; ``None`` if unknown.

    An empty date part is ``None`` too; the caller decides what a bare time means.
    """
    if s in ("today", "this", "earlier today", "earlier", "earlier this"):
        return iter([today])
    if s in ("yesterday",) or (has_period and s == "last"):
        return iter([today - timedelta(days=1)])
    if s in ("day before yesterday", "the day before yesterday"):
        return iter([today - timedelta(days=2)])
    match = _DAYS_AGO.fullmatch(s)
    if match:
        value = _amount(match)
        if value != int(value):
            return None
        per = 7 if match.group("unit").startswith("week") else 1
        return iter([today - timedelta(days=int(value) * per)])
    match = _WEEKDAY.fullmatch(s)
    if match:
        back = (today.weekday() - _WEEKDAYS[match.group("wd")]) % 7
        if back == 0 and match.group("mod") in ("last", "this past", "past", "previous"):
            back = 7  # "last Friday", said on a Friday, is a week ago
        first = today - timedelta(days=back)
        return (first - timedelta(days=7 * i) for i in range(3))
    # "Monday 11/30", "Monday, November 30": the date decides; the weekday is decoration.
    weekday_first = re.match(r"(?:" + "|".join(_WEEKDAYS) + r")\s+(?=.*\d)", s)
    if weekday_first:
        s = s[weekday_first.end():]
    match = _ISO_DATE.fullmatch(s)
    if match:
        return _maybe_iter(_fixed(int(match["y"]), int(match["m"]), int(match["d"])))
    for pattern in (_NUMERIC_DATE, _MONTH_DAY, _DAY_MONTH):
        match = pattern.fullmatch(s)
        if match:
            month = int(match["m"]) if "m" in match.groupdict() else _MONTHS[match["mon"]]
            day = int(match["d"])
            if match["y"]:
                return _maybe_iter(_fixed(_year(match["y"]), month, day))
            return _recent_yearly(month, day, today)
    match = _DAY_OF_MONTH.fullmatch(s)
    if match:
        return _recent_monthly(int(match["d"]), today)
    return None


def _maybe_iter(days: Optional[List[date]]) -> Optional[Iterator[date]]:
    return iter(days) if days is not None else None
