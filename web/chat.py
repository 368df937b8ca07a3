"""Residents' web chat: the village pages and the JSON API they call."""
from __future__ import annotations

import re
import sqlite3
import threading
import time
from typing import Optional

from flask import Blueprint, abort, current_app, jsonify, make_response, render_template, request
from werkzeug.exceptions import BadRequest

from stormwater.inbound import MessageTooLong, clean_message, sender_key
from stormwater import spool
from stormwater.language import language_note
from stormwater.messages import load_messages
from stormwater.villages import Village, get_village

from .csp import content_security_policy
from .db import chat_row, get_db, insert_chat_row, mark_delivered, mark_resent_delivered, record_message
from .errors import json_error
from .history import recent_transcript
from .rasa_client import RasaClient, RasaUnavailable
from .rate_limiting import check_address, check_message, retry_after

bp = Blueprint("chat", __name__)

CHANNEL = "web"
SENDER_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,128}")
EXTRA_REPLY_KEYS = ("buttons", "custom", "image")
HEALTH_TIMEOUT = 2.0
# /api/health answers from the last probe of Rasa this recent, so a flood of health checks
# costs Rasa one request every few seconds, not one each.
HEALTH_CACHE_SECONDS = 5.0
_health_lock = threading.Lock()


def _villages() -> dict:
    return current_app.extensions["villages"]


def _rasa() -> RasaClient:
    return current_app.extensions["rasa_client"]


@bp.app_template_filter("tel_digits")
def tel_digits(phone: str) -> str:
    """``(516) 555-0104`` -> ``+15165550104``, for a ``tel:`` link (US numbers)."""
    digits = re.sub(r"\D", "", str(phone or ""))
    if len(digits) == 10:
        return "+1" + digits
    return ("+" + digits) if len(digits) == 11 and digits.startswith("1") else digits


@bp.get("/")
def index():
    """The list of villages, each linking to its chat page."""
    villages = sorted(_villages().values(), key=lambda v: v.name)
    return render_template("index.html", villages=villages)


@bp.get("/<slug>/")
def village_page(slug: str):
    """A village's chat page (404 for an unknown slug).

    With ``?embed=1`` it is the compact page the widget frames on a village website: only
    then may the sites in ``FRAME_ANCESTORS`` frame it.
    """
    village = _villages().get(slug)
    if village is None:
        abort(404)
    embed = request.args.get("embed") == "1"
    response = make_response(render_template(
        "village.html", village=village, embed=embed, max_chars=current_app.config["MAX_MESSAGE_CHARS"]
    ))
    if embed:
        response.headers["Content-Security-Policy"] = content_security_policy(
            current_app.config["FRAME_ANCESTORS"]
        )
    return response


@bp.get("/widget.js")
def widget_script():
    """The embed script a village website loads with one ``<script>`` tag."""
    response = current_app.send_static_file("widget.js")
    # A short cache, so a fix reaches every village website within the hour.
    response.cache_control.no_cache = None
    response.cache_control.max_age = 3600
    response.cache_control.public = True
    return response


@bp.get("/api/villages")
def list_villages():
    """``[{"slug": ..., "name": ...}, ...]``."""
    return jsonify([{"slug": v.slug, "name": v.name} for v in _villages().values()])


@bp.get("/api/health")
def health():
    """Whether this app and Rasa answer.

    Always HTTP 200 while the web layer runs: it still stores messages when Rasa is down,
    so a load balancer must not take it out of service for that.
    """
    return jsonify({"web": "ok", "rasa": "ok" if _rasa_is_up() else "down"})


def _rasa_is_up() -> bool:
    """Whether Rasa answered its last probe, probing again when that is older than
    :data:`HEALTH_CACHE_SECONDS` (one probe at a time per process)."""
    with _health_lock:
        checked_at, up = current_app.extensions.get("rasa_health", (None, False))
        now = time.monotonic()
        if checked_at is None or now - checked_at >= HEALTH_CACHE_SECONDS:
            up = _rasa().is_up(min(HEALTH_TIMEOUT, current_app.config["RASA_TIMEOUT"]))
            current_app.extensions["rasa_health"] = (time.monotonic(), up)
    return up


