"""Error answers: JSON under ``/api/`` (never an HTML traceback), plain pages elsewhere."""
from __future__ import annotations

from flask import Flask, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, SecurityError

CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "request_too_large",
    415: "unsupported_media_type",
    500: "internal_error",
}


def is_api_request() -> bool:
    """Whether the current request is for the JSON API (``/api`` or below)."""
    return request.path == "/api" or request.path.startswith("/api/")


def json_error(status: int, code: str, message: str, **extra):
    """A response ``{"error": {"code": ..., "message": ...}, **extra}`` with ``status``.

    :param code: a stable, machine-readable snake_case code
    :param message: a sentence a resident can read
    """
    response = jsonify({"error": {"code": code, "message": message}, **extra})
    response.status_code = status
    return response


def _http_error(exc: HTTPException):
    if isinstance(exc, SecurityError):  # a Host header not in TRUSTED_HOSTS (web/network.py)
        current_app.logger.warning(
            "refused a request for host %r; if it is this help desk's, add it to HELPDESK_TRUSTED_HOSTS",
            request.environ.get("HTTP_HOST", ""),
        )
    if not is_api_request():
        if exc.code == 404:
            return render_template("404.html"), 404
        return exc
    code = CODES.get(exc.code or 500) or (exc.name or "error").lower().replace(" ", "_")
    message = exc.description or exc.name
    if exc.code == 413:
        message = "The request is too large."
    response = json_error(exc.code or 500, code, message)
    # Keep headers such as 405's Allow.
    for name, value in exc.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def register_error_handlers(app: Flask) -> None:
    """Answer every HTTP error and unexpected exception without leaking a traceback."""

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        return _http_error(exc)

    @app.errorhandler(Exception)
    def unexpected_error(exc: Exception):
        app.logger.exception("Unhandled error on %s %s", request.method, request.path)
        if is_api_request():
            return json_error(500, CODES[500], "Something went wrong on our side. Please try again.")
        return render_template("500.html"), 500
