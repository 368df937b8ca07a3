"""What several staff views need: villages in scope, "today" per village, the queue filter."""
from __future__ import annotations

from datetime import date, datetime
from typing import Dict, List

from flask import abort, current_app, make_response, render_template, request

from stormwater.law.deadlines import business_days, village_today
from stormwater.store.clock import utc_now
from stormwater.staff.queue import FilterError, QueueFilter, parse_filter


def villages() -> dict:
    """slug -> Village, as loaded by the app."""
    return current_app.extensions["villages"]


def now() -> datetime:
    """The current time (tests may pin it with ``app.config["STAFF_NOW"]``)."""
    return current_app.config.get("STAFF_NOW") or utc_now()


def today_by_village() -> Dict[str, date]:
    """Each village's local date now."""
    moment = now()
    return {slug: village_today(village, moment) for slug, village in villages().items()}


def fallback_today() -> date:
    """Today where no village file says otherwise."""
    return business_days("US").local_date(now())


def visible_villages(user) -> List[str]:
    """The village slugs ``user`` may see."""
    return sorted(villages()) if user.is_admin else [user.village]


def queue_filter(user) -> QueueFilter:
    """The queue filter from the GET parameters; a bad one ends the request with 400, a
    village the user may not see with 403."""
    try:
        flt = parse_filter(request.args, sorted(villages()))
    except FilterError as error:
        abort(make_response(render_template("staff/error.html", reason="bad_filter", detail=str(error)), 400))
    if flt.village and not user.can_see(flt.village):
        abort(make_response(render_template("staff/error.html", reason="forbidden"), 403))
    return flt
