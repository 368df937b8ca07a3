"""Printable written confirmations of a spill notice, reached by an unguessable token."""
from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, render_template, request

from stormwater.law.deadline_words import notify_words, ticket_deadlines, written_words
from stormwater.store.settings import LETTER_PATH
from stormwater.alerts.calendar import deadlines_ics
from stormwater.staff.ticket_view import letter_applies
from stormwater.reports.ticket_store import ticket_for_letter
from stormwater.law.villages import get_village

from .request_db import get_db

bp = Blueprint("letters", __name__)


@bp.get(f"{LETTER_PATH}<token>")
def letter(token: str):
    """The written confirmation, addressed to whom the village's text names (``spill_notice``),
    prefilled from the ticket, ready to sign and mail."""
    ticket = ticket_for_letter(get_db(), token)
    village = get_village(ticket.village, current_app.config["DATA_DIR"]) if ticket else None
    # A hazardous or third-party report has no notice to confirm: no letter for it.
    if ticket is None or village is None or not letter_applies(ticket):
        abort(404)
    spill_rules = village.topics["spill_rules"]
    deadlines = ticket_deadlines(ticket, village)
    response = render_template(
        "letter.html",
        ticket=ticket,
        village=village,
        notice=village.spill_notice,
        office=village.contact(village.spill_notice.contact),
        citation=f"{village.ordinance_short}, {spill_rules.passages[0].citation}" if spill_rules.passages else village.ordinance_title,
        discovered=ticket.discovered_at.strftime("%B %d, %Y, %I:%M %p").replace(" 0", " ") if ticket.discovered_at else "",
        notify_by=notify_words(village, deadlines) if deadlines else "",
        written_by=written_words(village, deadlines) if deadlines else "",
    )
    return response


@bp.get("/letters/<token>/deadlines.ics")
def deadlines_calendar(token: str):
    """The report's notify-by and written-by deadlines as an iCalendar file (RFC 5545)."""
    ticket = ticket_for_letter(get_db(), token)
    village = get_village(ticket.village) if ticket else None
    body = deadlines_ics(ticket, village) if ticket and village else None
    if body is None:
        abort(404)
    return Response(body, mimetype="text/calendar", headers={
        "Content-Disposition": f'attachment; filename="{ticket.reference}-deadlines.ics"',
    })


@bp.after_app_request
def _private(response):
    # A letter shows a name and a phone number, and a 404 says which tokens do not exist:
    # keep both out of caches, referrers and indexes. An app-wide hook, so that a path under
    # /letters/ that no route matches (a 404 the blueprint never sees) gets it too.
    if not request.path.startswith(LETTER_PATH.rstrip("/")):
        return response
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response
