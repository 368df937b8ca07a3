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
   look like Twilio's (``stormwater/sms_webhook.py``; 400, nothing stored).
2. The text is stored in ``sms_messages`` (committed) before anything else. A MessageSid
   seen before (Twilio retried) is answered from the stored row and not passed on again.
3. An unknown ``To`` number, Twilio's own keywords (:data:`TWILIO_KEYWORDS`) and picture-only
   messages are answered here; everything else goes to Rasa with a keyed hash of the
   resident's number as the sender, within ``SMS_RASA_TIMEOUT`` seconds so that Twilio (which
   gives up after 15 s) always gets an answer. If Rasa is down or slow the resident gets
   the holding reply and the text waits in the staff inbox (``handled = 0``). A number
   over its rate limit (``stormwater.rate_limits``; never during a report) is not passed on
   either: its text waits for staff and one notice per burst says so, with 911.
4. The reply is TwiML: GSM-7 text, buttons as "Reply 1 for ...", in parts of at most
   ``SMS_PART_CHARS`` characters and 1,600 in all. A reply "1" picks the first button of the
   previous reply. Custom payloads and images are not sent by SMS.

Keywords: Twilio itself answers and acts on its default opt-out, opt-in and help keywords
when one is the whole message (any case), whatever this webhook replies. We store such a
text, answer with empty TwiML and do not pass it to Rasa. That includes CANCEL, which
Twilio documents as an opt-out keyword: a bare "cancel" unsubscribes the number from the
help desk's texts, so residents ending a report by SMS need other words ("cancel report",
"never mind"). YES is also a Twilio opt-in keyword, but it is the usual answer to the
report form's questions, so it is passed to Rasa (Twilio only acts on it for a number
that had opted out).
"""
from __future__ import annotations

import json
import sqlite3
from typing import List, Optional, Tuple

from flask import Blueprint, Response, current_app, request
from twilio.request_validator import RequestValidator
from twilio.twiml.messaging_response import MessagingResponse

from stormwater import spool
from stormwater.inbound import MessageTooLong, clean_message, sender_key
from stormwater.messages import load_messages
from stormwater.sms_webhook import form_problem
from stormwater.language import language_note
from stormwater.sms_text import SmsTurn, choice_payload, plan_turn, split_for_sms, to_gsm7, with_numbered_choices
from stormwater.storage import immediate
from stormwater.villages import Village, normalize_phone, village_for_number

from stormwater.clock import iso

from .db import get_db
from .network import from_this_computer
from .rasa_client import RasaClient, RasaUnavailable
from .rate_limiting import check_address, check_message, retry_after

bp = Blueprint("sms", __name__)

CHANNEL = "sms"
# Twilio's default keywords (Advanced Opt-Out off), matched against the whole trimmed message.
OPT_OUT_KEYWORDS = frozenset({"STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"})
OPT_IN_KEYWORDS = frozenset({"START", "UNSTOP"})  # YES left out on purpose: see the module docstring
HELP_KEYWORDS = frozenset({"HELP", "INFO"})
TWILIO_KEYWORDS = OPT_OUT_KEYWORDS | OPT_IN_KEYWORDS | HELP_KEYWORDS
MAX_MEDIA = 10  # Twilio delivers at most 10 media per MMS

STATUS_RECEIVED = "received"
STATUS_ANSWERED = "answered"
STATUS_HELD = "held"
STATUS_UNKNOWN_NUMBER = "unknown_number"
STATUS_KEYWORD = "keyword"


def is_twilio_keyword(body: str, opt_out_type: Optional[str] = None) -> bool:
    """Whether Twilio handles this text itself (a keyword that is the whole message).

    :param opt_out_type: Twilio's ``OptOutType`` parameter, sent when Advanced Opt-Out is on
    """
    if opt_out_type:
        return True
    return " ".join(body.split()).upper().rstrip(".!") in TWILIO_KEYWORDS


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


def _overflow(village: Optional[Village]) -> str:
    words = load_messages()
    phone = village.contact("clerk").get("phone") if village else None
    return to_gsm7(words["sms_truncated"].format(phone=phone) if phone else words["sms_truncated_no_phone"])


def _rate_limited_notice(village: Village) -> str:
    words = load_messages()
    phone = village.contact("clerk").get("phone")
    return to_gsm7(words["sms_rate_limited"].format(phone=phone) if phone else words["sms_rate_limited_no_phone"])


def _parts(text: str, village: Optional[Village]) -> List[str]:
    return split_for_sms(text, current_app.config["SMS_PART_CHARS"], overflow=_overflow(village))


def _store(db, row: dict) -> Tuple[int, bool]:
    """Insert the inbound text unless its MessageSid is stored already: (row id, inserted?)."""
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    with immediate(db):
        cursor = db.conn.execute(
            f"INSERT INTO sms_messages ({columns}) VALUES ({marks}) ON CONFLICT (message_sid) DO NOTHING",
            list(row.values()),
        )
        inserted = cursor.rowcount == 1
        found = db.conn.execute("SELECT id FROM sms_messages WHERE message_sid = ?", [row["message_sid"]]).fetchone()
    return int(found[0]), inserted


def _finish(db, message_id: int, status: str, reply: Optional[str], handled: bool) -> None:
    with immediate(db):
        db.conn.execute(
            "UPDATE sms_messages SET status = ?, reply = ?, replied_at = ?, handled = ? WHERE id = ?",
            [status, reply, iso(), 1 if handled else 0, message_id],
        )


def _last_buttons(db, key: str) -> list:
    row = db.conn.execute("SELECT buttons FROM sms_conversations WHERE sender_key = ?", [key]).fetchone()
    return json.loads(row[0]) if row else []


def _remember_buttons(db, key: str, buttons: list) -> None:
    with immediate(db):
        db.conn.execute(
            "INSERT INTO sms_conversations (sender_key, buttons, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (sender_key) DO UPDATE SET buttons = excluded.buttons, updated_at = excluded.updated_at",
            [key, json.dumps(buttons, ensure_ascii=False), iso()],
        )


def reply_text(replies: list, lead: str, item: str) -> Tuple[str, list]:
    """The bot's messages as one GSM-7 SMS text, and the buttons it offers (the last set).

    Custom payloads and images have no SMS form and are left out.
    """
    texts, buttons = [], []
    for message in replies:
        if isinstance(message.get("text"), str) and message["text"].strip():
            texts.append(message["text"].strip())
        offered = [
            {"title": b["title"], "payload": b["payload"]}
            for b in message.get("buttons") or []
            if isinstance(b, dict) and isinstance(b.get("title"), str) and isinstance(b.get("payload"), str)
        ]
        if offered:
            buttons = offered
    text = with_numbered_choices("\n\n".join(texts), buttons, lead=lead, item=item)
    return to_gsm7(text), buttons


# A turn is planned to two segments; only the 911 and Spill Hotline lines make it longer.
TURN_MAX_CHARS = 1600
# What the resident texts to get what a turn held back (see stormwater.sms_text.plan_turn).
DETAIL_KEYWORDS = {"MORE": "more", "LAW": "law"}


def reply_turn(replies: list, words: dict) -> Tuple[SmsTurn, list]:
    """The bot's messages as one SMS turn of at most two segments (safety lines and the
    question first; the rest and the ordinance's words on request), and its buttons."""
    texts, buttons, question, quotes = [], [], "", []
    for message in replies:
        offered = [
            {"title": b["title"], "payload": b["payload"]}
            for b in message.get("buttons") or []
            if isinstance(b, dict) and isinstance(b.get("title"), str) and isinstance(b.get("payload"), str)
        ]
        text = message["text"].strip() if isinstance(message.get("text"), str) else ""
        custom = message.get("custom")
        if offered:
            buttons = offered
            if question:
                texts.append(question)
            question = with_numbered_choices(text, offered, lead=words["sms_choices_lead"], item=words["sms_choice_item"])
        elif text:
            texts.append(text)
        if isinstance(custom, dict) and isinstance(custom.get("quote"), str) and custom["quote"].strip():
            quotes.append(f"{custom.get('citation') or ''}: \"{custom['quote'].strip()}\"".lstrip(": "))
    # The turn keeps each citation ("Source: ... § 63A-14"); the ordinance's words wait for LAW.
    for message in replies:
        custom = message.get("custom")
        if isinstance(custom, dict) and isinstance(custom.get("quote"), str) and custom["quote"].strip():
            words_quoted = f': "{custom["quote"].strip()}"'
            texts = [t.replace(words_quoted, "") for t in texts]
            question = question.replace(words_quoted, "")
    # A form question without buttons ("Where is it? Give an address, ...") ends the turn.
    if not question and texts and "?" in texts[-1]:
        question = texts.pop()
    turn = plan_turn([to_gsm7(t) for t in texts], to_gsm7(question), to_gsm7("\n\n".join(quotes)),
                     more_hint=words["sms_more_hint"], law_hint=words["sms_law_hint"])
    return turn, buttons


