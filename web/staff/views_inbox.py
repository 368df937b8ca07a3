"""The inbox: texts and web chat messages the assistant could not answer, until someone marks
them handled."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for

from stormwater.alerts import outbox
from stormwater.staff import chat_inbox, inbox

from ..request_db import get_db
from . import bp, staff_user
from .context import now, villages
from .forms import HandledForm
from .views_tickets import media_response


@bp.get("/inbox")
def inbox_page():
    """Unhandled texts and web chat messages, the longest waiting first."""
    db, user = get_db(), staff_user()
    held = outbox.held_for_inbox(db, None if user.is_admin else [user.village])
    return render_template("staff/inbox.html", messages=inbox.waiting(db, user),
                           chat_messages=chat_inbox.waiting(db, user), villages=villages(), form=HandledForm(),
                           held_alerts=held)


def _handled(mark, message_id: int):
    form = HandledForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        changed = mark(get_db(), message_id, actor=staff_user(), now=now())
    except LookupError:
        abort(404)
    flash("handled" if changed else "handled_already")
    return redirect(url_for("staff.inbox_page"))


@bp.post("/inbox/<int:message_id>/handled")
def mark_handled(message_id: int):
    return _handled(inbox.mark_handled, message_id)


@bp.post("/inbox/chat/<int:message_id>/handled")
def mark_chat_handled(message_id: int):
    return _handled(chat_inbox.mark_handled, message_id)


@bp.get("/inbox/<int:message_id>/media/<int:number>")
def inbox_media(message_id: int, number: int):
    """Picture ``number`` (from 1) of a stored text."""
    message = inbox.get_message(get_db(), message_id, staff_user())
    if message is None or not 1 <= number <= len(message["media"]):
        abort(404)
    return media_response(message["media"][number - 1]["url"])
