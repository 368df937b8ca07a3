"""The words of a discovery time: weekdays, months, numbers, parts of the day, and the
patterns :mod:`stormwater.understanding.when` reads them with."""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import time, timedelta
from typing import Optional

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
    # From midnight: at 3 a.m., "this morning" (a button the report form offers) is now.
    "morning": _Period(time(0), time(9)),
    "afternoon": _Period(time(12), time(15)),
    "evening": _Period(time(17), time(19)),
    "night": _Period(time(18), time(21)),
}
# "Last night at 11" is 11 pm; "last night at 2" is 2 am, already the next calendar day.
_NIGHT_SMALL_HOURS = range(1, 6)

_NOW = re.compile(
    r"(?:just now|right now|rite now|rn|now|just|a moment ago|moments ago|a minute ago|a second ago"
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


# Times as people text them ("2day", "last nite", "this am"): spelled out before reading.
_TEXTING = (
    (re.compile(r"\b(?:2day|tday|tdy)\b"), "today"),
    (re.compile(r"\b(?:2nite|2night|tonite|tonyt)\b"), "tonight"),
    (re.compile(r"\b(?:nite|nyt)\b"), "night"),
    (re.compile(r"\b(?:yday|ystrdy|yesterdy|yesturday|yesterady|yestrday|yest)\b"), "yesterday"),
    (re.compile(r"\bthis am\b"), "this morning"),
    (re.compile(r"\bthis pm\b"), "this afternoon"),
    (re.compile(r"\bmorn\b"), "morning"),
)


def spell_out_texting(text: str) -> str:
    """``text`` with texting-style time words spelled out ("2day" -> "today", "this am" -> "this morning")."""
    s = text
    for pattern, words in _TEXTING:
        s = pattern.sub(words, s)
    return s


def _normalize(text: str) -> str:
    s = spell_out_texting(text.lower().replace("\u2019", "'").replace("\u2018", "'"))
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
