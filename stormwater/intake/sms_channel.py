"""Texts as an intake channel: how an SMS is stored, held and answered, in GSM-7 parts.

Twilio's keywords, a retried MessageSid, an unknown ``To`` number and picture-only texts
are settled here without the assistant; "MORE" and "LAW" send what the last turn held back;
a reply "1" picks the first button of the previous reply. See ``web/sms.py`` for the order
in which a request is checked before it gets here.
"""
from __future__ import annotations

import json
import logging
from typing import List, Optional, Tuple

from sqlite_utils import Database

from stormwater.store.clock import iso
from stormwater.store.database import immediate
from stormwater.intake.inbound import MessageTooLong, clean_message
from stormwater.intake.chat_channel import safe_buttons
from stormwater.intake.pipeline import (
    ANSWERED, BUSY, DONE, LIMITED, SPOOLED, Conversation, Outcome,
)
from stormwater.intake.language import language_note
from stormwater.intake.sms_text import choice_payload, split_for_sms, to_gsm7, with_numbered_choices
from stormwater.intake.sms_turns import SmsTurn, next_part, plan_turn
from stormwater.store.message_log import (
    finish_text, held_details, last_buttons, remember_buttons, remember_details, store_text, stored_answer,
)
from stormwater.store import sms_consent
from stormwater.law.villages import Village, normalize_phone

log = logging.getLogger(__name__)

# Twilio's default keywords (Advanced Opt-Out off), matched against the whole trimmed message.
OPT_OUT_KEYWORDS = frozenset({"STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"})
OPT_IN_KEYWORDS = frozenset({"START", "UNSTOP"})  # YES left out on purpose: see web/sms.py
# Twilio's HELP and INFO are not among them: Twilio sends its one-line standard reply, but
# they change nothing for the number and are the newcomer's first question, so they go on to
# the assistant, which answers with the help desk's introduction.
TWILIO_KEYWORDS = OPT_OUT_KEYWORDS | OPT_IN_KEYWORDS

STATUS_RECEIVED = "received"
STATUS_ANSWERED = "answered"
STATUS_HELD = "held"
STATUS_UNKNOWN_NUMBER = "unknown_number"
STATUS_KEYWORD = "keyword"

# A turn is planned to three segments (stormwater.intake.sms_text.TURN_SEGMENTS); this only
# guards Twilio's own limit.
TURN_MAX_CHARS = 1600
# What the resident texts to get what a turn held back (see stormwater.intake.sms_turns.plan_turn).
DETAIL_KEYWORDS = {"MORE": "more", "LAW": "law"}
# The answer to a confirmation text ("Reply YES to get updates on BAY-...").
CONFIRM_WORDS = frozenset({"YES", "Y"})


def is_twilio_keyword(body: str, opt_out_type: Optional[str] = None) -> bool:
    """Whether Twilio handles this text itself (an opt-out or opt-in keyword that is the whole
    message); HELP is answered by the assistant too.

    :param opt_out_type: Twilio's ``OptOutType`` parameter (STOP, START or HELP), sent when
        Advanced Opt-Out is on
    """
    if opt_out_type:
        return opt_out_type.strip().upper() != "HELP"
    return " ".join(body.split()).upper().rstrip(".!") in TWILIO_KEYWORDS


def reply_text(replies: list, lead: str, item: str) -> Tuple[str, list]:
    """The bot's messages as one GSM-7 SMS text, and the buttons it offers (the last set).

    Custom payloads and images have no SMS form and are left out.
    """
    texts, buttons = [], []
    for message in replies:
        if isinstance(message.get("text"), str) and message["text"].strip():
            texts.append(message["text"].strip())
        offered = safe_buttons(message)
        if offered:
            buttons = offered
    text = with_numbered_choices("\n\n".join(texts), buttons, lead=lead, item=item)
    return to_gsm7(text), buttons


def reply_turn(replies: list, words: dict) -> Tuple[SmsTurn, list]:
    """The bot's messages as one SMS turn of at most three segments (safety lines and the
    question first; the rest and the ordinance's words on request), and its buttons."""
    texts, buttons, question, quotes = [], [], "", []
    for message in replies:
        offered = safe_buttons(message)
        text = message["text"].strip() if isinstance(message.get("text"), str) else ""
        custom = message.get("custom")
        if offered:
            buttons = offered
            if question:
                texts.append(question)
            question = with_numbered_choices(text, offered, lead=words["sms_choices_lead"], item=words["sms_choice_item"],
                                             separator=words["sms_choice_separator"])
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


