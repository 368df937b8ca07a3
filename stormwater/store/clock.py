"""The one clock: the current moment and the stored time format ("today" in a village is the
law's: :func:`stormwater.law.deadlines.village_today`)."""
from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Optional, Union


def utc_now(now: Optional[datetime] = None) -> datetime:
    """``now`` (naive means UTC) or the current time, as an aware UTC datetime."""
    moment = now or datetime.now(timezone.utc)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def unix_time() -> float:
    """The current POSIX time in seconds (rate limits, session ages, tracker events)."""
    return time.time()


def iso(now: Union[datetime, float, None] = None) -> str:
    """``now`` as every table stores it: ISO 8601, UTC, to the millisecond, so stored
    times compare as strings.

    :param now: a datetime (naive means UTC), a POSIX timestamp, or ``None`` for the clock
    """
    if isinstance(now, (int, float)):
        now = datetime.fromtimestamp(now, timezone.utc)
    return utc_now(now).isoformat(timespec="milliseconds")


def exists_locally(moment: datetime) -> bool:
    """Whether an aware ``moment``'s wall-clock time exists in its own time zone: 2:30 a.m. on
    the day clocks spring forward does not (Python would silently read it as 3:30)."""
    if moment.tzinfo is None:
        return True
    back = moment.astimezone(timezone.utc).astimezone(moment.tzinfo)
    return back.replace(tzinfo=None) == moment.replace(tzinfo=None)