def _safe_reply(message: dict) -> dict:
    """Only the parts of a bot message the page knows how to show, with checked types."""
    out: dict = {}
    if isinstance(message.get("text"), str):
        out["text"] = message["text"]
    buttons = [
        {"title": b["title"], "payload": b["payload"]}
        for b in message.get("buttons") or []
        if isinstance(b, dict) and isinstance(b.get("title"), str) and isinstance(b.get("payload"), str)
    ]
    if buttons:
        out["buttons"] = buttons
    if message.get("custom") is not None:
        out["custom"] = message["custom"]
    if isinstance(message.get("image"), str):
        out["image"] = message["image"]
    return out


def join_parts(messages: list) -> list:
    """Attach a custom-only part to the message before it.

    Rasa's REST channel sends one bot response as separate parts (text, then its custom
    payload); residents' pages and the API contract want the payload on its text.
    """
    joined: list = []
    for message in messages:
        if set(message) == {"custom"} and joined and "custom" not in joined[-1]:
            joined[-1]["custom"] = message["custom"]
        else:
            joined.append(message)
    return joined


def unavailable_text(village: Optional[Village], villages: dict, lead: str = "assistant_unavailable") -> str:
    """What a resident reads when Rasa is down: what happened and whom to call.

    :param lead: the ``data/messages.yml`` entry that says what happened (its lines carry the
        emergency guidance), e.g. ``rate_limited``
    """
    words = load_messages()
    lines = list(words[lead])
    if village is not None:
        offices = []
        for role, fallback in (("clerk", "Village Clerk"), ("smo", "Stormwater Management Officer")):
            contact = village.contact(role)
            if contact.get("phone"):
                offices.append(f"the {contact.get('title') or fallback} at {contact['phone']}")
        if offices:
            hours = f" ({village.office_hours})" if village.office_hours else ""
            lines.append(words["village_offices"].format(village_name=village.name, offices=" or ".join(offices), hours=hours))
    else:
        offices = [
            f"{v.name} {v.contact('clerk').get('title') or 'Village Clerk'}, {v.contact('clerk')['phone']}"
            for v in villages.values()
            if v.contact("clerk").get("phone")
        ]
        if offices:
            lines.append(words["all_offices"].format(offices="; ".join(offices)))
    return " ".join(lines)


class _Refused(Exception):
    """A request the chat API answers with a JSON error."""

    def __init__(self, response):
        super().__init__(response.status_code)
        self.response = response


@bp.errorhandler(_Refused)
def _refused(refused: _Refused):
    return refused.response


def _conversation_request() -> tuple:
    """``(body, browser id, village or None)`` of a JSON request naming a conversation.

    :raises _Refused: with the JSON error to answer
    """
    if not request.is_json:
        raise _Refused(json_error(
            415, "unsupported_media_type", "Send the message as JSON (Content-Type: application/json)."
        ))
    try:
        body = request.get_json()
    except (BadRequest, RecursionError):  # RecursionError: arrays nested thousands deep
        raise _Refused(json_error(400, "invalid_json", "The request body is not valid JSON."))
    if not isinstance(body, dict):
        raise _Refused(json_error(400, "invalid_request", "The request body must be a JSON object."))

    browser_id = body.get("sender")
    if not isinstance(browser_id, str) or not SENDER_PATTERN.fullmatch(browser_id):
        raise _Refused(json_error(400, "invalid_sender", "'sender' must be 8 to 128 letters, digits, '-' or '_'."))

    village = None
    wanted = body.get("village")
    if wanted not in (None, ""):
        if isinstance(wanted, str):
            village = get_village(wanted, current_app.config["DATA_DIR"])
        if village is None:
            known = ", ".join(sorted(_villages()))
            raise _Refused(json_error(404, "unknown_village", f"Unknown village. Known villages: {known}."))
    return body, browser_id, village