class SmsChannel:
    """One text on its way through :func:`stormwater.intake.pipeline.receive`.

    Every outcome's ``replies`` are the SMS parts to send (none: empty TwiML).

    :param conversation: its sender key is ``None``-free only when ``village`` is known
    :param row: the ``sms_messages`` row as received (``message_sid``, numbers, body, media, ...)
    :param village: the village whose number was texted, or ``None``
    :param keyword: whether Twilio handles this text itself (:func:`is_twilio_keyword`)
    :param words: ``data/messages.yml``
    :param max_chars: the longest text passed on (``MAX_MESSAGE_CHARS``)
    :param part_chars: the longest SMS part (``SMS_PART_CHARS``)
    """

    table = "sms_messages"

    def __init__(self, conversation: Conversation, row: dict, village: Optional[Village], keyword: bool,
                 words: dict, max_chars: int, part_chars: int, opt_out_type: Optional[str] = None):
        self.conversation = conversation
        self.opt_out_type = opt_out_type
        self.village = village
        self.keyword = keyword
        self.words = words
        self.part_chars = part_chars
        self.media = json.loads(row.get("media") or "[]")
        body = row["body"]
        try:
            self._text = clean_message(body, max_chars)
        except MessageTooLong:
            self._text = clean_message(body, len(body) * 4 + 16)[:max_chars]
        if village is None:
            status, reply = STATUS_UNKNOWN_NUMBER, to_gsm7(words["sms_unknown_number"])
        elif keyword:
            status, reply = STATUS_KEYWORD, None
        else:
            status, reply = STATUS_RECEIVED, None
        self.row = {
            **row,
            "village": village.slug if village else None,
            "sender_key": conversation.sender_key if village else None,
            "received_at": iso(),
            "status": status,
            "handled": 1 if status == STATUS_KEYWORD else 0,
            "reply": reply,
            "replied_at": iso() if reply else None,
        }
        self.inserted = True

    # -- wording ------------------------------------------------------------------------

    def _overflow(self) -> str:
        phone = self.village.contact("clerk").get("phone") if self.village else None
        return to_gsm7(self.words["sms_truncated"].format(phone=phone) if phone else self.words["sms_truncated_no_phone"])

    def parts(self, text: Optional[str]) -> List[str]:
        """``text`` in SMS parts of at most ``part_chars`` (none for no text)."""
        return split_for_sms(text, self.part_chars, overflow=self._overflow()) if text else []

    def as_sent(self, text: Optional[str]) -> List[str]:
        """An answer already fitted to a turn's budget, as one text (none for no text): the
        phone joins its segments, and cutting it would cost a partly filled segment a part."""
        return split_for_sms(text, TURN_MAX_CHARS, overflow=self._overflow()) if text else []

    def _holding(self) -> str:
        return to_gsm7(self.words["sms_holding_reply"])

    def _rate_limited_notice(self) -> str:
        phone = self.village.contact("clerk").get("phone")
        words = self.words
        return to_gsm7(words["sms_rate_limited"].format(phone=phone) if phone else words["sms_rate_limited_no_phone"])

    def _remember_opt_out(self, db: Database) -> None:
        # STOP (or START) also decides the update texts queued in stormwater/alerts: none are
        # queued for a number that opted out. A failure here must not lose the keyword's reply.
        word = " ".join(self.row["body"].split()).upper().rstrip(".!")
        kind = (self.opt_out_type or "").upper()
        phone = normalize_phone(self.row["from_number"])
        try:
            if kind == "STOP" or (not kind and word in OPT_OUT_KEYWORDS):
                sms_consent.record_opt_out(db, phone, "stop_keyword")
            elif kind == "START" or (not kind and word in OPT_IN_KEYWORDS):
                sms_consent.record_opt_in(db, phone)
        except Exception:  # noqa: BLE001 - logged; Twilio blocks texts to the number anyway (21610)
            log.exception("could not record the SMS opt-out/opt-in")

    # -- the Channel protocol -----------------------------------------------------------

    def store(self, db: Database) -> int:
        message_id, self.inserted = store_text(db, self.row)
        return message_id

    def spooled_row(self) -> dict:
        # Waits for staff once moved in (deduplicated by MessageSid when Twilio retries).
        if self.row["status"] == STATUS_RECEIVED:
            self.row.update(status=STATUS_HELD, reply=self._holding(), replied_at=iso())
        return self.row

    def settle(self, db: Database, message_id: int) -> Optional[Outcome]:
        if not self.inserted:
            # Twilio retried: what was sent the first time, never a new assistant turn.
            status, reply = stored_answer(db, message_id)
            if status == STATUS_KEYWORD:
                return Outcome(DONE, message_id, detail="again")
            if reply is None:  # the first delivery is still waiting for the assistant, or failed midway
                reply = self._holding()
            return Outcome(DONE, message_id, replies=self.as_sent(reply), detail="again")
        if self.village is None:
            return Outcome(DONE, message_id, replies=self.parts(self.row["reply"]), detail="unknown_number")
        if self.keyword:
            self._remember_opt_out(db)
            return Outcome(DONE, message_id, detail="keyword")  # Twilio answers its own keywords
        if not self._text:
            if self.media:  # pictures only: nothing for the assistant to read, so staff look at them
                reply = to_gsm7(self.words["sms_media_received"])
                finish_text(db, message_id, STATUS_HELD, reply, handled=False)
                return Outcome(DONE, message_id, replies=self.parts(reply), detail="pictures")
            finish_text(db, message_id, STATUS_ANSWERED, "", handled=True)
            return Outcome(DONE, message_id, detail="empty")
        return None

    def text(self) -> str:
        return self._text

    def _confirm_updates(self, db: Database, message_id: int) -> Optional[Outcome]:
        # YES from a number asked to confirm update texts (stormwater/store/sms_consent.py): the
        # phone's owner consents from the phone itself. Any other YES goes to the assistant.
        if self._text.strip(" .!").upper() not in CONFIRM_WORDS:
            return None
        references = sms_consent.confirm_by_text(db, normalize_phone(self.row["from_number"]))
        if not references:
            return None
        reply = to_gsm7(self.words["alerts"]["updates_confirmed"].format(references=", ".join(references)))
        finish_text(db, message_id, STATUS_ANSWERED, reply, handled=not self.media)
        return Outcome(ANSWERED, message_id, replies=self.parts(reply))

    def local_reply(self, db: Database, message_id: int) -> Optional[Outcome]:
        confirmed = self._confirm_updates(db, message_id)
        if confirmed is not None:
            return confirmed
        # "MORE" / "LAW" after a turn that held something back: sent now, without a turn, at
        # most three segments at a time; what still does not fit waits for the next one.
        wanted = DETAIL_KEYWORDS.get(self._text.strip(" .!").upper())
        held = held_details(db, self.conversation.sender_key) if wanted else {}
        if not (wanted and held.get(wanted)):
            return None
        hint = self.words["sms_more_hint"] if wanted == "more" else self.words["sms_law_more_hint"]
        part = next_part(to_gsm7(held.pop(wanted)), to_gsm7(hint))
        if part.more:
            held[wanted] = part.more
        remember_details(db, self.conversation.sender_key, held)
        finish_text(db, message_id, STATUS_ANSWERED, part.text, handled=not self.media)
        return Outcome(ANSWERED, message_id, replies=[part.text] if part.text else [])

    def assistant_text(self, db: Database) -> str:
        # A number picks one of the payloads the bot offered in its last reply; nothing else
        # reaches the assistant uncleaned (clean_message strips the "/" of an intent).
        return choice_payload(self._text, last_buttons(db, self.conversation.sender_key)) or self._text

    def hold(self, db: Database, message_id: Optional[int], outcome: Outcome) -> Outcome:
        if outcome.status == SPOOLED:
            outcome.replies = self.parts(self.row["reply"])
        elif outcome.status == BUSY:
            # Stored already (status 'received', in the staff inbox): hold it rather than fail.
            outcome.replies = self.parts(self._holding())
        elif outcome.status == LIMITED:
            # The notice goes out once per burst, so a flood costs one outgoing text, and
            # every text waits in the staff inbox.
            reply = self._rate_limited_notice() if outcome.decision.notify else ""
            finish_text(db, message_id, STATUS_HELD, reply, handled=False)
            outcome.replies = self.parts(reply)
        else:
            reply = self._holding()
            finish_text(db, message_id, STATUS_HELD, reply, handled=False)
            outcome.replies = self.parts(reply)
        return outcome

    def answered(self, db: Database, message_id: int, replies: List[dict]) -> Outcome:
        note = language_note(self._text, self.village, self.words)  # a Spanish text gets a line in Spanish first
        turn, buttons = reply_turn(([{"text": note}] if note else []) + list(replies), self.words)
        key = self.conversation.sender_key
        with immediate(db):  # one transaction: what the texter may answer, and the reply
            remember_buttons(db, key, buttons)
            remember_details(db, key, {"more": turn.more, "law": turn.law})
            # Pictures stay in the staff inbox even when the assistant answered the words.
            finish_text(db, message_id, STATUS_ANSWERED, turn.text, handled=not self.media)
        return Outcome(ANSWERED, message_id, replies=self.as_sent(turn.text))
