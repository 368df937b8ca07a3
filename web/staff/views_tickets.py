"""The queue and the ticket page, and the changes staff make to a ticket."""
from __future__ import annotations

from zoneinfo import ZoneInfo

from flask import Response, abort, current_app, flash, redirect, render_template, url_for

from stormwater.understanding.catalogue import load_catalogue
from stormwater.law.deadlines import DEFAULT_TIMEZONE
from stormwater.alerts import open311_forward, outbox
from stormwater.staff import accounts, audit, corrections, overdue, ticket_view
from stormwater.staff import queue as ticket_queue
from stormwater.staff import ticket_changes as staff_tickets
from stormwater.staff import workflow
from stormwater.staff.media import MediaUnavailable
from stormwater.staff.ticket_changes import TicketChangeError
from stormwater.reports import attachments
from stormwater.dialogue.chat_replies import chat_can_receive, shown_in_chat
from stormwater.reports.photo_cleaning import KEPT_TYPE
from stormwater.reports.ticket_store import notes_for

from ..request_db import get_db
from . import bp, staff_user
from .context import fallback_today, now, queue_filter, today_by_village, villages, visible_villages
from .forms import AssignForm, ConfirmationForm, CorrectionForm, NoteForm, NoticeForm, StatusForm


@bp.get("/")
def queue():
    """Every ticket of the user's village(s), newest and most urgent first, filtered."""
    user = staff_user()
    flt = queue_filter(user)
    page = ticket_queue.search(get_db(), user, flt, today_by_village(), fallback_today())
    # Only the unfiltered first page counts as "looking at the queue".
    last_look = ticket_queue.look_at_queue(get_db(), user, now()) if flt == ticket_queue.QueueFilter() else None
    return render_template(
        "staff/queue.html", page=page, flt=flt, last_look=last_look, villages=villages(), visible=visible_villages(user),
        kinds=ticket_queue.KINDS, statuses=ticket_queue.STATUS_CHOICES, sorts=tuple(ticket_queue.SORTS),
    )


def _ticket_or_404(reference: str):
    ticket = staff_tickets.visible_ticket(get_db(), reference, staff_user())
    if ticket is None:
        abort(404)
    return ticket


def _forms(ticket, **bound):
    db = get_db()
    status = bound.get("status") or StatusForm(formdata=None, expected=ticket.status)
    status.status.choices = [(s, s) for s in workflow.STATUSES if s in workflow.next_statuses(ticket.status)]
    assign = bound.get("assign") or AssignForm(formdata=None, assignee=str(ticket.assignee_id or ""))
    assign.assignee.choices = [("", "nobody")] + [
        (str(u.id), f"{u.name} ({u.email})") for u in accounts.list_users(db, ticket.village)
    ]
    correction = bound.get("correction") or CorrectionForm(formdata=None)
    correction.field.choices = _correction_choices()
    return {
        "correction_form": correction,
        "status_form": status,
        "assign_form": assign,
        "note_form": bound.get("note") or NoteForm(formdata=None),
        "notice_form": bound.get("notice") or NoticeForm(formdata=None, received_on=ticket.notice_received_on,
                                                          method=ticket.notice_method or "telephone"),
        "confirmation_form": bound.get("confirmation")
        or ConfirmationForm(formdata=None, received_on=ticket.confirmation_received_on),
    }


def _correction_choices():
    return [(key, ticket_view.label(key)) for key in corrections.CORRECTABLE]


def _zone(ticket) -> ZoneInfo:
    village = villages().get(ticket.village)
    return ZoneInfo(village.timezone if village else DEFAULT_TIMEZONE)


def _history(db, ticket, users):
    names = {user.email: user.name for user in users}
    by_id = {user.id: user.name for user in users}
    return ticket_view.history(audit.entries(db, "ticket", ticket.reference), names, by_id)


def _render_ticket(ticket, http_status: int = 200, **bound):
    db = get_db()
    today = today_by_village().get(ticket.village) or fallback_today()
    notes = notes_for(db, ticket.reference)
    assignee = accounts.get_user(db, ticket.assignee_id) if ticket.assignee_id else None
    labels = {key: d.label for key, d in load_catalogue().items()}
    rows = ticket_view.report_rows(ticket, _zone(ticket), labels)
    photos = [p for p in ticket.fields.get("photos") or [] if isinstance(p, dict)]
    users = accounts.list_users(db)
    return render_template(
        "staff/ticket.html", ticket=ticket, village=villages().get(ticket.village), rows=rows,
        photos=photos, notes=notes, assignee=assignee, flags=overdue.flags(ticket, today), today=today,
        history=_history(db, ticket, users), author_names={u.email: u.name for u in users}, letter_applies=ticket_view.letter_applies(ticket), **_forms(ticket, **bound),
        alerts=outbox.for_ticket(db, ticket.reference), open311=ticket.fields.get("open311") or {},
        forwarding=open311_forward.forward_state(db, ticket.reference),
        reply_text_to=outbox.update_recipient(db, ticket.reference), reply_in_chat=chat_can_receive(ticket),
        shown_in_chat=shown_in_chat(db, ticket.reference), added=attachments.for_ticket(db, ticket.reference),
    ), http_status


