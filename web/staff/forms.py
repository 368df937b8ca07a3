"""The staff desk's forms (Flask-WTF: each carries a CSRF token)."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, DateField, DateTimeLocalField, EmailField, HiddenField, PasswordField, SelectField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, Optional

from stormwater.staff.accounts import MAX_PASSWORD_CHARS
from stormwater.staff.corrections import MAX_VALUE_CHARS
from stormwater.staff.ticket_changes import MAX_NOTE_CHARS
from stormwater.staff.workflow import MAX_REASON_CHARS


class LoginForm(FlaskForm):
    email = EmailField("Email", validators=[DataRequired(), Length(max=320)])
    password = PasswordField("Password", validators=[DataRequired(), Length(max=MAX_PASSWORD_CHARS)])


class LogoutForm(FlaskForm):
    """Signing out is a POST with a CSRF token, so another site cannot sign staff out."""


class StatusForm(FlaskForm):
    status = SelectField("Move to", choices=[], validators=[InputRequired()])
    expected = HiddenField(validators=[InputRequired()])
    reason = TextAreaField("Reason (needed to close)", validators=[Optional(), Length(max=MAX_REASON_CHARS)])


class NoteForm(FlaskForm):
    body = TextAreaField("Note", validators=[DataRequired(), Length(max=MAX_NOTE_CHARS)])
    shared = BooleanField("Share with the reporter: a reply, sent as the box above the form says")


class AssignForm(FlaskForm):
    assignee = SelectField("Assigned to", choices=[], validators=[Optional()])


class NoticeForm(FlaskForm):
    received_on = DateField("Notice received on", validators=[Optional()])
    # The ordinances ask for a written confirmation only of a notice in person or by telephone.
    method = SelectField("by", choices=[("telephone", "telephone"), ("in_person", "in person"), ("fax", "fax")],
                         default="telephone")


class ConfirmationForm(FlaskForm):
    received_on = DateField("Written confirmation received on", validators=[Optional()])


class CorrectionForm(FlaskForm):
    """Corrects one field of the report; ``discovered_at`` is read from ``discovered``."""

    field = SelectField("Field", choices=[], validators=[InputRequired()])
    value = TextAreaField("Corrected value", validators=[Optional(), Length(max=MAX_VALUE_CHARS)])
    discovered = DateTimeLocalField("Discovered (village time)", format="%Y-%m-%dT%H:%M", validators=[Optional()])


class HandledForm(FlaskForm):
    """Marks one inbox text handled."""