@bp.post("/api/chat/history")
def history():
    """This browser's recent conversation with a village (``{"sender", "village"}``), oldest first."""
    _, browser_id, village = _conversation_request()
    # Counted against the client address (its own allowance, not the messages'): each
    # call reads up to a hundred stored messages.
    decision = check_address(get_db(), "web-history")
    if not decision.allowed:
        response = json_error(429, "rate_limited", "Too many requests; please wait a little.")
        response.headers.update(retry_after(decision))
        return response
    key = sender_key(current_app.config["SECRET_KEY"], CHANNEL, village.slug if village else "", browser_id)
    return jsonify({"messages": recent_transcript(get_db(), key)})


def _database_busy(village: Optional[Village], where: str):
    """The database stayed locked, but the message is kept (``where``): answer as when the
    assistant is down; it waits for staff."""
    current_app.logger.warning("database locked: chat message %s", where)
    response = jsonify({
        "messages": [{"text": unavailable_text(village, _villages())}],
        "error": {"code": "assistant_unavailable", "message": "The help desk is busy; your message was saved."},
    })
    response.status_code = 503
    return response


@bp.post("/api/chat")
def chat():
    """Take a resident's message, store it, pass it to Rasa and return the bot's replies."""
    body, browser_id, village = _conversation_request()
    raw_text = body.get("message")
    if not isinstance(raw_text, str):
        return json_error(400, "invalid_message", "'message' must be a string.")

    limit = current_app.config["MAX_MESSAGE_CHARS"]
    try:
        text = clean_message(raw_text, limit)
    except MessageTooLong as exc:
        return json_error(
            413, "message_too_long",
            f"Your message is {exc.length} characters long; the limit is {limit}. "
            "Please shorten it or send it in parts.",
        )
    if not text:
        return json_error(400, "empty_message", "Please type your question before sending.")

    slug = village.slug if village else None
    key = sender_key(current_app.config["SECRET_KEY"], CHANNEL, slug or "", browser_id)
    db = get_db()
    # Stored (and committed) before Rasa sees it: if Rasa or this process fails, the
    # resident's message is still on record, with delivered=0.
    row = chat_row(channel=CHANNEL, village=slug, sender_key=key, direction="in", text=text, delivered=False)
    try:
        message_id = insert_chat_row(db, row)
    except sqlite3.OperationalError as error:
        if not spool.is_locked(error):
            raise
        spool.append(current_app.config["DATABASE"], "chat_messages", row)
        return _database_busy(village, "spooled")
    try:
        decision = check_message(db, key, text, CHANNEL, by_address=True)
    except sqlite3.OperationalError as error:
        if not spool.is_locked(error):
            raise
        return _database_busy(village, f"stored as {message_id}, waiting for staff")
    if not decision.allowed:
        current_app.logger.info("chat message %s kept for staff: %s rate limit", message_id, decision.reason)
        response = jsonify({
            "messages": [{"text": unavailable_text(village, _villages(), lead="rate_limited")}],
            "error": {"code": "rate_limited", "message": "Too many messages; please wait a little."},
        })
        response.status_code = 429
        response.headers.update(retry_after(decision))
        return response
    try:
        replies = _rasa().send(key, text, {"village": slug, "channel": CHANNEL})
    except RasaUnavailable as exc:
        current_app.logger.warning("Rasa unavailable for chat message %s: %s", message_id, exc)
        notice = unavailable_text(village, _villages())
        response = jsonify({
            "messages": [{"text": notice}],
            "error": {"code": "assistant_unavailable", "message": "The assistant is not available right now."},
        })
        response.status_code = 503
        return response

    mark_delivered(db, message_id, True)
    mark_resent_delivered(db, message_id)
    messages = join_parts([m for m in (_safe_reply(r) for r in replies) if m])
    note = language_note(text, village, load_messages())
    if note:
        messages.insert(0, {"text": note, "custom": {"type": "language_note", "language": "es"}})
    for m in messages:
        extras = {k: m[k] for k in EXTRA_REPLY_KEYS if k in m}
        record_message(
            db, channel=CHANNEL, village=slug, sender_key=key, direction="out",
            text=m.get("text", ""), delivered=True, custom=extras or None,
        )
    return jsonify({"messages": messages})
