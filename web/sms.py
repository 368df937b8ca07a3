"""Residents' text messages: Twilio's incoming-message webhook, ``POST /sms``.

Point each village's Twilio number ("A message comes in", HTTP POST) at
``<public URL>/sms``. The number the resident texted (``To``) picks the village
(``sms_numbers`` in ``data/villages/<slug>.yml``).

What happens to a text, in order:

1. ``TWILIO_AUTH_TOKEN`` must be set (else 503: nothing could be validated) and
   ``X-Twilio-Signature`` must match the URL Twilio called (else 403; nothing is stored).
   Behind a reverse proxy or TLS terminator the URL this app sees is not the one Twilio
   called, so set ``HELPDESK_PUBLIC_URL`` (e.g. ``https://helpdesk.example.org``): the
   signature is then checked against that base plus this request's path and query.
   Without it only requests from this computer are answered (503 otherwise): the URL
   would come from the Host header, which the sender chooses. A signed form must also
   look like Twilio's (``stormwater/intake/sms_webhook.py``; 400, nothing stored).
2. The text is stored in ``sms_messages`` (committed) before anything else. A MessageSid
   seen before (Twilio retried) is answered from the stored row and not passed on again.
3. An unknown ``To`` number, Twilio's opt-out and opt-in keywords (:data:`TWILIO_KEYWORDS`)
   and picture-only messages are answered here; everything else goes to Rasa with a keyed hash of the
   resident's number as the sender, within ``SMS_RASA_TIMEOUT`` seconds so that Twilio (which
   gives up after 15 s) always gets an answer. If Rasa is down or slow the resident gets
   the holding reply and the text waits in the staff inbox (``handled = 0``). A number
   over its rate limit (``stormwater.intake.rate_limits``; never during a report) is not passed on
   either: its text waits for staff and one notice per burst says so, with 911.
4. The reply is TwiML: GSM-7 text, buttons as "Reply 1 for Yes / 2 for No, someone else",
   one turn of at most three segments in whole sentences (``stormwater/intake/sms_turns.py``;
   the rest on MORE, the ordinance's words on LAW, three segments at a time); the few texts
   the channel says itself come in parts of at most ``SMS_PART_CHARS`` characters. A reply
   "1" picks the first button of the previous reply. Custom payloads and images are not
   sent by SMS.

Keywords: Twilio itself answers and acts on its default opt-out and opt-in keywords when
one is the whole message (any case), whatever this webhook replies. We store such a text,
answer with empty TwiML and do not pass it to Rasa. That includes CANCEL, which
Twilio documents as an opt-out keyword: a bare "cancel" unsubscribes the number from the
help desk's texts, so residents ending a report by SMS need other words ("cancel report",
"never mind"). YES is also a Twilio opt-in keyword, but it is the usual answer to the
report form's questions, so it is passed to Rasa (Twilio only acts on it for a number
that had opted out). HELP and INFO (and Advanced Opt-Out's ``OptOutType=HELP``) change
nothing for the number: Twilio sends its standard line and the text goes on to Rasa, which
answers with the help desk's introduction (what it answers, what it cannot do, how to
report, how to reach a person).
"""
from __future__ import annotations

import json
from typing import List

from flask import Blueprint, Response, current_app, request
from twilio.request_validator import RequestValidator
from twilio.twiml.messaging_response import MessagingResponse

from stormwater.intake.inbound import sender_key
from stormwater.intake.pipeline import BUSY, LIMITED, SPOOLED, UNAVAILABLE, Conversation, receive
from stormwater.intake.sms_channel import SmsChannel, is_twilio_keyword
from stormwater.store.wording import load_messages
from stormwater.intake.sms_webhook import form_problem
from stormwater.law.villages import normalize_phone, village_for_number

from .request_db import get_db
from .network import from_this_computer
from .rasa_client import RasaClient
from .request_limits import check_address, current_limits, retry_after

bp = Blueprint("sms", __name__)

CHANNEL = "sms"
MAX_MEDIA = 10  # Twilio delivers at most 10 media per MMS


def called_url() -> str:
    """The URL Twilio signed: ``PUBLIC_BASE_URL`` plus path and query when set, else ``request.url``."""
    base = (current_app.config.get("PUBLIC_BASE_URL") or "").rstrip("/")
    if not base:
        return request.url
    query = request.query_string.decode("latin-1")
    return f"{base}{request.path}" + (f"?{query}" if query else "")


def _plain(status: int, text: str) -> Response:
    return Response(text + "\n", status=status, mimetype="text/plain")


def twiml(parts: List[str]) -> Response:
    """A TwiML answer that sends ``parts`` as separate messages (none: empty ``<Response/>``)."""
    answer = MessagingResponse()
    for part in parts:
        answer.message(part)
    response = Response(str(answer), mimetype="text/xml")
    response.headers["Cache-Control"] = "no-store"
    return response


def _media(form) -> List[dict]:
    try:
        count = int(form.get("NumMedia") or 0)
    except ValueError:
        count = 0
    media = []
    for i in range(max(0, min(count, MAX_MEDIA))):
        url = form.get(f"MediaUrl{i}")
        if url:
            media.append({"url": url, "content_type": form.get(f"MediaContentType{i}") or ""})
    return media


