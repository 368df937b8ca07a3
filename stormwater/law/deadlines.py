"""The spill-notice deadlines of the village ordinances, in business days
(:mod:`stormwater.law.business_days`), and today in a village.

Everything here takes its dates as arguments (only :func:`village_today` reads the clock, through
``stormwater.store.clock``, when not given a time), so callers and
tests decide what "now" is.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Optional, Tuple, Union

from stormwater.law.business_days import (  # noqa: F401 (re-exported: the calendar's old home)
    DEFAULT_TIMEZONE, BusinessCalendar, business_days,
)
from stormwater.store.clock import utc_now

@dataclass(frozen=True)
class SpillDeadlines:
    """When a nonhazardous spill must be reported to the village, and confirmed in writing.

    ``notify_by`` and ``written_by`` are counted on the village's calendar. When that calendar
    skips a weekday holiday the village may keep its offices open (and has not declared),
    ``notify_earliest`` / ``written_earliest`` are the earlier dates the text could require,
    and ``notify_holidays`` / ``written_holidays`` name the holidays that make the difference;
    otherwise the earliest dates equal the others and the names are empty.
    """

    notify_by: date
    written_by: date
    notify_earliest: Optional[date] = None
    written_earliest: Optional[date] = None
    notify_holidays: Tuple[str, ...] = ()
    written_holidays: Tuple[str, ...] = ()

    def __post_init__(self):
        # One date each unless told otherwise: callers that know one calendar need say no more.
        if self.notify_earliest is None:
            object.__setattr__(self, "notify_earliest", self.notify_by)
        if self.written_earliest is None:
            object.__setattr__(self, "written_earliest", self.written_by)


def written_notice_due(notified_on: date, village_or_calendar) -> date:
    """The last day to mail the written confirmation of a notice given in person or by phone.

    "within three business days of the in-person or by-telephone notice": the third
    business day after the day the notice was given.

    :param notified_on: the day the SMO was told in person or by telephone
    :param village_or_calendar: see :func:`business_days`
    """
    return business_days(village_or_calendar).add_business_days(notified_on, 3)


def spill_deadlines(discovered: Union[datetime, date], village) -> SpillDeadlines:
    """The ordinance's deadlines for reporting a release of NONHAZARDOUS materials.

    Bayville § 63A-14 (Poquott's spill provision says the same of "the municipality"):
    "In the event of a release of nonhazardous materials, said person shall notify the SMO
    in person, by telephone or by facsimile no later than the next business day.
    Notifications in person or by telephone shall be confirmed by written notice addressed
    and mailed to the SMO within three business days of the in-person or by-telephone
    notice."

    How we read it:

    * ``notify_by`` is the next business day after the calendar date of discovery, whatever
      the hour and whether or not that date is itself a business day: found at 11:59 p.m.
      on a Monday, Tuesday; on a Friday, Saturday or Sunday, Monday (or Tuesday after a
      Monday holiday); on Thanksgiving, the Friday after.
    * ``written_by`` is the third business day after ``notify_by``: the last day to mail
      the written confirmation if the phone or in-person notice is given on the last
      allowed day. Earlier notice moves it earlier (see :func:`written_notice_due`).
      A notice by fax is itself written, so the confirmation applies to in-person and
      phone notice only.
    * When the calendar skips a weekday holiday the village may keep open (Columbus Day,
      Veterans Day, Juneteenth, a Friday observance) and the village file has not declared it,
      the same dates counted with that day open are the earliest the text could require: a
      spill found on Friday 9 October 2026 is to be notified by Monday 12 October, or Tuesday
      13 October if Village Hall is closed for Columbus Day.

    A release of hazardous materials has no date to compute: emergency dispatch (911)
    must be called immediately.

    :param discovered: when the release was discovered; an aware datetime is read in the
      village's time zone, a naive one as local time
    :param village: the village (see :func:`business_days`)
    """
    calendar = business_days(village)
    found = calendar.local_date(discovered)
    notify_by = calendar.next_business_day(found)
    written_by = written_notice_due(notify_by, calendar)
    early = calendar.earliest_calendar()
    notify_earliest = early.next_business_day(found)
    written_earliest = early.add_business_days(notify_earliest, 3)
    return SpillDeadlines(
        notify_by=notify_by, written_by=written_by,
        notify_earliest=notify_earliest, written_earliest=written_earliest,
        notify_holidays=_undeclared_between(calendar, found, notify_by) if notify_earliest < notify_by else (),
        written_holidays=_undeclared_between(calendar, found, written_by) if written_earliest < written_by else (),
    )


def _undeclared_between(calendar: BusinessCalendar, after: date, until: date) -> Tuple[str, ...]:
    """The undeclared may-be-open holidays in (``after``, ``until``], in date order."""
    names = []
    day = after
    while day < until:
        day += timedelta(days=1)
        name = calendar.undeclared_closure(day)
        if name and name not in names:
            names.append(name)
    return tuple(names)


def filed_deadlines(discovered: Union[datetime, date], notify_by: date, written_by: date, village) -> SpillDeadlines:
    """A filed report's stored deadlines with their earliest dates, recomputed from discovery.

    The stored dates stay the report's; the earliest ones are added only when recomputing
    gives the same stored dates (a calendar changed since filing, or dates staff set, get one
    date each).

    :param discovered: when the release was discovered (or the report filed, if unknown)
    """
    fresh = spill_deadlines(discovered, village)
    if (fresh.notify_by, fresh.written_by) != (notify_by, written_by):
        return SpillDeadlines(notify_by=notify_by, written_by=written_by)
    return fresh


def village_today(village, now: Optional[datetime] = None) -> date:
    """The calendar date in ``village``'s time zone at ``now`` (the clock when ``None``).

    :param village: anything :func:`business_days` takes
    """
    return business_days(village).local_date(utc_now(now))
