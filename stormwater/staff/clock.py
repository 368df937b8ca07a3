"""Times as the staff desk stores them, and "today" in a village's time zone."""
from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Optional

from stormwater.deadlines import business_days


def utc_now(now: Optional[datetime] = None) -> datetime:
    """``now`` (naive means UTC) or the current time, as an aware UTC datetime."""
    moment = now or datetime.now(timezone.utc)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def iso(now: Optional[datetime] = None) -> str:
    """``now`` as stored: ISO 8601, UTC, to the millisecond."""
    return utc_now(now).isoformat(timespec="milliseconds")


def village_today(village, now: Optional[datetime] = None) -> date:
    """The calendar date in ``village``'s time zone at ``now``.

    :param village: a :class:`stormwater.villages.Village` (or anything :func:`business_days` takes)
    """
    return business_days(village).local_date(utc_now(now))