def _details(db, key: str) -> dict:
    row = db.conn.execute("SELECT details FROM sms_conversations WHERE sender_key = ?", [key]).fetchone()
    return json.loads(row[0] or "{}") if row else {}


def _remember_details(db, key: str, details: dict) -> None:
    with immediate(db):
        db.conn.execute(
            "INSERT INTO sms_conversations (sender_key, details, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (sender_key) DO UPDATE SET details = excluded.details, updated_at = excluded.updated_at",
            [key, json.dumps(details, ensure_ascii=False), iso()],
        )


def _answer_again(row, village: Optional[Village]) -> Response:
    """The answer to a retried MessageSid: what was sent the first time, never a new Rasa turn."""
    status, reply = row
    if status == STATUS_KEYWORD:
        return twiml([])
    if reply is None:  # the first delivery is still waiting for Rasa, or failed midway
        reply = to_gsm7(load_messages()["sms_holding_reply"])
    return twiml(_parts(reply, village))


@bp.post("/sms")
def inbound():
    """Twilio's webhook for an incoming SMS or MMS; answers with TwiML."""
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

    form = request.form
    # A valid signature is not enough: see stormwater/sms_webhook.py (a re-split replay).
    problem = form_problem(form.to_dict(flat=False), current_app.config.get("TWILIO_ACCOUNT_SID"))
    if problem is not None:
        if problem == "account_sid":
            log.warning("POST /sms refused: AccountSid is not TWILIO_ACCOUNT_SID")
            return _plain(403, "Wrong Twilio account.")
        log.error("POST /sms refused: %s is not what Twilio sends (stormwater/sms_webhook.py)",
                  problem.replace("field:", "unexpected or repeated form field(s) ") if problem.startswith("field:") else "MessageSid")
        return _plain(400, "Not a Twilio message request.")
    sid = form["MessageSid"]
    from_number = (form.get("From") or "").strip()
    if not from_number:
        log.warning("POST /sms without MessageSid or From; ignored")
        return _plain(400, "MessageSid and From are required.")
    body = form.get("Body") or ""
    to_number = (form.get("To") or "").strip()
    media = _media(form)
    village = village_for_number(to_number, current_app.config["DATA_DIR"])
    secret = current_app.config["SECRET_KEY"]
    key = sender_key(secret, CHANNEL, village.slug, normalize_phone(from_number)) if village else None
    keyword = is_twilio_keyword(body, form.get("OptOutType"))
    words = load_messages()

    if village is None:
        status, reply = STATUS_UNKNOWN_NUMBER, to_gsm7(words["sms_unknown_number"])
    elif keyword:
        status, reply = STATUS_KEYWORD, None
    else:
        status, reply = STATUS_RECEIVED, None
    db = get_db()
    # Stored (and committed) first: whatever happens next, the text is on record.
    row = {
        "message_sid": sid,
        "from_number": from_number,
        "to_number": to_number,
        "body": body,
        "num_media": len(media),
        "media": json.dumps(media),
        "village": village.slug if village else None,
        "sender_key": key,
        "received_at": iso(),
        "status": status,
        "handled": 1 if status == STATUS_KEYWORD else 0,
        "reply": reply,
        "replied_at": iso() if reply else None,
    }
    try:
        message_id, inserted = _store(db, row)
    except sqlite3.OperationalError as error:
        if not spool.is_locked(error):
            raise
        # Another writer held the database past the busy timeout: the text goes to the spool
        # (moved in shortly, deduplicated by MessageSid) and waits for staff.
        log.warning("database locked: SMS %s spooled for staff", sid)
        if status == STATUS_RECEIVED:
            status, reply = STATUS_HELD, to_gsm7(words["sms_holding_reply"])
            row.update(status=status, reply=reply, replied_at=iso())
        spool.append(current_app.config["DATABASE"], "sms_messages", row)
        return twiml(_parts(reply, village) if reply else [])
    if not inserted:
        log.info("SMS %s delivered again; answered from the stored row", sid)
        row = db.conn.execute("SELECT status, reply FROM sms_messages WHERE id = ?", [message_id]).fetchone()
        return _answer_again(row, village)
    if village is None:
        log.warning("SMS %s to a number no village uses (%s); kept for staff", sid, to_number)
        return twiml(_parts(reply, None))
    if keyword:
        return twiml([])  # Twilio answers its own keywords

    try:
        text = clean_message(body, current_app.config["MAX_MESSAGE_CHARS"])
    except MessageTooLong:
        text = clean_message(body, len(body) * 4 + 16)[: current_app.config["MAX_MESSAGE_CHARS"]]
    if not text:
        if media:  # pictures only: nothing for the assistant to read, so staff look at them
            reply = to_gsm7(words["sms_media_received"])
            _finish(db, message_id, STATUS_HELD, reply, handled=False)
            return twiml(_parts(reply, village))
        _finish(db, message_id, STATUS_ANSWERED, "", handled=True)
        return twiml([])

    try:
        decision = check_message(db, key, text, CHANNEL, by_address=False)
    except sqlite3.OperationalError as error:
        if not spool.is_locked(error):
            raise
        # Stored already (status 'received', in the staff inbox): hold it rather than fail.
        log.warning("database locked: SMS %s stored, waiting for staff", sid)
        return twiml(_parts(to_gsm7(words["sms_holding_reply"]), village))
    if not decision.allowed:
        # Still 200 with TwiML (Twilio retries anything else); the notice goes out once per
        # burst, so a flood costs one outgoing text, and every text waits in the staff inbox.
        log.info("SMS %s kept for staff: sender rate limit", sid)
        reply = _rate_limited_notice(village) if decision.notify else ""
        _finish(db, message_id, STATUS_HELD, reply, handled=False)
        return twiml(_parts(reply, village))

    # "MORE" / "LAW" after a turn that held something back: sent now, without a Rasa turn.
    wanted = DETAIL_KEYWORDS.get(text.strip(" .!").upper())
    held = _details(db, key) if wanted else {}
    if wanted and held.get(wanted):
        reply = to_gsm7(held.pop(wanted))
        _remember_details(db, key, held)
        _finish(db, message_id, STATUS_ANSWERED, reply, handled=not media)
        return twiml(_parts(reply, village))

    # A number picks one of the payloads the bot offered in its last reply; nothing else
    # reaches Rasa uncleaned (clean_message strips the "/" that would make text an intent).
    outgoing = choice_payload(text, _last_buttons(db, key)) or text
    try:
        replies = _sms_rasa().send(key, outgoing, {"village": village.slug, "channel": CHANNEL})
    except RasaUnavailable as exc:
        log.warning("Rasa unavailable for SMS %s (held for staff): %s", sid, exc)
        reply = to_gsm7(words["sms_holding_reply"])
        _finish(db, message_id, STATUS_HELD, reply, handled=False)
        return twiml(_parts(reply, village))

    note = language_note(text, village, words)  # a Spanish text gets a line in Spanish first
    turn, buttons = reply_turn(([{"text": note}] if note else []) + list(replies), words)
    reply = turn.text
    _remember_buttons(db, key, buttons)
    _remember_details(db, key, {"more": turn.more, "law": turn.law})
    # Pictures stay in the staff inbox even when the assistant answered the words.
    _finish(db, message_id, STATUS_ANSWERED, reply, handled=not media)
    # A planned turn goes out as one text: the phone joins its segments, and cutting it into
    # several texts would cost a partly filled segment each.
    return twiml(split_for_sms(reply, TURN_MAX_CHARS, overflow=_overflow(village)))
