"""A report's status for its reporter, from anywhere (issue 32).

Three ways in, one answer:

* the conversation (chat or phone number) that filed the report: no reference needed;
* the reference and the check code given with the filed message, from any conversation;
* the public status page (``/status``), with the same two.

The answer says what happened and when, and what comes next (:func:`status_text`), from the
ticket's history only, never anyone's contact details. A wrong check code, an unknown
reference and someone else's reference get the same words, and wrong checks are limited per
asker and per reference, so neither guessing nor probing learns anything.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Optional
from zoneinfo import ZoneInfo

from sqlite_utils import Database

from stormwater.intake.rate_limits import count_wrong_try, wrong_tries_wait
from stormwater.store.wording import load_messages
from stormwater.reports.status_checks import check_matches
from stormwater.reports.ticket_history import (
    TicketHistory, check_hash_for, history_of, latest_reference_of, sender_of,
)
from stormwater.reports.ticket_references import normalize_reference

# Wrong check codes: an asker (conversation or client address) gets 5 per 15 minutes; one
# reference gets 10 a day, whoever tries, so 10,000 codes take years from any number of senders.
ASKER_WRONG_TRIES, ASKER_WINDOW = 5, 15 * 60.0
REFERENCE_WRONG_TRIES, REFERENCE_WINDOW = 10, 24 * 3600.0

STATUS, REFUSED, LIMITED, ASK_CHECK, ASK_REFERENCE = "status", "refused", "limited", "ask_check", "ask_reference"


@dataclass(frozen=True)
class Lookup:
    """The outcome of one status question.

    :param outcome: :data:`STATUS` (``history`` is set), :data:`REFUSED` (wrong check, unknown
      or someone else's reference: one answer), :data:`LIMITED` (too many wrong checks; try
      again in ``wait`` seconds), :data:`ASK_CHECK` (a reference without its check, asked from
      another conversation) or :data:`ASK_REFERENCE` (no reference, none filed here)
    :param reference: the reference asked about, as normalised (or as typed when it is not one)
    """

    outcome: str
    reference: Optional[str] = None
    history: Optional[TicketHistory] = None
    wait: int = 0


def by_check(db: Database, reference: str, check: Optional[str], asker: Optional[str],
             now: Optional[float] = None) -> Lookup:
    """The status for whoever holds ``reference`` and its ``check`` code.

    :param asker: a key of who asks (the conversation's sender key, or the keyed client
      address); ``None`` leaves only the per-reference limit
    """
    wanted = normalize_reference(reference) or (reference or "").strip().upper()[:20]
    keys = [f"ref:{wanted}"] + ([f"asker:{asker}"] if asker else [])
    wait = max(wrong_tries_wait(db, keys[:1], REFERENCE_WRONG_TRIES, REFERENCE_WINDOW, now),
               wrong_tries_wait(db, keys[1:], ASKER_WRONG_TRIES, ASKER_WINDOW, now))
    if wait:
        return Lookup(LIMITED, wanted, wait=wait)
    if check_matches(check_hash_for(db, wanted), check):
        return Lookup(STATUS, wanted, history_of(db, wanted))
    count_wrong_try(db, keys[:1], REFERENCE_WRONG_TRIES, REFERENCE_WINDOW, now)
    count_wrong_try(db, keys[1:], ASKER_WRONG_TRIES, ASKER_WINDOW, now)
    return Lookup(REFUSED, wanted)


def in_conversation(db: Database, sender_key: str, reference: Optional[str], check: Optional[str],
                    now: Optional[float] = None) -> Lookup:
    """The status asked in a conversation: its own last report when no reference is given,
    a reference it filed, or any reference with its check code."""
    if reference is None:
        own = latest_reference_of(db, sender_key)
        return Lookup(STATUS, own, history_of(db, own)) if own else Lookup(ASK_REFERENCE)
    wanted = normalize_reference(reference)
    if wanted and sender_key and sender_of(db, wanted) == sender_key:
        return Lookup(STATUS, wanted, history_of(db, wanted))
    if check is None:
        return Lookup(ASK_CHECK, wanted or reference)
    return by_check(db, reference, check, sender_key, now)


def _when(moment: datetime, village) -> str:
    local = moment.astimezone(ZoneInfo(village.timezone))
    hour = local.hour % 12 or 12
    return load_messages()["status_words"]["when"].format(
        day=f"{local:%A}, {local:%B} {local.day}, {local.year}", time=f"{hour}:{local:%M} {local:%p}")


def status_text(history: TicketHistory, village) -> str:
    """What happened to the report and when, and what comes next, in the village's time."""
    words = load_messages()["status_words"]
    kinds = load_messages()["alerts"]["kinds"]
    clerk = village.contact("clerk")
    lines = [words["filed"].format(reference=history.reference, kind=kinds.get(history.kind, history.kind),
                                   when=_when(history.created_at, village))]
    lines += [words["moves"][move.status].format(when=_when(move.at, village))
              for move in history.moves if move.status in words["moves"]]
    if history.shared_note:
        lines.append(words["note"].format(when=_when(history.shared_note_at, village),
                                          note=" ".join(history.shared_note.split())))
    lines.append(words["next"].get(history.status, words["next"]["new"]).format(
        clerk_title=clerk["title"], clerk_phone=clerk["phone"]))
    return "\n".join(lines)


def refusal_text(lookup: Lookup, village) -> str:
    """The answer to a status question that gets no status (refused, limited, check wanted)."""
    words = load_messages()["status_words"]
    clerk = village.contact("clerk")
    minutes = max(1, -(-lookup.wait // 60))
    return words[lookup.outcome].format(
        reference=lookup.reference or "", minutes=minutes, clerk_title=clerk["title"],
        clerk_phone=clerk["phone"], office_hours=village.office_hours or "office hours",
    )