def _sms_rasa() -> RasaClient:
    """A Rasa client with the SMS channel's short timeout (made once per app)."""
    client = current_app.extensions.get("sms_rasa_client")
    if client is None:
        config = current_app.config
        client = RasaClient(config["RASA_URL"], config["RASA_TOKEN"], config["SMS_RASA_TIMEOUT"])
        current_app.extensions["sms_rasa_client"] = client
    return client


def _refusal():
    """Why this request is not passed on (a response), or ``None`` for a valid Twilio text."""
    log = current_app.logger
    token = current_app.config.get("TWILIO_AUTH_TOKEN")
    if not token:
        log.error("POST /sms refused: TWILIO_AUTH_TOKEN is not set, so no request can be validated")
        return _plain(503, "SMS is not configured.")
    if not current_app.config.get("PUBLIC_BASE_URL") and not from_this_computer():
        # Without it the signed URL would come from the Host header, which the sender chooses.
        log.error("POST /sms refused from %s: HELPDESK_PUBLIC_URL is not set", request.remote_addr)
        return _plain(503, "SMS is not configured: HELPDESK_PUBLIC_URL is not set.")
    signature = request.headers.get("X-Twilio-Signature", "")
    url = called_url()
    if not signature or not RequestValidator(token).validate(url, request.form, signature):
        # Counted per client address (Twilio's own requests are signed and never counted):
        # a flood of forged requests gets a terse 429 instead of a log line each.
        refusal = check_address(get_db(), CHANNEL)
        if not refusal.allowed:
            return Response("Too many requests.\n", status=429, mimetype="text/plain", headers=retry_after(refusal))
        log.warning(
            "POST /sms refused: %s X-Twilio-Signature for %s (from %s); if this app is behind a proxy, "
            "set HELPDESK_PUBLIC_URL", "no" if not signature else "invalid", url, request.remote_addr,
        )
        return _plain(403, "Invalid signature.")
    # A valid signature is not enough: see stormwater/intake/sms_webhook.py (a re-split replay).
    problem = form_problem(request.form.to_dict(flat=False), current_app.config.get("TWILIO_ACCOUNT_SID"))
    if problem == "account_sid":
        log.warning("POST /sms refused: AccountSid is not TWILIO_ACCOUNT_SID")
        return _plain(403, "Wrong Twilio account.")
    if problem is not None:
        log.error("POST /sms refused: %s is not what Twilio sends (stormwater/intake/sms_webhook.py)",
                  problem.replace("field:", "unexpected or repeated form field(s) ") if problem.startswith("field:") else "MessageSid")
        return _plain(400, "Not a Twilio message request.")
    if not (request.form.get("From") or "").strip():
        log.warning("POST /sms without MessageSid or From; ignored")
        return _plain(400, "MessageSid and From are required.")
    return None


def _log(outcome, sid: str, to_number: str) -> None:
    """One log line for a text that did not simply get the assistant's answer."""
    log = current_app.logger
    if outcome.status == SPOOLED:
        log.warning("database locked: SMS %s spooled for staff", sid)
    elif outcome.status == BUSY:
        log.warning("database locked: SMS %s stored, waiting for staff", sid)
    elif outcome.status == LIMITED:
        log.info("SMS %s kept for staff: sender rate limit", sid)
    elif outcome.status == UNAVAILABLE:
        log.warning("Rasa unavailable for SMS %s (held for staff): %s", sid, outcome.detail)
    elif outcome.detail == "again":
        log.info("SMS %s delivered again; answered from the stored row", sid)
    elif outcome.detail == "unknown_number":
        log.warning("SMS %s to a number no village uses (%s); kept for staff", sid, to_number)


@bp.post("/sms")
def inbound():
    """Twilio's webhook for an incoming SMS or MMS; answers with TwiML."""
    refused = _refusal()
    if refused is not None:
        return refused
    form, config = request.form, current_app.config
    sid, from_number, to_number = form["MessageSid"], form["From"].strip(), (form.get("To") or "").strip()
    body, media = form.get("Body") or "", _media(form)
    village = village_for_number(to_number, config["DATA_DIR"])
    key = sender_key(config["SECRET_KEY"], CHANNEL, village.slug, normalize_phone(from_number)) if village else None
    conversation = Conversation(CHANNEL, village.slug if village else None, key)
    row = {"message_sid": sid, "from_number": from_number, "to_number": to_number, "body": body,
           "num_media": len(media), "media": json.dumps(media)}
    channel = SmsChannel(conversation, row, village, is_twilio_keyword(body, form.get("OptOutType")),
                         load_messages(), config["MAX_MESSAGE_CHARS"], config["SMS_PART_CHARS"],
                         opt_out_type=form.get("OptOutType"))
    outcome = receive(get_db(), config["DATABASE"], conversation, channel, _sms_rasa(), current_limits())
    _log(outcome, sid, to_number)
    return twiml(outcome.replies)
