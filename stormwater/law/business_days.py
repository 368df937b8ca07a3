"""A village's business days: weekends, the public holidays of its calendar (with the weekday
a weekend holiday is observed on), its own closures, and the holidays it has declared open or
closed. The ordinances do not define "business day"; this is the help desk's reading.

Dates come in as arguments (nothing here reads the clock); the spill deadlines counted in these
days are in :mod:`stormwater.law.deadlines`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Dict, Optional, Tuple, Union
from zoneinfo import ZoneInfo

import holidays


# Both villages are on Long Island. A village file may one day carry its own ``timezone``.
DEFAULT_TIMEZONE = "America/New_York"

# Python's weekday(): Monday is 0, so Saturday and Sunday are 5 and 6.
_WEEKEND = {5: "Saturday", 6: "Sunday"}

# Weekday holidays of the federal calendar that a village office may keep open: the ordinances
# do not define "business day", so until a village file declares them (``declared_closures``)
# the replies give the earliest date the text could require beside the later one. A Friday
# observance of a Saturday holiday is declared under FRIDAY_OBSERVANCE.
MAY_BE_OPEN = ("Columbus Day", "Veterans Day", "Juneteenth National Independence Day")
FRIDAY_OBSERVANCE = "Friday observances"
_OBSERVED = " (observed)"

# A guard against a runaway loop if a calendar ever closed every day (a bad extra_closures list).
_MAX_CLOSED_RUN = 366


@lru_cache(maxsize=64)
def _public_holidays(country: str, subdiv: Optional[str], year: int) -> Dict[date, str]:
    # observed=True: when a holiday falls on a weekend, the weekday the offices close instead
    # (July 4 2026, a Saturday, is observed on Friday July 3) is in the list too. holidays
    # also files an observed date that falls in the previous year under that year (New Year's
    # Day 2028, a Saturday, is observed on Friday 2027-12-31), so one year's list suffices.
    # Built once per year and never mutated, so threads can share it.
    return dict(holidays.country_holidays(country, subdiv=subdiv, years=year, observed=True))


@lru_cache(maxsize=64)
def _actual_holidays(country: str, subdiv: Optional[str], year: int) -> Dict[date, str]:
    # The holidays on their own dates, without the weekdays they are observed on.
    return dict(holidays.country_holidays(country, subdiv=subdiv, years=year, observed=False))


@dataclass(frozen=True)
class BusinessCalendar:
    """Which days a village's offices are open: not weekends, public holidays or closures.

    Build one with :func:`business_days`.
    """

    country: str
    subdiv: Optional[str]
    extra_closures: Tuple[date, ...]
    timezone: str = DEFAULT_TIMEZONE
    # Federal offices close on the Friday before a Saturday holiday; New York law does not
    # move Saturday holidays, so a village may keep its offices open that Friday.
    saturday_holidays_on_friday: bool = True
    # The village's own word on holidays it may keep open: (MAY_BE_OPEN name or
    # FRIDAY_OBSERVANCE, "closed" or "open") pairs.
    declared: Tuple[Tuple[str, str], ...] = ()
    # True: count the undeclared ones as open, for the earliest date the text could require.
    earliest: bool = False

    def closure_reason(self, d: date) -> Optional[str]:
        """Why the offices are closed on ``d`` (e.g. ``"Thanksgiving Day"``), or ``None`` if open.

        :param d: the day (a ``datetime`` counts as its date)
        """
        d = _as_date(d)
        if d in self.extra_closures:
            return "Village closure"
        holiday = self._holiday(d)
        if holiday:
            state = dict(self.declared).get(self._may_be_open_as(d, holiday))
            if state == "open" or (state is None and self.earliest and self._may_be_open_as(d, holiday)):
                holiday = None
        if holiday:
            return holiday
        return _WEEKEND.get(d.weekday())

    def undeclared_closure(self, d: date) -> Optional[str]:
        """The holiday that closes ``d`` on this calendar although the village may keep its
        offices open that day and has not said (``"Columbus Day"``), or ``None``.

        :param d: the day (a ``datetime`` counts as its date)
        """
        d = _as_date(d)
        if d in self.extra_closures:
            return None
        holiday = self._holiday(d)
        kind = self._may_be_open_as(d, holiday) if holiday else None
        return holiday if kind and kind not in dict(self.declared) else None

    def earliest_calendar(self) -> "BusinessCalendar":
        """This calendar with every undeclared may-be-open holiday counted as a business day."""
        return replace(self, earliest=True)

    def _holiday(self, d: date) -> Optional[str]:
        holiday = _public_holidays(self.country, self.subdiv, d.year).get(d)
        if holiday and not self.saturday_holidays_on_friday and self._saturday_holiday_observed(d):
            return None
        return holiday

    def _may_be_open_as(self, d: date, holiday: str) -> Optional[str]:
        """Under which name a village declares the holiday closing ``d``, if it may be open."""
        if self._saturday_holiday_observed(d):
            return FRIDAY_OBSERVANCE
        name = holiday.removesuffix(_OBSERVED)
        return name if name in MAY_BE_OPEN and d.weekday() < 5 else None

    def _saturday_holiday_observed(self, d: date) -> bool:
        """Whether ``d`` is closed only as the Friday before a Saturday holiday."""
        saturday = d + timedelta(days=1)
        return (
            d.weekday() == 4
            and d not in _actual_holidays(self.country, self.subdiv, d.year)
            and saturday in _actual_holidays(self.country, self.subdiv, saturday.year)
        )

    def is_business_day(self, d: date) -> bool:
        """Whether the village's offices are open on ``d``.

        :param d: the day (a ``datetime`` counts as its date)
        """
        return self.closure_reason(d) is None

    def next_business_day(self, d: date) -> date:
        """The first business day strictly after ``d``.

        :param d: the day to count from (a ``datetime`` counts as its date)
        """
        return self.add_business_days(d, 1)

    def add_business_days(self, d: date, n: int) -> date:
        """The ``n``-th business day after ``d`` (before it if ``n`` is negative).

        ``d`` itself is day zero and need not be a business day; ``n == 0`` returns ``d``.

        :param d: the day to count from (a ``datetime`` counts as its date)
        :param n: how many business days to move
        """
        day = _as_date(d)
        step = timedelta(days=1 if n >= 0 else -1)
        remaining = abs(n)
        closed_run = 0
        while remaining:
            day += step
            if self.is_business_day(day):
                remaining -= 1
                closed_run = 0
            else:
                closed_run += 1
                if closed_run > _MAX_CLOSED_RUN:
                    raise ValueError(f"no business day within a year of {day}: check the closures")
        return day

    def local_date(self, moment: Union[date, datetime]) -> date:
        """The village's calendar date at ``moment``.

        A timezone-aware datetime is converted to the village's time zone first (03:59 UTC
        on a Tuesday is still Monday evening on Long Island); a naive one is taken as local
        wall-clock time.

        :param moment: a ``datetime`` or a ``date``
        """
        if isinstance(moment, datetime):
            if moment.tzinfo is not None and moment.utcoffset() is not None:
                moment = moment.astimezone(ZoneInfo(self.timezone))
            return moment.date()
        return moment


def _as_date(d: date) -> date:
    return d.date() if isinstance(d, datetime) else d


def _parse_closures(values) -> Tuple[date, ...]:
    closures = []
    for value in values or ():
        if isinstance(value, date):
            closures.append(_as_date(value))
            continue
        try:
            closures.append(date.fromisoformat(str(value)))
        except ValueError:
            raise ValueError(f"extra closure '{value}' is not a YYYY-MM-DD date") from None
    return tuple(sorted(set(closures)))


@lru_cache(maxsize=32)
def _calendar(code: str, closures: Tuple[date, ...], timezone: str, saturday_on_friday: bool = True,
              declared: Tuple[Tuple[str, str], ...] = ()) -> BusinessCalendar:
    # "US" or "US-NY": a python-holidays country code, optionally with a subdivision.
    country, _, subdiv = code.strip().partition("-")
    country, subdiv = country.upper(), (subdiv.upper() or None)
    # Fail now, on a bad village file, rather than on a resident's first spill report.
    holidays.country_holidays(country, subdiv=subdiv, years=[])
    ZoneInfo(timezone)
    return BusinessCalendar(
        country=country, subdiv=subdiv, extra_closures=closures, timezone=timezone,
        saturday_holidays_on_friday=saturday_on_friday, declared=declared,
    )


def business_days(village_or_calendar) -> BusinessCalendar:
    """The business-day calendar of a village.

    Closed: Saturdays, Sundays, the public holidays of the village's ``holiday_calendar``
    (a python-holidays code such as ``"US"`` or ``"US-NY"``), including the weekday a
    weekend holiday is observed on (except the Friday before a Saturday holiday when the
    village's ``saturday_holidays_on_friday`` is false), and the village's ``extra_closures``.
    The ordinances do not define "business day": this calendar is the help desk's reading,
    and the replies say so.

    :param village_or_calendar: a :class:`stormwater.law.villages.Village` (anything with
      ``holiday_calendar`` and ``extra_closures``), a holiday code such as ``"US"``, or a
      :class:`BusinessCalendar` (returned as is)
    :raises ValueError: if an extra closure is not a ``YYYY-MM-DD`` date
    :raises NotImplementedError: if python-holidays does not know the holiday calendar
    """
    if isinstance(village_or_calendar, BusinessCalendar):
        return village_or_calendar
    if isinstance(village_or_calendar, str):
        return _calendar(village_or_calendar, (), DEFAULT_TIMEZONE)
    village = village_or_calendar
    return _calendar(
        str(village.holiday_calendar or "US"),
        _parse_closures(getattr(village, "extra_closures", ())),
        str(village.timezone or DEFAULT_TIMEZONE),
        bool(getattr(village, "saturday_holidays_on_friday", True)),
        tuple(getattr(village, "declared_closures", ()) or ()),
    )
