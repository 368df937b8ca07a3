"""The web chat as an intake channel: how its messages are stored, held and answered."""
from __future__ import annotations

from typing import List, Optional

from sqlite_utils import Database

from stormwater.intake.pipeline import ANSWERED, Conversation, Outcome
from stormwater.intake.language import language_note
from stormwater.store.wording import load_messages
from stormwater.store.message_log import (
    chat_row, insert_chat_row, record_answer,
)
from stormwater.law.villages import Village

EXTRA_REPLY_KEYS = ("buttons", "custom", "image")


def safe_buttons(message: dict) -> List[dict]:
    """A bot message's buttons that have a text title and payload, as ``{"title", "payload"}``."""
    return [
        {"title": b["title"], "payload": b["payload"]}
        for b in message.get("buttons") or []
        if isinstance(b, dict) and isinstance(b.get("title"), str) and isinstance(b.get("payload"), str)
    ]


def safe_reply(message: dict) -> dict:
    """Only the parts of a bot message the page knows how to show, with checked types."""
    out: dict = {}
    if isinstance(message.get("text"), str):
        out["text"] = message["text"]
    buttons = safe_buttons(message)
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
    """What a resident reads when the assistant is down: what happened and whom to call.

    :param lead: the ``data/messages.yml`` entry that says what happened (its lines carry the
        emergency guidance), e.g. ``rate_limited``
    """
    words = load_messages()
    lines = list(words[lead])
    if village is not None:
        offices = []
        for role in ("clerk", "smo"):
            contact = village.contact(role)
            if contact.get("phone"):
                offices.append(f"the {contact['title']} at {contact['phone']}")
        if offices:
            hours = f" ({village.office_hours})" if village.office_hours else ""
            lines.append(words["village_offices"].format(village_name=village.name, offices=" or ".join(offices), hours=hours))
    else:
        offices = [
            f"{v.name} {v.contact('clerk')['title']}, {v.contact('clerk')['phone']}"
            for v in villages.values()
            if v.contact("clerk").get("phone")
        ]
        if offices:
            lines.append(words["all_offices"].format(offices="; ".join(offices)))
    return " ".join(lines)


class ChatChannel:
    """One web chat message on its way through :func:`stormwater.intake.pipeline.receive`.

    A held message (spooled, busy, rate limited, assistant down) keeps ``delivered = 0``
    and waits in the staff inbox; the view answers with :func:`unavailable_text`.

    :param text: the cleaned message (``stormwater.intake.inbound.clean_message``)
    :param village: the village, or ``None`` when the resident has not picked one
    """

    table = "chat_messages"

    def __init__(self, conversation: Conversation, text: str, village: Optional[Village]):
        self.conversation = conversation
        self.village = village
        self._text = text
        self.row = chat_row(channel=conversation.channel, village=conversation.village,
                            sender_key=conversation.sender_key, direction="in", text=text, delivered=False)

    def store(self, db: Database) -> int:
        return insert_chat_row(db, self.row)

    def spooled_row(self) -> dict:
        return self.row

    def settle(self, db: Database, message_id: int) -> Optional[Outcome]:
        return None

    def text(self) -> str:
        return self._text

    def local_reply(self, db: Database, message_id: int) -> Optional[Outcome]:
        return None

    def assistant_text(self, db: Database) -> str:
        return self._text

    def hold(self, db: Database, message_id: Optional[int], outcome: Outcome) -> Outcome:
        return outcome

    def answered(self, db: Database, message_id: int, replies: List[dict]) -> Outcome:
        messages = join_parts([m for m in (safe_reply(r) for r in replies) if m])
        note = language_note(self._text, self.village, load_messages())
        if note:
            messages.insert(0, {"text": note, "custom": {"type": "language_note", "language": "es"}})
        rows = [
            chat_row(channel=self.conversation.channel, village=self.conversation.village,
                     sender_key=self.conversation.sender_key, direction="out", text=m.get("text", ""),
                     delivered=True, custom={k: m[k] for k in EXTRA_REPLY_KEYS if k in m} or None)
            for m in messages
        ]
        record_answer(db, message_id, rows)
        return Outcome(ANSWERED, message_id, replies=messages)
