"""A filed report's deadlines as the resident reads them: one date, or the earliest date the
text could require and the later one when the business-day calendar may be a day late."""
from __future__ import annotations

from datetime import date
from typing import Optional, Sequence

from stormwater.store.wording import load_messages
from stormwater.law.deadlines import SpillDeadlines, filed_deadlines


def long_date(day: date) -> str:
    """``Tuesday, December 1, 2026``: unambiguous when read aloud or on a phone."""
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def ticket_deadlines(ticket, village) -> Optional[SpillDeadlines]:
    """The report's stored deadlines with their earliest dates (``None`` without deadlines).

    :param ticket: a :class:`stormwater.reports.ticket_records.Ticket`; its discovery time, or
      its filing time when none was given, is what its deadlines were counted from
    """
    if not (ticket.notify_by and ticket.written_by):
        return None
    return filed_deadlines(ticket.discovered_at or ticket.created_at, ticket.notify_by, ticket.written_by, village)


def deadline_words(village, earliest: date, latest: date, holidays: Sequence[str]) -> str:
    """``Monday, October 12, 2026, or Tuesday, October 13, 2026 if Village Hall is closed for
    Columbus Day: call (516) 555-0101 to check``; just the date when the two agree.

    :param holidays: the undeclared holidays between them (``SpillDeadlines.notify_holidays``)
    """
    if earliest >= latest or not holidays:
        return long_date(latest)
    names = list(holidays)
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    office = village.contact(village.spill_notice.contact)
    return str(load_messages()["deadline_either"]).format(
        earliest=long_date(earliest), latest=long_date(latest), holidays=listed, phone=office.get("phone", ""),
    )


def day_words(words: str, day: date, today: Optional[date]) -> str:
    """``words`` led by "today" or "tomorrow" when ``day`` (the date they open with) is one of
    them in the village (``today``: the village's local date; ``None`` leaves them as they are)."""
    if today is None or (day - today).days not in (0, 1):
        return words
    key = "deadline_today" if day == today else "deadline_tomorrow"
    return str(load_messages()[key]).format(date=words)


def notify_words(village, deadlines: SpillDeadlines) -> str:
    """When the notice is due, in words."""
    return deadline_words(village, deadlines.notify_earliest, deadlines.notify_by, deadlines.notify_holidays)


def written_words(village, deadlines: SpillDeadlines) -> str:
    """When the written confirmation is due after a notice on the last allowed day, in words."""
    return deadline_words(village, deadlines.written_earliest, deadlines.written_by, deadlines.written_holidays)
