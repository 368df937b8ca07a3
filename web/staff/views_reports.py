"""Exports: the filtered queue as CSV, and the yearly summary for the MS4 annual report."""
from __future__ import annotations

from flask import Response, abort, make_response, render_template, request

from stormwater.staff import export
from stormwater.staff import queue as ticket_queue

from ..request_db import get_db
from . import bp, staff_user
from .context import fallback_today, now, queue_filter, today_by_village, villages, visible_villages

MIN_YEAR, MAX_YEAR = 2000, 2100


def _csv(text: str, filename: str) -> Response:
    response = Response(text, mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/export.csv")
def export_tickets():
    """The tickets the queue shows for the same GET parameters, every page, as CSV."""
    user = staff_user()
    items = ticket_queue.all_matching(get_db(), user, queue_filter(user), today_by_village(), fallback_today())
    return _csv(export.tickets_csv(get_db(), items, villages()), f"tickets-{fallback_today().isoformat()}.csv")


def _summary():
    user = staff_user()
    raw_year = (request.args.get("year") or str(fallback_today().year)).strip()
    if not raw_year.isdigit() or not MIN_YEAR <= int(raw_year) <= MAX_YEAR:
        abort(make_response(render_template("staff/error.html", reason="bad_year"), 400))
    village = (request.args.get("village") or "").strip()
    scope = visible_villages(user)
    if village:
        if village not in villages():
            abort(make_response(render_template("staff/error.html", reason="bad_filter", detail=f"village={village!r}"), 400))
        if not user.can_see(village):
            abort(make_response(render_template("staff/error.html", reason="forbidden"), 403))
        scope = [village]
    return export.yearly_summary(get_db(), int(raw_year), villages(), scope), village


@bp.get("/summary")
def summary_page():
    """Counts for one year by kind, village, month, hazard and time to close."""
    summary, village = _summary()
    return render_template("staff/summary.html", summary=summary, village=village, villages=villages(),
                           visible=visible_villages(staff_user()), now=now())


@bp.get("/summary.csv")
def summary_csv():
    summary, village = _summary()
    return _csv(export.summary_csv(summary), f"ms4-summary-{summary.year}{'-' + village if village else ''}.csv")
