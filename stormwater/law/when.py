"""Read the discovery time a resident types ("last night", "Friday at 4pm", "12/24/2026").

Hand-written rules on top of the standard library: ``dateparser`` would need newer ``regex``
and ``pytz`` than Rasa 3.6 allows, and a resident's report needs predictable answers more
than broad coverage. Anything the rules do not recognise gives ``None``, and the bot asks
again.

Conventions (all relative to the ``now`` the caller passes):

* A discovery is in the past. A phrase that only names a recurring day or time ("Friday",
  "Dec 24", "3pm", "the 24th") means its most recent occurrence that is not in the future;
  a phrase fixed in time that lies in the future ("12/24/2026" in November 2026,
  "tomorrow", "next week") gives ``None``.
* A day without a time ("yesterday", "Friday", "Dec 24") is that day at 00:00.
* Parts of the day: morning 09:00, afternoon 15:00, evening 19:00, night 21:00 (from 05:00,
  12:00, 17:00 and 18:00); a part of today that has begun but whose time has not yet come
  gives ``now``. "Tonight" after midnight and before 05:00 is the night that began the
  evening before.
* An hour without am/pm ("at 3", "3:15") is whichever of 3 am and 3 pm came last; a part of
  the day settles it ("this morning at 8", "last night at 11").
* US dates: "12/1/2026" is December 1.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from typing import Iterator, List, Optional, Tuple

# Residents' clocks and ours differ a little: a time up to a minute ahead of ``now`` is
# read as ``now`` rather than refused.
_TOLERANCE = timedelta(minutes=1)
# A discovery time is a short phrase; a long text is a sentence we should not guess from.
_MAX_LENGTH = 80
# How far back a year-less date may roll (Feb 29 needs up to 8 years around 2100).
_MAX_YEARS_BACK = 8

_WEEKDAYS = {
    "monday": 0, "mon": 0,
    "tuesday": 1, "tue": 1, "tues": 1,
    "wednesday": 2, "wed": 2,
    "thursday": 3, "thu": 3, "thur": 3, "thurs": 3,
    "friday": 4, "fri": 4,
    "saturday": 5, "sat": 5,
    "sunday": 6, "sun": 6,
}
_MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4,
    "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11,
    "nov": 11, "december": 12, "dec": 12,
}
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15,
    "twenty": 20, "thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50,
    "a couple": 2, "a couple of": 2, "couple": 2, "couple of": 2, "a few": 3, "few": 3,
    "several": 3,
}
_UNITS = {
    "s": "seconds", "sec": "seconds", "secs": "seconds", "second": "seconds", "seconds": "seconds",
    "m": "minutes", "min": "minutes", "mins": "minutes", "minute": "minutes", "minutes": "minutes",
    "h": "hours", "hr": "hours", "hrs": "hours", "hour": "hours", "hours": "hours",
    "d": "days", "day": "days", "days": "days",
    "week": "weeks", "weeks": "weeks", "wk": "weeks", "wks": "weeks",
}


@dataclass(frozen=True)
class _Period:
    start: time  # before this, the part of today has not begun: "this evening" at 10 am is None
    usual: time  # the time we record for it


_PERIODS = {
    "morning": _Period(time(5), time(9)),
    "afternoon": _Period(time(12), time(15)),
    "evening": _Period(time(17), time(19)),
    "night": _Period(time(18), time(21)),
}
# "Last night at 11" is 11 pm; "last night at 2" is 2 am, already the next calendar day.
_NIGHT_SMALL_HOURS = range(1, 6)

_NOW = re.compile(
    r"(?:just now|right now|now|just|a moment ago|moments ago|a minute ago|a second ago"
    r"|seconds ago|a few seconds ago|just a moment ago)"
)
_AMOUNT = r"(?P<n>\d+(?:\.\d+)?|" + "|".join(
    re.escape(w) for w in sorted(_NUMBER_WORDS, key=len, reverse=True)
) + r"|half an|half a)"
_RELATIVE = re.compile(
    _AMOUNT
    + r"\s*(?P<unit>" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")"
    + r"(?P<half>\s+and\s+a\s+half)?\s+(?:ago|back|earlier)"
)
# "3pm", "3:15 pm", "15:00", "noon", "at 3", "around 3", "3 o'clock". The hour must not follow
# a digit or a date separator, so "12/24/2026" and "2026-12-24" are not read as times.
_TIME = re.compile(
    r"(?:\b(?:at|@)\s*)?"
    r"(?:"
    r"(?<![\d/.:-])(?P<h1>\d{1,2})(?::(?P<m1>\d{2}))?(?::\d{2})?\s*(?P<ap>am|pm)\b"
    r"|(?<![\d/.:-])(?P<h2>\d{1,2}):(?P<m2>\d{2})(?::\d{2})?(?![\d/.:-])"
    r"|\b(?P<named>noon|midday|midnight)\b"
    r"|(?<![\d/.:-])(?P<h3>\d{1,2})\s*o'?clock\b"
    r"|(?:(?<=\bat )|(?<=\bat)|(?<=@ )|(?<=@)|(?<=\baround )|(?<=\babout ))(?P<h4>\d{1,2})(?![\d/.:-])"
    r")"
)
_PERIOD = re.compile(r"\b(?P<p>morning|afternoon|evening|tonight|night)\b")
_FILLERS = re.compile(
    r"\b(?:i think|i believe|probably|maybe|perhaps|approximately|approx|roughly|around"
    r"|about|sometime|some time|like|it was|it happened|happened|i (?:found|saw|noticed) it"
    r"|found it|saw it|noticed it|noticed|since|early|late|in the|on|at)\b|~|-?\bish\b"
)
_NUMERIC_DATE = re.compile(r"(?P<m>\d{1,2})[/.-](?P<d>\d{1,2})(?:[/.-](?P<y>\d{4}|\d{2}))?")
_ISO_DATE = re.compile(r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})")
_MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_MONTH_DAY = re.compile(
    rf"(?P<mon>{_MONTH_NAMES})\s+(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:\s+(?P<y>\d{{4}}))?"
)
_DAY_MONTH = re.compile(
    rf"(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{_MONTH_NAMES})(?:\s+(?P<y>\d{{4}}))?"
)
_DAY_OF_MONTH = re.compile(r"(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)")
_WEEKDAY = re.compile(
    r"(?:(?P<mod>last|this past|past|previous|this)\s+)?(?P<wd>"
    + "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
    + r")"
)
_DAYS_AGO = re.compile(_AMOUNT + r"\s+(?P<unit>days?|weeks?)\s+(?:ago|back|earlier)")


def _normalize(text: str) -> str:
    s = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    s = re.sub(r"(?<![a-z])([ap])\.\s?m\.?(?=\s|$|[,;!?])", r"\1m", s)  # p.m. -> pm
    s = re.sub(r"(?<=\d)t(?=\d{1,2}:\d{2})", " ", s)  # ISO 2026-12-24T15:00
    s = re.sub(r"(?<=[\dm])ish\b", " ish", s)  # "8ish", "3pmish"
    s = re.sub(r"[,;!?()\"]", " ", s)
    s = re.sub(r"(?<=[a-z])\.", " ", s)  # "dec." and a sentence's full stop
    s = re.sub(r"\s+", " ", s).strip()
    return s.strip(" .")


def _strip_fillers(s: str) -> str:
    return re.sub(r"\s+", " ", _FILLERS.sub(" ", s)).strip()


def _amount(match) -> Optional[float]:
    raw = match.group("n")
    if raw in ("half an", "half a"):
        value = 0.5
    elif raw in _NUMBER_WORDS:
        value = float(_NUMBER_WORDS[raw])
    else:
        value = float(raw)
    if match.groupdict().get("half"):
        value += 0.5
    return value


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


def _composite(s: str, now: datetime) -> Optional[datetime]:
    today = now.date()
    latest = now + _TOLERANCE

    times = None
    time_matches = list(_TIME.finditer(s))
    if len(time_matches) > 1:
        return None
    period_matches = list(_PERIOD.finditer(s))
    if len(period_matches) > 1:
        return None
    period_word = period_matches[0]["p"] if period_matches else None
    period = _PERIODS["night" if period_word == "tonight" else period_word] if period_word else None

    rest = s
    if time_matches:
        m = time_matches[0]
        times = _times(m, period)
        if times is None:
            return None
        rest = rest[: m.start()] + " " + rest[m.end():]
    if period_matches:
        rest = _PERIOD.sub(" ", rest, count=1)
        if period_word == "tonight":
            rest = (rest + " this").strip()
    rest = _strip_fillers(rest)
    if period_word == "tonight" and rest != "this":
        return None  # "yesterday tonight" and the like

    if rest in ("", "this") and period_word == "tonight" and now.hour < 5:
        days: Iterator[date] = iter([today - timedelta(days=1)])
    elif rest == "":
        if times is not None:
            # A bare time: today, or yesterday if that time has not come yet today.
            days = iter([today, today - timedelta(days=1)])
        elif period is not None:
            days = iter([today])
        else:
            return None
    else:
        found = _days(rest, today, period is not None)
        if found is None:
            return None
        days = found

    for day in days:
        if times is not None:
            for clock, offset in times:
                moment = _at(day + timedelta(days=offset), clock, now)
                if moment <= latest:
                    return moment
        elif period is not None:
            if _at(day, period.start, now) <= latest:
                return min(_at(day, period.usual, now), now)
        else:
            moment = _at(day, time(0), now)
            if moment <= latest:
                return moment
    return None


def parse_when(text: str, now: datetime) -> Optional[datetime]:
    """The moment a resident's free text names, or ``None`` if it is unclear or in the future.

    Understands, among others: "now", "just now", "an hour ago", "2 hours ago", "30 mins
    ago", "this morning", "tonight", "last night", "yesterday", "yesterday at 5pm",
    "Friday", "Friday at 4pm", "last Friday", "at 3pm", "3pm", "noon", "12/24/2026",
    "Dec 24", "December 24 at 3:15 pm", "2026-12-24 15:00". See the module docstring for
    how vague phrases are read.

    :param text: what the resident typed
    :param now: the current time; the result has the same ``tzinfo`` (naive if ``now`` is)
    :return: a moment no later than ``now``; ``None`` for text not understood (``"asdf"``,
      ``""``, ``"next week"``) and for moments more than a minute after ``now``
    """
    if not isinstance(text, str):
        return None
    s = _normalize(text)
    if not s or len(s) > _MAX_LENGTH:
        return None
    # Fillers ("about an hour ago") go before the relative rules; _composite strips them
    # itself, after taking out the time, since "at" belongs to "at 3".
    result = _relative(s, now) or _relative(_strip_fillers(s), now) or _composite(s, now)
    if result is None or result > now + _TOLERANCE:
        return None
    return min(result, now)


# Words that make a span of a longer sentence a time, not a number: "about 10" alone is a
# clock time to parse_when, but in "about 10 gallons" it is an amount. Short weekday and month
# abbreviations ("sun", "sat", "may") are left out: they are ordinary words too.
_ANCHOR = re.compile(
    r"\b(yesterday|today|tonight|now|ago|morning|afternoon|evening|night|noon|midnight|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"january|february|march|april|june|july|august|september|october|november|december|"
    r"\d{1,2}\s?(?:am|pm|a\.m\.?|p\.m\.?)|\d{1,2}:\d{2}|o'?clock|(?:the\s)?\d{1,2}(?:st|nd|rd|th)|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{4}-\d{2}-\d{2})\b",
    re.I,
)
# A number right before one of these is a quantity, never a time.
_QUANTITY_AFTER = re.compile(
    r"^\s*(?:gallons?|gal|liters?|litres?|quarts?|pints?|cups?|buckets?|ounces?|oz|ml|drums?|barrels?|"
    r"bottles?|cans?|feet|foot|ft|yards?|inches?|pounds?|lbs?|%|percent|(?:st|nd|rd|th)?\s*(?:st|street|rd|road|ave|avenue|lane|ln|dr|drive)\b)",
    re.I,
)
_MAX_SPAN_WORDS = 8


def find_when(text: str, now: datetime) -> Optional[Tuple[str, datetime]]:
    """The time named inside a longer message, as ``(the words, the moment)``, or ``None``.

    "saw him do it again yesterday evening around 6" gives ``("yesterday evening around 6",
    ...)``. Only spans holding a time word (a day, a part of the day, "ago", "4pm", a date)
    count, so amounts and house numbers are never read as times; the longest readable span
    wins, then the earliest.

    :param text: the resident's message
    :param now: the current time (see :func:`parse_when`)
    """
    if not isinstance(text, str) or not text.strip():
        return None
    words = text.replace("\u2019", "'").split()
    best: Optional[Tuple[int, int, str, datetime]] = None
    for i in range(len(words)):
        for j in range(min(len(words), i + _MAX_SPAN_WORDS), i, -1):
            span = " ".join(words[i:j]).strip(" ,.;:!?()\"")
            if not span or not _ANCHOR.search(span):
                continue
            rest = " ".join(words[j:])
            if re.search(r"\d\s*$", span) and _QUANTITY_AFTER.match(rest):
                continue
            moment = parse_when(span, now)
            if moment is None:
                continue
            size = j - i
            if best is None or size > best[0]:
                best = (size, i, span, moment)
            break  # shorter spans from the same start are never better
    if best is None:
        return None
    return _trimmed(best[2].split(), best[3], now)


_TIME_WORDS = frozenset(
    "last this past early late earlier at around about ago a an few couple of the hour hours minute minutes "
    "min mins day days week weeks ish just before after".split()
)


def _droppable(word: str) -> bool:
    bare = word.lower().strip(" ,.;:!?()\"'")
    return not re.search(r"\d", bare) and bare not in _TIME_WORDS and not _ANCHOR.search(bare)


def _trimmed(words: List[str], moment: datetime, now: datetime) -> Tuple[str, datetime]:
    """Drop words at either end that are not about time ("I noticed it this morning on")."""
    start, end = 0, len(words)
    while start < end - 1 and _droppable(words[start]):
        start += 1
    while end - 1 > start and _droppable(words[end - 1]):
        end -= 1
    core = words[start:end]
    if parse_when(" ".join(core), now) == moment:
        words = core
    return " ".join(words).strip(" ,.;:!?()\""), moment
