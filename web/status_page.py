"""The public status page, ``/status``: a report's status from any browser, with its
reference and the check code given when it was filed (issue 32).

A thin view over :mod:`stormwater.intake.status_lookup`: wrong checks are limited per
client address and per reference, and every refusal reads the same, so the page says
nothing about whether a reference exists. POST, so the check code stays out of addresses,
histories and logs.
"""
from __future__ import annotations

from flask import Blueprint, current_app, render_template, request

from stormwater.intake import status_lookup
from stormwater.reports.ticket_references import normalize_reference, village_prefix

from .request_db import get_db
from .request_limits import address_key

bp = Blueprint("status", __name__)

_MAX_FIELD = 40  # a reference is 10 characters, a check 4: anything longer is not one


def _village_of(reference: str):
    """The village whose prefix starts ``reference`` (any village for a reference of none)."""
    villages = sorted(current_app.extensions["villages"].values(), key=lambda v: v.name)
    prefix = (reference or "")[:3].upper()
    return next((v for v in villages if village_prefix(v) == prefix), villages[0])


@bp.route("/status", methods=["GET", "POST"])
def status_page():
    """The form; on POST, the report's history and what comes next, or one refusal."""
    if request.method == "GET":
        return render_template("status.html", reference="", answer=None)
    reference = (request.form.get("reference") or "").strip()[:_MAX_FIELD]
    check = (request.form.get("check") or "").strip()[:_MAX_FIELD]
    if not reference or not check:
        return render_template("status.html", reference=reference, answer=None, missing=True), 400
    lookup = status_lookup.by_check(get_db(), reference, check, address_key("status", exempt_loopback=False))
    if lookup.outcome == status_lookup.STATUS:
        village = current_app.extensions["villages"].get(lookup.history.village) or _village_of(lookup.reference)
        text = status_lookup.status_text(lookup.history, village)
        return render_template("status.html", reference=lookup.reference, answer=text.split("\n"), found=True)
    village = _village_of(normalize_reference(reference) or "")
    code = 429 if lookup.outcome == status_lookup.LIMITED else 200
    return render_template("status.html", reference=reference, answer=[status_lookup.refusal_text(lookup, village)],
                           found=False), code
