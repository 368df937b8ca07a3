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
* Parts of the day: morning 09:00, afternoon 15:00, evening 19:00, night 21:00 (from 00:00,
  12:00, 17:00 and 18:00); a part of today that has begun but whose time has not yet come
  gives ``now``. "Tonight" after midnight and before 05:00 is the night that began the
  evening before.
* An hour without am/pm ("at 3", "3:15") is whichever of 3 am and 3 pm came last; a part of
  the day settles it ("this morning at 8", "last night at 11").
* US dates: "12/1/2026" is December 1.
"""
from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from typing import Iterator, List, Optional, Tuple

from stormwater.understanding.when_calendar import _at, _days, _relative, _times
from stormwater.understanding.when_vocabulary import (
    _MAX_LENGTH, _normalize, spell_out_texting, _PERIOD, _PERIODS, _strip_fillers, _TIME, _TOLERANCE,
)


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
# "friday night not saturday, around 7": the day denied is no part of the time said.
_DENIED_DAY = re.compile(
    r"(?:,\s*)?\b(?:not|and not|rather than|instead of)\s+(?:on\s+)?(?:(?:this|last)\s+)?"
    r"(?:[a-z]+day|sat|sun|mon|tues?|wed|thu(?:rs?)?|fri|tonight|(?:this|last) (?:morning|night|nite|am|pm))\b",
    re.I,
)


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
    words = _DENIED_DAY.sub(" ", text.replace("\u2019", "'")).split()
    best: Optional[Tuple[int, int, str, datetime]] = None
    for i in range(len(words)):
        for j in range(min(len(words), i + _MAX_SPAN_WORDS), i, -1):
            span = " ".join(words[i:j]).strip(" ,.;:!?()\"")
            if not span or not _ANCHOR.search(spell_out_texting(span.lower())):
                continue
            rest = " ".join(words[j:])
            if re.search(r"\d(?:st|nd|rd|th)?\s*$", span, re.I) and _QUANTITY_AFTER.match(rest):
                continue  # "10 gallons", "3rd Ave": an amount or a street, no day of the month
            moment = parse_when(span, now)
            if moment is None:
                continue
            size = j - i
            if best is None or size > best[0]:
                best = (size, i, span, moment)
            break  # shorter spans from the same start are never better
    if best is None:
        return None
    said, moment = _trimmed(best[2].split(), best[3], now)
    return re.sub(r"\s+,", ",", said), moment


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


def hour_said(phrase: str, now: datetime) -> bool:
    """Whether a time phrase fixes the hour: a clock time ("sat morning around 7"), a span back
    from now ("2 hours ago") or now itself; a day or a part of the day alone ("sat morning",
    "yesterday", "this am") does not, so the report files the day with "time not given" rather
    than invent an hour."""
    s = _normalize(phrase or "")
    return bool(_TIME.search(s)) or _relative(s, now) is not None or _relative(_strip_fillers(s), now) is not None
