"""Residents' web chat: the village pages and the JSON API they call."""
from __future__ import annotations

import re
import threading
import time
from typing import Optional

from flask import Blueprint, abort, current_app, jsonify, make_response, render_template, request
from werkzeug.exceptions import BadRequest

from stormwater.intake.inbound import MessageTooLong, clean_message, sender_key
from stormwater.intake.chat_channel import ChatChannel, unavailable_text
from stormwater.intake.pipeline import BUSY, LIMITED, SPOOLED, UNAVAILABLE, Conversation, receive
from stormwater.store.message_log import recent_transcript
from stormwater.store.wording import load_messages
from stormwater.dialogue.chat_replies import replies_to_show
from stormwater.law.villages import Village, get_village

from .csp import content_security_policy
from .request_db import get_db
from .errors import json_error
from .rasa_client import RasaClient
from .request_limits import address_key, check_address, current_limits, retry_after

bp = Blueprint("chat", __name__)

CHANNEL = "web"
SENDER_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,128}")
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


def _browser_conversation(allowance: str):
    """This browser's conversation key for a read of its stored messages, or the 429 answer
    when the client address has spent ``allowance``."""
    _, browser_id, village = _conversation_request()
    decision = check_address(get_db(), allowance)
    if not decision.allowed:
        response = json_error(429, "rate_limited", "Too many requests; please wait a little.")
        response.headers.update(retry_after(decision))
        return None, response
    return sender_key(current_app.config["SECRET_KEY"], CHANNEL, village.slug if village else "", browser_id), None


@bp.post("/api/chat/history")
def history():
    """This browser's recent conversation with a village (``{"sender", "village"}``), oldest first."""
    # Counted against the client address (its own allowance, not the messages'): each
    # call reads up to a hundred stored messages.
    key, refused = _browser_conversation("web-history")
    if refused is not None:
        return refused
    return jsonify({"messages": recent_transcript(get_db(), key)})


@bp.post("/api/chat/replies")
def staff_replies():
    """Replies village staff sent to the reports this browser filed (``{"sender", "village"}``)
    that it has not shown yet: the page asks on load and now and then while open."""
    key, refused = _browser_conversation("web-replies")
    if refused is not None:
        return refused
    words = load_messages()["staff_reply"]
    return jsonify({"messages": [
        {"text": words.format(reference=reply.reference, body=reply.body),
         "custom": {"type": "staff_reply", "reference": reply.reference}}
        for reply in replies_to_show(get_db(), key)
    ]})


def _held(village: Optional[Village], status: int, code: str, message: str, lead: str = "assistant_unavailable"):
    """The JSON answer for a message kept for staff: what happened, 911 and whom to call."""
    response = jsonify({
        "messages": [{"text": unavailable_text(village, _villages(), lead=lead)}],
        "error": {"code": code, "message": message},
    })
    response.status_code = status
    return response


def _cleaned(body: dict) -> str:
    """The message of a chat request, cleaned.

    :raises _Refused: with the JSON error for a missing, empty or too long message
    """
    raw_text = body.get("message")
    if not isinstance(raw_text, str):
        raise _Refused(json_error(400, "invalid_message", "'message' must be a string."))
    limit = current_app.config["MAX_MESSAGE_CHARS"]
    try:
        text = clean_message(raw_text, limit)
    except MessageTooLong as exc:
        raise _Refused(json_error(
            413, "message_too_long",
            f"Your message is {exc.length} characters long; the limit is {limit}. "
            "Please shorten it or send it in parts.",
        ))
    if not text:
        raise _Refused(json_error(400, "empty_message", "Please type your question before sending."))
    return text


@bp.post("/api/chat")
def chat():
    """Take a resident's message, store it, pass it to Rasa and return the bot's replies."""
    body, browser_id, village = _conversation_request()
    text = _cleaned(body)
    slug = village.slug if village else None
    conversation = Conversation(CHANNEL, slug, sender_key(current_app.config["SECRET_KEY"], CHANNEL, slug or "", browser_id),
                                address_key(CHANNEL))
    outcome = receive(get_db(), current_app.config["DATABASE"], conversation, ChatChannel(conversation, text, village),
                      _rasa(), current_limits())
    log = current_app.logger
    if outcome.status in (SPOOLED, BUSY):
        log.warning("database locked: chat message %s", outcome.detail)
        return _held(village, 503, "assistant_unavailable", "The help desk is busy; your message was saved.")
    if outcome.status == LIMITED:
        log.info("chat message %s kept for staff: %s rate limit", outcome.message_id, outcome.decision.reason)
        response = _held(village, 429, "rate_limited", "Too many messages; please wait a little.", lead="rate_limited")
        response.headers.update(retry_after(outcome.decision))
        return response
    if outcome.status == UNAVAILABLE:
        log.warning("Rasa unavailable for chat message %s: %s", outcome.message_id, outcome.detail)
        return _held(village, 503, "assistant_unavailable", "The assistant is not available right now.")
    return jsonify({"messages": outcome.replies})
