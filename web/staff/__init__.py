"""The staff desk, ``/staff/``: sign-in, the ticket queue, tickets, the SMS inbox, exports.

Everything under ``/staff/`` needs a signed-in staff member except the sign-in page, and
every POST carries a CSRF token (checked here for this blueprint only: the public chat API
and Twilio's webhook have their own protection). Staff see only their village; admins see
all. The views are thin: the work is in :mod:`stormwater.staff`.
"""
from __future__ import annotations

from datetime import timedelta
from typing import Optional

from flask import Blueprint, Flask, current_app, render_template, request, session
from flask_login import LoginManager, UserMixin, current_user, logout_user
from flask_wtf.csrf import CSRFError, CSRFProtect

from stormwater.staff.accounts import StaffUser, user_for_session
from stormwater.staff.media import TwilioMediaFetcher
from stormwater.store.clock import unix_time
from stormwater.store.settings import current as current_settings

from ..request_db import get_db
from .cli import staff_cli

bp = Blueprint("staff", __name__, url_prefix="/staff")
login_manager = LoginManager()
csrf = CSRFProtect()

SESSION_LIFETIME = timedelta(hours=8)  # a working day; then sign in again
SIGNED_IN_AT = "signed_in_at"  # session key: Unix time of the sign-in (see session_expired)
PUBLIC_ENDPOINTS = frozenset({"staff.login"})


class SignedIn(UserMixin):
    """Flask-Login's view of a :class:`StaffUser`; the session id includes the user's
    session token, so signing out or a new password ends every older session."""

    def __init__(self, user: StaffUser):
        self.user = user

    def get_id(self) -> str:
        return f"{self.user.id}:{self.user.session_token}"

    @property
    def is_active(self) -> bool:
        return self.user.active


def staff_user() -> StaffUser:
    """The signed-in staff member (only call it behind the sign-in check)."""
    return current_user.user


@login_manager.user_loader
def _load_user(session_id: str) -> Optional[SignedIn]:
    user = user_for_session(get_db(), session_id)
    return SignedIn(user) if user else None


def cookie_secure(app: Flask) -> bool:
    """Whether cookies carry ``Secure``: ``HELPDESK_COOKIE_SECURE`` if set, else whether
    ``HELPDESK_PUBLIC_URL`` is https (so ``make run`` on http://127.0.0.1 still signs in)."""
    configured = app.config.get("STAFF_COOKIE_SECURE")
    if configured is None:
        configured = current_settings().web.cookie_secure
    if configured is None:
        configured = str(app.config.get("PUBLIC_BASE_URL") or "").lower().startswith("https://")
    return bool(configured)


def init_app(app: Flask) -> None:
    """Mount the staff desk on ``app``: cookies, sign-in, CSRF, the blueprint, ``flask staff``."""
    secure = cookie_secure(app)
    app.config.update(
        SESSION_COOKIE_SECURE=secure,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        REMEMBER_COOKIE_SECURE=secure,
        REMEMBER_COOKIE_HTTPONLY=True,
        # Checked in this blueprint's before_request, not app-wide (see the module docstring).
        WTF_CSRF_CHECK_DEFAULT=False,
        # A clerk may keep a ticket open for a while: the token lives as long as the session.
        WTF_CSRF_TIME_LIMIT=None,
        WTF_CSRF_SSL_STRICT=secure,
    )
    # Only the staff desk keeps a session; Flask refuses a signed cookie older than this.
    app.config["PERMANENT_SESSION_LIFETIME"] = SESSION_LIFETIME
    if secure:
        # __Host-: the browser only accepts it over HTTPS, for this host, on path /.
        app.config["SESSION_COOKIE_NAME"] = "__Host-helpdesk"
    csrf.init_app(app)
    login_manager.init_app(app)
    login_manager.login_view = "staff.login"
    login_manager.login_message = None
    app.extensions.setdefault(
        "staff_media_fetcher",
        TwilioMediaFetcher(app.config.get("TWILIO_ACCOUNT_SID"), app.config.get("TWILIO_AUTH_TOKEN")),
    )
    app.register_blueprint(bp)
    app.cli.add_command(staff_cli)


def start_session_clock() -> None:
    """Record the sign-in time in the new session (call right after ``login_user``)."""
    session[SIGNED_IN_AT] = int(unix_time())


def session_expired() -> bool:
    """Whether the signed-in session is older than :data:`SESSION_LIFETIME` counted from
    its sign-in (or carries no sign-in time).

    Flask re-issues the cookie with a fresh timestamp on every request, so the cookie's own
    age never ends a session that is in use; this ends it 8 hours after sign-in whatever
    the activity, so a stolen cookie does not live until sign-out.
    """
    started = session.get(SIGNED_IN_AT)
    if not isinstance(started, int):
        return True
    age = unix_time() - started
    return age >= SESSION_LIFETIME.total_seconds() or age < -60


@bp.before_request
def _guard():
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        csrf.protect()
    if current_user.is_authenticated and session_expired():
        current_app.logger.info("staff desk: session of %s ended (8 hours since sign-in)", current_user.user.email)
        logout_user()
        session.clear()
    if request.endpoint not in PUBLIC_ENDPOINTS and not current_user.is_authenticated:
        return login_manager.unauthorized()
    return None


@bp.after_request
def _private(response):
    # Pages show residents' names and numbers: never cached, never indexed.
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    # Over HTTPS Flask-WTF also checks that a POST's Referer is this site; the app-wide
    # no-referrer would leave it out, so staff pages send it to this origin only.
    response.headers["Referrer-Policy"] = "same-origin"
    return response


@bp.errorhandler(CSRFError)
def _csrf_error(error: CSRFError):
    current_app.logger.warning("staff desk: CSRF check failed on %s: %s", request.path, error.description)
    return render_template("staff/error.html", reason="csrf"), 400


from . import filters, views_auth, views_inbox, views_reports, views_tickets  # noqa: E402,F401  (register routes)
