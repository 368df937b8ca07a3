"""The web chat's "Use my location" and photo buttons (issue 32): thin views over
:mod:`stormwater.reports.attachments` and :mod:`stormwater.reports.photo_cleaning`.

Each answer is ``{"messages": [{"text": ...}]}``, shown like a bot reply: what was kept and
where it goes, or, for a bad upload, what to do instead (nothing else is lost: the
conversation and a report in progress go on).
"""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge

from stormwater.intake.inbound import sender_key
from stormwater.store.wording import load_messages
from stormwater.reports import attachments
from stormwater.reports.photo_cleaning import KEPT_TYPE, MAX_UPLOAD_BYTES, PhotoRefused, clean_photo

from .chat import SENDER_PATTERN
from .errors import json_error
from .request_db import get_db
from .request_limits import check_address, retry_after

bp = Blueprint("chat_attachments", __name__)

CHANNEL = "web"
# The multipart envelope around a picture: its fields and boundaries.
_ENVELOPE_BYTES = 64 * 1024


def _words() -> dict:
    return load_messages()["attachment_words"]


def _answer(key: str, status: int = 200, **values):
    response = jsonify({"messages": [{"text": _words()[key].format(**values)}]})
    response.status_code = status
    return response


def _conversation(fields) -> tuple:
    """``(sender key, village slug)`` of the request, or ``(None, None)`` when malformed."""
    browser_id, slug = fields.get("sender"), fields.get("village")
    villages = current_app.extensions["villages"]
    if not isinstance(browser_id, str) or not SENDER_PATTERN.fullmatch(browser_id) or slug not in villages:
        return None, None
    return sender_key(current_app.config["SECRET_KEY"], CHANNEL, slug, browser_id), slug


def _limited():
    decision = check_address(get_db(), "web-attach")
    if decision.allowed:
        return None
    response = json_error(429, "rate_limited", "Too many requests; please wait a little.")
    response.headers.update(retry_after(decision))
    return response


def _kept(key: str, slug: str, kind: str, **values):
    try:
        reference = attachments.add(get_db(), key, slug, kind, **values)
    except attachments.TooManyAttachments:
        return _answer("too_many", 409, max=attachments.MAX_PER_CONVERSATION)
    if reference:
        return _answer(f"{kind}_added", reference=reference)
    return _answer(f"{kind}_waiting")


@bp.post("/api/chat/location")
def add_location():
    """``{"sender", "village", "latitude", "longitude", "accuracy"}`` from the browser's geolocation."""
    body = request.get_json(silent=True) if request.is_json else None
    key, slug = _conversation(body if isinstance(body, dict) else {})
    if key is None:
        return json_error(400, "invalid_request", "Send the sender, the village and the coordinates as JSON.")
    refused = _limited()
    if refused is not None:
        return refused
    lat, lon, accuracy = body.get("latitude"), body.get("longitude"), body.get("accuracy")
    if not attachments.valid_location(lat, lon, accuracy):
        return _answer("bad_location", 400)
    return _kept(key, slug, attachments.LOCATION, latitude=float(lat), longitude=float(lon),
                 accuracy_m=None if accuracy is None else round(float(accuracy), 1))


@bp.post("/api/chat/photo")
def add_photo():
    """A picture as ``multipart/form-data`` (``sender``, ``village``, ``photo``), checked and
    stored without its metadata."""
    request.max_content_length = MAX_UPLOAD_BYTES + _ENVELOPE_BYTES
    try:
        upload = request.files.get("photo")
        key, slug = _conversation(request.form)
    except RequestEntityTooLarge:
        return _answer("too_big", 413, limit_mb=MAX_UPLOAD_BYTES // (1024 * 1024))
    if key is None:
        return json_error(400, "invalid_request", "Send the sender, the village and the photo as a form.")
    if upload is None or not upload.filename:
        return _answer("no_photo", 400)
    refused = _limited()
    if refused is not None:
        return refused
    try:
        cleaned = clean_photo(upload.read(MAX_UPLOAD_BYTES + 1))
    except PhotoRefused as refusal:
        status = 413 if refusal.reason == "too_big" else 415
        return _answer(refusal.reason, status, limit_mb=MAX_UPLOAD_BYTES // (1024 * 1024))
    return _kept(key, slug, attachments.PHOTO, content_type=KEPT_TYPE, body=cleaned)
