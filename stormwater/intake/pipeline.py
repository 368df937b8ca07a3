"""One path for every resident message, whatever channel it came by.

:func:`receive` stores the message first (committed), applies the rate limits, passes it to
an :class:`Assistant` and records the replies. If the assistant does not answer, the message
is held for staff; if another writer holds the database past the busy timeout, the message
goes to the spool. A channel (web chat, SMS, a future voice line) is a :class:`Channel`:
how its message is stored, held and answered; its web view only parses the request and
renders the :class:`Outcome`.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional, Protocol, Union

from sqlite_utils import Database

from stormwater.store import spool
from stormwater.intake.rate_limits import Decision, Limits, check, looks_like_report

# What became of a message (Outcome.status).
ANSWERED = "answered"        # the assistant (or the channel itself) answered
SPOOLED = "spooled"          # the database stayed locked: the message is in the spool
BUSY = "busy"                # stored, but the database stayed locked afterwards: waits for staff
LIMITED = "rate_limited"     # stored, over a rate limit: waits for staff
UNAVAILABLE = "unavailable"  # stored, the assistant did not answer: waits for staff
DONE = "done"                # stored and settled by the channel before the assistant (see Channel.settle)


class AssistantUnavailable(Exception):
    """The assistant did not answer: connection refused, timeout, an error status or invalid JSON."""


class Assistant(Protocol):
    """What answers residents (``web.rasa_client.RasaClient`` is one)."""

    def send(self, sender: str, text: str, metadata: dict) -> List[dict]:
        """The assistant's replies to ``text`` from ``sender``.

        :raises AssistantUnavailable: when it does not answer
        """


@dataclass
class Outcome:
    """What :func:`receive` did with a message, for the channel's view to render.

    :param status: one of :data:`ANSWERED`, :data:`SPOOLED`, :data:`BUSY`, :data:`LIMITED`,
        :data:`UNAVAILABLE`, :data:`DONE`
    :param message_id: the stored row's id (``None`` when spooled)
    :param replies: the replies to send (the channel's own form)
    :param decision: the rate-limit decision, when one refused the message
    :param detail: why (for the log), e.g. the assistant's error
    """

    status: str
    message_id: Optional[int] = None
    replies: list = field(default_factory=list)
    decision: Optional[Decision] = None
    detail: str = ""


class Channel(Protocol):
    """How one channel stores, holds and answers a message; :func:`receive` calls these in order."""

    table: str  # the spool's table for this channel's messages

    def store(self, db: Database) -> int:
        """Store the inbound message (committed) and give its id; may raise a locked error."""

    def spooled_row(self) -> dict:
        """The row to spool when :meth:`store` found the database locked."""

    def settle(self, db: Database, message_id: int) -> Optional[Outcome]:
        """An outcome reached without the limits and the assistant (a retried delivery, an
        unknown number, a keyword, an empty message), or ``None`` to go on."""

    def text(self) -> str:
        """The cleaned text the rate limits judge."""

    def local_reply(self, db: Database, message_id: int) -> Optional[Outcome]:
        """An answer the channel gives itself once the limits let the message through
        (the held-back part of the last SMS turn), or ``None`` to ask the assistant."""

    def assistant_text(self, db: Database) -> str:
        """What the assistant is sent (a numbered SMS choice becomes its payload)."""

    def hold(self, db: Database, message_id: Optional[int], outcome: Outcome) -> Outcome:
        """Keep the message for staff and say so (spooled, busy, rate limited or the
        assistant down); writes nothing when the database is locked (spooled, busy)."""

    def answered(self, db: Database, message_id: int, replies: List[dict]) -> Outcome:
        """Record the assistant's replies and give the outcome to render."""


@dataclass(frozen=True)
class Conversation:
    """Who sent a message and where it goes.

    :param channel: ``"web"``, ``"sms"``, ...
    :param village: the village slug (``None``: the assistant asks)
    :param sender_key: the conversation's keyed id (``stormwater.intake.inbound.sender_key``)
    :param address_key: the client address's keyed id when the address is limited too, else ``None``
    """

    channel: str
    village: Optional[str]
    sender_key: str
    address_key: Optional[str] = None


def receive(
    db: Database,
    database: Union[str, Path],
    conversation: Conversation,
    channel: Channel,
    assistant: Assistant,
    limits: Limits,
) -> Outcome:
    """Take one resident message from any channel through store, limits and the assistant.

    :param db: a migrated connection
    :param database: the database file (its spool sits beside it)
    """
    try:
        message_id = channel.store(db)
    except sqlite3.OperationalError as error:
        if not spool.is_locked(error):
            raise
        spool.append(database, channel.table, channel.spooled_row())
        return channel.hold(db, None, Outcome(SPOOLED, detail="spooled"))
    settled = channel.settle(db, message_id)
    if settled is not None:
        return settled
    text = channel.text()
    try:
        decision = check(db, limits, sender=conversation.sender_key, ip=conversation.address_key,
                         urgent=looks_like_report(text))
    except sqlite3.OperationalError as error:
        if not spool.is_locked(error):
            raise
        return channel.hold(db, message_id, Outcome(BUSY, message_id, detail=f"stored as {message_id}, waiting for staff"))
    if not decision.allowed:
        return channel.hold(db, message_id, Outcome(LIMITED, message_id, decision=decision))
    local = channel.local_reply(db, message_id)
    if local is not None:
        return local
    try:
        replies = assistant.send(conversation.sender_key, channel.assistant_text(db),
                                 {"village": conversation.village, "channel": conversation.channel})
    except AssistantUnavailable as exc:
        return channel.hold(db, message_id, Outcome(UNAVAILABLE, message_id, detail=str(exc)))
    return channel.answered(db, message_id, replies)


def check_address(db: Database, limits: Limits, address_key: Optional[str]) -> Decision:
    """Count one request against its client address only (refused SMS signatures, history reads).

    A locked database lets the request through uncounted: it is refused or cheap anyway.
    """
    try:
        return check(db, limits, sender=None, ip=address_key)
    except sqlite3.OperationalError as error:
        if not spool.is_locked(error):
            raise
        return Decision(True, "unchecked")
