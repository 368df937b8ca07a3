"""The one clock: the current moment, the stored time format, and "today" in a village."""
from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Optional, Union


def utc_now(now: Optional[datetime] = None) -> datetime:
    """``now`` (naive means UTC) or the current time, as an aware UTC datetime."""
    moment = now or datetime.now(timezone.utc)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def iso(now: Union[datetime, float, None] = None) -> str:
    """``now`` as every table stores it: ISO 8601, UTC, to the millisecond, so stored
    times compare as strings.

    :param now: a datetime (naive means UTC), a POSIX timestamp, or ``None`` for the clock
    """
    if isinstance(now, (int, float)):
        now = datetime.fromtimestamp(now, timezone.utc)
    return utc_now(now).isoformat(timespec="milliseconds")


def village_today(village, now: Optional[datetime] = None) -> date:
    """The calendar date in ``village``'s time zone at ``now``.

    :param village: a :class:`stormwater.law.villages.Village` (or anything
        :func:`stormwater.law.deadlines.business_days` takes)
    """
    from stormwater.law.deadlines import business_days  # deadlines needs villages; keep this module import-free

    return business_days(village).local_date(utc_now(now))


def exists_locally(moment: datetime) -> bool:
    """Whether an aware ``moment``'s wall-clock time exists in its own time zone: 2:30 a.m. on
    the day clocks spring forward does not (Python would silently read it as 3:30)."""
    if moment.tzinfo is None:
        return True
    back = moment.astimezone(timezone.utc).astimezone(moment.tzinfo)
    return back.replace(tzinfo=None) == moment.replace(tzinfo=None)