@bp.get("/tickets/<reference>")
def ticket_page(reference: str):
    """One ticket: every field, transcript, photos, deadlines, notes, history, and the forms."""
    return _render_ticket(_ticket_or_404(reference))


def _change(ticket, form_name: str, form, change):
    """Run ``change()`` if ``form`` validates; re-show the page with the error otherwise."""
    if not form.validate_on_submit():
        return _render_ticket(ticket, 400, **{form_name: form})
    try:
        message = change()
    except TicketChangeError as error:
        form.form_errors.append(str(error))
        return _render_ticket(ticket, 409, **{form_name: form})
    except LookupError:
        abort(404)
    flash(message)  # a key of the wording in staff/layout.html
    return redirect(url_for("staff.ticket_page", reference=ticket.reference))


@bp.post("/tickets/<reference>/status")
def change_status(reference: str):
    ticket = _ticket_or_404(reference)
    form = StatusForm()
    form.status.choices = [(s, s) for s in workflow.STATUSES]

    def change():
        moved = workflow.change_status(
            get_db(), ticket.reference, form.status.data, actor=staff_user(),
            expected=form.expected.data, reason=form.reason.data, now=now(),
        )
        return "status_" + moved.status

    return _change(ticket, "status", form, change)


@bp.post("/tickets/<reference>/correction")
def correct_field(reference: str):
    ticket = _ticket_or_404(reference)
    form = CorrectionForm()
    form.field.choices = _correction_choices()

    def change():
        if form.field.data == corrections.DISCOVERED:
            if form.discovered.data is None:
                raise TicketChangeError("give the date and time it was discovered")
            value = form.discovered.data.replace(tzinfo=_zone(ticket))
        else:
            value = form.value.data
        corrections.correct_field(get_db(), ticket.reference, form.field.data, value, actor=staff_user(),
                                  village=villages().get(ticket.village) or "US", now=now())
        return "corrected"

    return _change(ticket, "correction", form, change)


@bp.post("/tickets/<reference>/notes")
def add_note(reference: str):
    ticket = _ticket_or_404(reference)
    form = NoteForm()

    def change():
        staff_tickets.add_note(get_db(), ticket.reference, form.body.data, actor=staff_user(),
                               shared=form.shared.data, now=now())
        return "note_shared" if form.shared.data else "note_internal"

    return _change(ticket, "note", form, change)


@bp.post("/tickets/<reference>/assignee")
def assign(reference: str):
    ticket = _ticket_or_404(reference)
    form = AssignForm()
    form.assignee.choices = [("", "nobody")] + [(str(u.id), u.email) for u in accounts.list_users(get_db(), ticket.village)]

    def change():
        assignee_id = int(form.assignee.data) if form.assignee.data else None
        staff_tickets.assign(get_db(), ticket.reference, assignee_id, actor=staff_user(), now=now())
        return "assigned"

    return _change(ticket, "assign", form, change)


@bp.post("/tickets/<reference>/notice")
def record_notice(reference: str):
    ticket = _ticket_or_404(reference)
    form = NoticeForm()

    def change():
        staff_tickets.record_notice(
            get_db(), ticket.reference, form.received_on.data, actor=staff_user(),
            village=villages().get(ticket.village) or "US",
            today=today_by_village().get(ticket.village) or fallback_today(), now=now(),
            method=form.method.data,
        )
        return "notice_saved"

    return _change(ticket, "notice", form, change)


@bp.post("/tickets/<reference>/confirmation")
def record_confirmation(reference: str):
    ticket = _ticket_or_404(reference)
    form = ConfirmationForm()

    def change():
        staff_tickets.record_confirmation(
            get_db(), ticket.reference, form.received_on.data, actor=staff_user(),
            today=today_by_village().get(ticket.village) or fallback_today(), now=now(),
        )
        return "confirmation_saved"

    return _change(ticket, "confirmation", form, change)


def media_response(url: str) -> Response:
    """A picture fetched from Twilio, served from the desk (see :mod:`stormwater.staff.media`)."""
    try:
        body, content_type = current_app.extensions["staff_media_fetcher"].fetch(url)
    except MediaUnavailable as error:
        current_app.logger.warning("staff desk: picture unavailable: %s", error)
        return Response(render_template("staff/error.html", reason="media"), status=502, mimetype="text/html")
    response = Response(body, mimetype=content_type)
    response.headers["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response.headers["Content-Disposition"] = "inline"
    return response


@bp.get("/tickets/<reference>/uploads/<int:attachment_id>")
def ticket_upload(reference: str, attachment_id: int):
    """A photo the reporter added in the web chat (stored cleaned, without its metadata)."""
    ticket = _ticket_or_404(reference)
    body = attachments.photo_of(get_db(), ticket.reference, attachment_id)
    if body is None:
        abort(404)
    response = Response(body, mimetype=KEPT_TYPE)
    response.headers["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response.headers["Content-Disposition"] = "inline"
    return response


@bp.get("/tickets/<reference>/photos/<int:number>")
def ticket_photo(reference: str, number: int):
    """Photo ``number`` (from 1) the reporter texted with this report."""
    ticket = _ticket_or_404(reference)
    photos = [p for p in ticket.fields.get("photos") or [] if isinstance(p, dict) and p.get("url")]
    if not 1 <= number <= len(photos):
        abort(404)
    return media_response(str(photos[number - 1]["url"]))
