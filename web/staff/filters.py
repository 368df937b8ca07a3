"""Template filters for the staff pages: times in the village's zone, readable labels."""
from __future__ import annotations

from datetime import date, datetime
from typing import Any, Optional
from zoneinfo import ZoneInfo

from flask import current_app

from stormwater.law.deadlines import DEFAULT_TIMEZONE
from stormwater.law.setup_check import example_contact_villages
from stormwater.staff import phone_display

from . import bp


def _zone(village: Optional[str]) -> ZoneInfo:
    found = current_app.extensions["villages"].get(village or "")
    return ZoneInfo(str(getattr(found, "timezone", None) or DEFAULT_TIMEZONE))


@bp.app_template_filter("staff_time")
def staff_time(moment: Any, village: Optional[str] = None) -> str:
    """``2026-11-30 10:04`` in the village's time zone (ISO strings and datetimes)."""
    if not moment:
        return ""
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    if moment.tzinfo is not None:
        moment = moment.astimezone(_zone(village))
    return moment.strftime("%Y-%m-%d %H:%M")


@bp.app_template_filter("staff_date")
def staff_date(day: Any) -> str:
    """``Mon 2026-11-30`` (empty for none)."""
    if not day:
        return ""
    if isinstance(day, str):
        day = date.fromisoformat(day[:10])
    return day.strftime("%a %Y-%m-%d")


@bp.app_template_filter("staff_day")
def staff_day(day: Any) -> str:
    """``Tue Dec 1``: a deadline in a queue row, where the year is only width (empty for none)."""
    if not day:
        return ""
    if isinstance(day, str):
        day = date.fromisoformat(day[:10])
    return f"{day:%a %b} {day.day}"


@bp.app_template_filter("staff_phone")
def staff_phone(number: Any) -> str:
    """``+15165550100`` -> ``(516) 555-0100`` (see :mod:`stormwater.staff.phone_display`)."""
    return phone_display.readable(str(number or ""))


@bp.app_template_filter("staff_tel")
def staff_tel(number: Any) -> str:
    """The ``tel:`` link of a phone number (empty when there is nothing to dial)."""
    return phone_display.tel_href(str(number or ""))


@bp.app_template_filter("staff_label")
def staff_label(key: Any) -> str:
    """``reached_drain`` -> ``Reached drain``."""
    text = str(key or "").replace("_", " ").strip()
    return text[:1].upper() + text[1:]


@bp.app_template_filter("staff_value")
def staff_value(value: Any) -> str:
    """A stored answer as text: lists joined, none as an empty string."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(staff_value(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {staff_value(v)}" for k, v in value.items())
    return str(value)


@bp.context_processor
def example_contacts() -> dict:
    """The villages still on example contacts, for the banner on every staff page."""
    return {"example_contact_villages": example_contact_villages(current_app.extensions["villages"].values())}
