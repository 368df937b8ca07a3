"""Rate limits per sender and per network address that never stop a first report.

Each limit is a token bucket: a key may send ``limit`` messages at once, and earns them
back at ``limit`` per ``window`` seconds. Keys are keyed hashes (a sender's
:func:`stormwater.intake.inbound.sender_key`, or one of the client address), never raw ids.

A resident must never be turned away while reporting a spill:

* every message of a report in progress passes both limits. "In progress" means the
  report form is open: the action server calls :func:`open_report` for the conversation
  when the form starts and :func:`close_report` when it is filed or cancelled. The
  exemption ends at the latest ``report_seconds`` after the form started, or when a ticket
  is filed for that sender. Words alone never open it;
* a message that looks like a report (:func:`looks_like_report`) passes both limits by
  itself, so the message that starts a report always reaches the assistant; a sender gets
  one such pass a day, so saying "spill" again and again does not lift its limit;
* the first ``free_messages`` messages of a sender are never refused by the sender's own
  limit (a whole report fits in them). They still count against the address limit: a
  client that invents a new sender id for every message is held by that one.

A limit of 0 switches it off. A refused message is not lost: the caller stores it first
and answers with emergency guidance.

The state lives in SQLite (table ``rate_limit_buckets``, migration 7) rather than in
process memory: waitress serves from several threads, a deployment may run several web
processes, and a restart must not hand a flooder a fresh allowance.
"""
from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from typing import Optional

from sqlite_utils import Database

from stormwater.store.clock import iso, unix_time
from stormwater.store.database import immediate

REPORT_RESTART_SECONDS = 24 * 3600  # a sender gets one pass for a report-like message a day
_OPEN_REPORT = "report:"  # key prefix of the rows that mark an open report form
_WRONG = "wrong:"  # key prefix of the wrong tries of a status check code
IDLE_SECONDS = 2 * 24 * 3600  # rows untouched this long are forgotten
PURGE_CHANCE = 1 / 200  # how often a check also deletes idle rows

