"""Signing in and out."""
from __future__ import annotations

from typing import Optional
from urllib.parse import urlsplit

from flask import current_app, redirect, render_template, request, session, url_for
from flask_login import login_user, logout_user

from stormwater.intake.inbound import sender_key
from stormwater.intake.rate_limits import Limits, check
from stormwater.staff import accounts

from ..request_db import get_db
from ..request_limits import address_key, retry_after
from . import SignedIn, bp, staff_user, start_session_clock
from .forms import LoginForm, LogoutForm


def safe_next(target: Optional[str]) -> Optional[str]:
    """``target`` if it is a path on the staff desk, else ``None`` (no open redirect)."""
    if not target or "\\" in target or any(ord(c) < 32 for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/staff/") or target.startswith("//"):
        return None
    return target


# Sign-in attempts, beside the per-email lock-out (stormwater.staff.accounts): per account
# typed *and* client address (loopback included), so a process on this host guessing at one
# account cannot lock every clerk out (issue 29: one shared loopback bucket did); and per
# client address whatever the email, so one address cannot try a password against every
# account. The address is the declared client's (X-Forwarded-For from HELPDESK_PROXY_ADDRESSES
# only); loopback is left out of that second limit, since every local process shares it.
SIGN_IN_LIMITS = Limits(per_sender=20, per_ip=20, window=15 * 60, free_messages=0)


def _account_key(email: str) -> str:
    """A keyed hash of the account typed and the client address: one sign-in bucket each."""
    return sender_key(current_app.config["SECRET_KEY"], "sign-in", request.remote_addr or "",
                      accounts.normalize_email(email or ""))


@bp.route("/login", methods=["GET", "POST"])
def login():
    """The sign-in page; wrong details and a locked address get a clear answer."""
    form = LoginForm()
    refused, locked_until, status, headers = None, None, 200, {}
    attempt = form.validate_on_submit()
    if attempt:
        decision = check(get_db(), SIGN_IN_LIMITS, sender=_account_key(form.email.data), ip=address_key("staff-login"))
        if not decision.allowed:
            refused, status, headers = "address", 429, retry_after(decision)
            current_app.logger.warning("staff desk: sign-in refused (address limit) from %s", request.remote_addr)
            attempt = False
    if attempt:
        result = accounts.authenticate(get_db(), form.email.data, form.password.data)
        if result.user is not None:
            # A fresh session: nothing set before sign-in (by anyone) carries over.
            session.clear()
            login_user(SignedIn(result.user))
            start_session_clock()
            session.permanent = True
            current_app.logger.info("staff desk: %s signed in", result.user.email)
            return redirect(safe_next(request.args.get("next")) or url_for("staff.queue"))
        refused, locked_until = result.refused, result.locked_until
        status = 429 if refused == "locked" else 401
        current_app.logger.warning("staff desk: sign-in refused (%s) from %s", refused, request.remote_addr)
    elif request.method == "POST" and refused is None:
        status = 400
    form.password.data = ""
    page = render_template("staff/login.html", form=form, refused=refused, locked_until=locked_until)
    return page, status, headers


@bp.post("/logout")
def logout():
    """Sign out here and end the account's other sessions too."""
    form = LogoutForm()
    if form.validate_on_submit():
        accounts.end_sessions(get_db(), staff_user())
    logout_user()
    session.clear()
    return redirect(url_for("staff.login"))
