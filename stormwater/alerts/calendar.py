"""The report's two deadlines as an iCalendar file (RFC 5545), built with :mod:`icalendar`.

The deadlines are days (the ordinance counts business days, not hours), so each is an
all-day event on the village's local date; the calendar names the village's time zone. When
the business-day calendar may be a day late (a weekday holiday Village Hall may keep open),
the event falls on the earliest date the text could require and says the later one.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Optional

from icalendar import Calendar, Event

from stormwater.law.deadline_words import notify_words, ticket_deadlines, written_words
from stormwater.law.deadlines import DEFAULT_TIMEZONE
from stormwater.store.clock import utc_now
from stormwater.store.wording import load_messages

PRODID = "-//Stormwater Help Desk//Report deadlines//EN"


def deadlines_ics(ticket, village, now: Optional[datetime] = None) -> Optional[bytes]:
    """The notify-by and written-by deadlines of ``ticket`` as ``.ics`` bytes, or ``None`` when
    the report has no deadline.

    :param ticket: a :class:`stormwater.reports.ticket_store.Ticket`
    :param village: its :class:`stormwater.law.villages.Village`; its ``spill_notice`` names whom
      to notify and its contact for that role goes in each event's description
    """
    if not ticket.notify_by and not ticket.written_by:
        return None
    words = load_messages()["alerts"]
    notice = village.spill_notice
    office = village.contact(notice.contact)
    spill_rules = village.topics.get("spill_rules")
    citation = (f"{village.ordinance_short}, {spill_rules.passages[0].citation}"
                if spill_rules and spill_rules.passages else village.ordinance_title)
    description = words["calendar_description"].format(
        reference=ticket.reference, village=village.short_name, contact_title=office.get("title", ""),
        contact_phone=office.get("phone", ""),
        contact_email=f", {office['email']}" if office.get("email") else "",
        contact_address=f", {office['address']}" if office.get("address") else "",
        citation=citation,
    )
    stamp = utc_now(now)
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-timezone", str(getattr(village, "timezone", None) or DEFAULT_TIMEZONE))
    deadlines = ticket_deadlines(ticket, village)
    events = (
        ("notify", ticket.notify_by, words["calendar_notify_summary"].format(notify=notice.notify, reference=ticket.reference)),
        ("written", ticket.written_by, words["calendar_written_summary"].format(letter_to=notice.letter_to, reference=ticket.reference)),
    )
    for name, day, summary in events:
        if not day:
            continue
        event_description = description
        if deadlines:
            # Both dates, in the words of the chat reply; the event sits on the earlier one.
            early = deadlines.notify_earliest if name == "notify" else deadlines.written_earliest
            when = notify_words(village, deadlines) if name == "notify" else written_words(village, deadlines)
            if early < day:
                day = early
                summary += words["calendar_earliest_suffix"]
            event_description = words["calendar_due"].format(when=when) + " " + description
        event = Event()
        event.add("uid", f"{ticket.reference}-{name}@stormwater-helpdesk")
        event.add("dtstamp", stamp)
        event.add("dtstart", day)  # a date: an all-day event on the village's own day
        event.add("dtend", day + timedelta(days=1))
        event.add("summary", summary)
        event.add("description", event_description)
        event.add("transp", "TRANSPARENT")
        cal.add_component(event)
    return cal.to_ical()