# Words of a resident reporting something that may be happening now. A false positive only
# exempts a message from the limit, so the list errs on the generous side. A plain regular
# expression, not the discharge catalogue's fuzzy matcher: it runs on every message, flood
# or not, and must stay cheap.
_REPORT_WORDS = re.compile(
    r"\b(spill\w*|leak\w*|dump\w*|report\w*|emergenc\w*|overflow\w*|sewage|septic|oil|gas|gasoline|"
    r"fuel|diesel|chemical\w*|fumes?|smoke|fire|sheen|pollut\w*|contaminat\w*|hazard\w*|toxic|paint|"
    r"antifreeze|solvent\w*|pesticide\w*|bleach|grease|911)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Limits:
    """How many messages a sender and an address may send (0 disables that limit).

    :param per_sender: messages per ``window`` for one sender
    :param per_ip: messages per ``window`` from one client address
    :param window: seconds over which a limit refills completely
    :param free_messages: a sender's first messages, never limited by its own limit
    :param report_seconds: how long a report exemption lasts at most
    """

    per_sender: int = 30
    per_ip: int = 300
    window: float = 300.0
    free_messages: int = 20
    report_seconds: float = 3600.0


@dataclass(frozen=True)
class Decision:
    """The answer for one message.

    :param allowed: whether the message may go on to the assistant
    :param reason: ``"ok"``, ``"disabled"``, ``"free"`` or ``"report"`` when allowed;
        ``"sender"`` or ``"ip"`` (the limit that was reached) when not
    :param retry_after: whole seconds until the limit lets one more message through (0 if allowed)
    :param notify: when refused, whether this is the first refusal of the sender within a
        window (so an SMS notice is sent once, not for every text of a flood)
    """

    allowed: bool
    reason: str
    retry_after: int = 0
    notify: bool = False


def looks_like_report(text: str) -> bool:
    """Whether a message may be a spill, dumping or emergency report (then it is never limited)."""
    return _REPORT_WORDS.search(text or "") is not None


@dataclass
class _Bucket:
    key: str
    tokens: float
    updated_at: float
    seen: int = 0
    report_started_at: Optional[float] = None
    noticed_at: Optional[float] = None
    new: bool = False

    def refill(self, limit: int, window: float, now: float) -> None:
        if limit > 0:
            rate = limit / window
            self.tokens = min(float(limit), self.tokens + max(0.0, now - self.updated_at) * rate)
        self.updated_at = now

    def wait(self, limit: int, window: float) -> int:
        """Seconds until one whole token is back."""
        return max(1, math.ceil((1.0 - self.tokens) * window / limit))


def _load(db: Database, key: str, limit: int, now: float) -> _Bucket:
    row = db.conn.execute(
        "SELECT tokens, updated_at, seen, report_started_at, noticed_at FROM rate_limit_buckets WHERE key = ?",
        [key],
    ).fetchone()
    if row is None:
        return _Bucket(key, float(limit), now, new=True)
    return _Bucket(key, row[0], row[1], row[2], row[3], row[4])


def _save(db: Database, bucket: _Bucket) -> None:
    db.conn.execute(
        "INSERT INTO rate_limit_buckets (key, tokens, updated_at, seen, report_started_at, noticed_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET tokens = excluded.tokens, "
        "updated_at = excluded.updated_at, seen = excluded.seen, "
        "report_started_at = excluded.report_started_at, noticed_at = excluded.noticed_at",
        [bucket.key, bucket.tokens, bucket.updated_at, bucket.seen, bucket.report_started_at, bucket.noticed_at],
    )


def _ticket_filed_since(db: Database, sender: str, since: float) -> bool:
    row = db.conn.execute(
        "SELECT 1 FROM tickets WHERE sender_key = ? AND created_at >= ? LIMIT 1", [sender, iso(since)]
    ).fetchone()
    return row is not None


def _word_pass(bucket: _Bucket, urgent: bool, now: float) -> bool:
    """Whether this report-like message gets the sender's daily pass (``report_started_at``
    records when the last one was used)."""
    started = bucket.report_started_at
    if urgent and (started is None or now - started >= REPORT_RESTART_SECONDS):
        bucket.report_started_at = now
        return True
    return False


def open_report(db: Database, sender: str, now: Optional[float] = None) -> None:
    """Mark ``sender``'s report form as open: its messages pass every limit until
    :func:`close_report`, a filed ticket, or ``Limits.report_seconds``.

    Called by the action server when the form starts (``sender`` is Rasa's sender id,
    which is the web layer's :func:`stormwater.intake.inbound.sender_key`).
    """
    now = unix_time() if now is None else now
    with immediate(db):
        # A row of rate_limit_buckets of its own, so no schema change: updated_at lets the
        # idle purge forget an abandoned one.
        db.conn.execute(
            "INSERT INTO rate_limit_buckets (key, tokens, updated_at, seen, report_started_at) VALUES (?, 0, ?, 0, ?) "
            "ON CONFLICT (key) DO UPDATE SET updated_at = excluded.updated_at, report_started_at = excluded.report_started_at",
            [_OPEN_REPORT + sender, now, now],
        )


def close_report(db: Database, sender: str) -> None:
    """Mark ``sender``'s report form as closed (filed or cancelled): the limits apply again."""
    with immediate(db):
        db.conn.execute("DELETE FROM rate_limit_buckets WHERE key = ?", [_OPEN_REPORT + sender])


def report_open(db: Database, sender: str, limits: Limits, now: Optional[float] = None) -> bool:
    """Whether ``sender`` has a report form open: marked by :func:`open_report`, not closed,
    younger than ``limits.report_seconds``, and no ticket filed for the sender since."""
    now = unix_time() if now is None else now
    row = db.conn.execute(
        "SELECT report_started_at FROM rate_limit_buckets WHERE key = ?", [_OPEN_REPORT + sender]
    ).fetchone()
    if row is None or row[0] is None or not 0 <= now - row[0] < limits.report_seconds:
        return False
    return not _ticket_filed_since(db, sender, row[0])


def check(
    db: Database,
    limits: Limits,
    *,
    sender: Optional[str],
    ip: Optional[str] = None,
    urgent: bool = False,
    now: Optional[float] = None,
) -> Decision:
    """Count one inbound message and say whether it may go on to the assistant.

    Runs in one ``BEGIN IMMEDIATE`` transaction, so concurrent requests of the same sender
    (threads or processes) are counted exactly.

    :param db: a migrated connection from :func:`stormwater.store.database.connect`
    :param limits: the limits in force
    :param sender: the sender's key (already a keyed hash); ``None`` to count the address only
    :param ip: a key for the client address (already a keyed hash); ``None``: no address limit
    :param urgent: whether the message looks like a report (:func:`looks_like_report`): it
        passes by itself once a day; only an open report form (:func:`open_report`) exempts
        the messages after it
    :param now: the current Unix time (for tests); defaults to :func:`time.time`
    """
    now = unix_time() if now is None else now
    sender_limited = sender is not None and limits.per_sender > 0
    if not sender_limited and (limits.per_ip <= 0 or ip is None):
        return Decision(True, "disabled")
    with immediate(db):
        # Without a sender, a bucket that is never saved stands in for it.
        mine = _load(db, f"sender:{sender}", limits.per_sender, now) if sender else _Bucket("", 0.0, now)
        mine.refill(limits.per_sender, limits.window, now)
        mine.seen += 1
        reporting = bool(sender) and (_word_pass(mine, urgent, now) or report_open(db, sender, limits, now))
        address = None
        if ip and limits.per_ip > 0:
            address = _load(db, f"ip:{ip}", limits.per_ip, now)
            address.refill(limits.per_ip, limits.window, now)
            address.seen += 1

        if reporting:
            decision = Decision(True, "report")
        elif address is not None and address.tokens < 1:
            decision = _refusal(mine, "ip", address.wait(limits.per_ip, limits.window), limits, now)
        elif sender_limited and mine.seen > limits.free_messages and mine.tokens < 1:
            decision = _refusal(mine, "sender", mine.wait(limits.per_sender, limits.window), limits, now)
        else:
            decision = Decision(True, "free" if mine.seen <= limits.free_messages else "ok")
            # Free messages count against the sender's own bucket too, so the limit takes
            # over smoothly where they end; reports in progress cost nothing.
            if sender_limited:
                mine.tokens = max(0.0, mine.tokens - 1)
            if address is not None:
                address.tokens -= 1
        if sender:
            _save(db, mine)
        if address is not None:
            _save(db, address)
        if random.random() < PURGE_CHANCE:
            purge_idle(db, now)
    return decision


def wrong_tries_wait(db: Database, keys, limit: int, window: float, now: Optional[float] = None) -> int:
    """Seconds until every one of ``keys`` may make another try of a secret (a status check
    code), 0 if they may now. Each key earns ``limit`` wrong tries per ``window``; only
    :func:`count_wrong_try` spends them, so right tries cost nothing."""
    now = unix_time() if now is None else now
    waits = [0]
    for key in keys:
        bucket = _load(db, _WRONG + key, limit, now)
        bucket.refill(limit, window, now)
        if bucket.tokens < 1:
            waits.append(bucket.wait(limit, window))
    return max(waits)


def count_wrong_try(db: Database, keys, limit: int, window: float, now: Optional[float] = None) -> None:
    """Spend one wrong try of each of ``keys`` (see :func:`wrong_tries_wait`)."""
    now = unix_time() if now is None else now
    with immediate(db):
        for key in keys:
            bucket = _load(db, _WRONG + key, limit, now)
            bucket.refill(limit, window, now)
            bucket.tokens = max(0.0, bucket.tokens - 1)
            bucket.seen += 1
            _save(db, bucket)


def _refusal(bucket: _Bucket, reason: str, wait: int, limits: Limits, now: float) -> Decision:
    notify = bucket.noticed_at is None or now - bucket.noticed_at >= limits.window
    if notify:
        bucket.noticed_at = now
    return Decision(False, reason, wait, notify)


def purge_idle(db: Database, now: Optional[float] = None, idle_seconds: float = IDLE_SECONDS) -> int:
    """Forget buckets untouched for ``idle_seconds`` (their limits are full again anyway).

    :returns: how many rows were deleted
    """
    now = unix_time() if now is None else now
    with immediate(db):
        cursor = db.conn.execute("DELETE FROM rate_limit_buckets WHERE updated_at < ?", [now - idle_seconds])
    return cursor.rowcount
