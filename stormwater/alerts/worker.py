"""Send what the outbox holds: claim due rows, send each once, retry failures with backoff.

One worker runs (``ops.alerts_worker``, supervised by the launcher). A row is claimed (its
attempt counted and its next try pushed past the send) before it is sent, and marked sent
right after, so a row is sent again only if the worker dies between the two. A transient
failure (server down, timeout) is retried after 5 s, doubling to 10 minutes, for up to
:data:`GIVE_UP_AFTER`; a permanent one (refused address, Twilio 21610) is marked failed at once
and never retried. With no transport for a channel (e-mail off), rows are ``held``: the
staff inbox shows the new-report alerts instead.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Dict, List, Optional

from sqlite_utils import Database

from stormwater.alerts import outbox
from stormwater.store import sms_consent
from stormwater.alerts.transports import Mailer, Permanent, TextSender
from stormwater.store.clock import iso, utc_now
from stormwater.store.database import immediate

log = logging.getLogger(__name__)

CLAIM_SECONDS = 120  # longer than a send may take (the SMTP timeout is 10 s)
GIVE_UP_AFTER = timedelta(days=3)


@dataclass
class Transports:
    """What the worker sends with; ``None`` for a channel that is off."""

    mailer: Optional[Mailer] = None
    texts: Optional[TextSender] = None


@dataclass
class Round:
    """What one call of :func:`deliver_due` did, by outcome."""

    counts: Dict[str, int] = field(default_factory=lambda: {"sent": 0, "retry": 0, "failed": 0, "held": 0})

    def add(self, outcome: str) -> None:
        self.counts[outcome] += 1


def _claim(db: Database, transports: Transports, now: datetime, limit: int, result: Round) -> List[dict]:
    stamp = iso(now)
    with immediate(db):
        cursor = db.conn.execute(
            "SELECT * FROM alert_outbox WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?",
            [stamp, limit],
        )
        rows = [dict(zip([c[0] for c in cursor.description], values)) for values in cursor.fetchall()]
        claimed = []
        for row in rows:
            transport = transports.mailer if row["channel"] == "email" else transports.texts
            if transport is None or (row["channel"] == "sms" and not row["sender"]):
                db.conn.execute("UPDATE alert_outbox SET state = 'held', last_error = ? WHERE id = ?",
                                [f"{row['channel']} is off", row["id"]])
                result.add("held")
                continue
            db.conn.execute(
                "UPDATE alert_outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ? AND state = 'pending'",
                [iso(now + timedelta(seconds=CLAIM_SECONDS)), row["id"]],
            )
            row["attempts"] += 1
            claimed.append(row)
    return claimed


def _send(db: Database, row: dict, transports: Transports) -> str:
    if row["channel"] == "email":
        return transports.mailer.send(row["id"], row["dedupe_key"], row["recipient"], row["subject"] or "", row["body"])
    if sms_consent.is_opted_out(db, row["recipient"]):
        raise Permanent("the recipient has opted out (STOP)")
    return transports.texts.send(row["recipient"], row["sender"], row["body"])


def deliver_due(db: Database, transports: Transports, now: Optional[datetime] = None, limit: int = 50) -> Round:
    """Send every due row once; what happened to them.

    :param now: the current time (tests pass a later one to skip a backoff)
    """
    now = utc_now(now)
    result = Round()
    for row in _claim(db, transports, now, limit, result):
        try:
            provider_id = _send(db, row, transports)
        except Permanent as error:
            if error.opted_out:
                sms_consent.record_opt_out(db, row["recipient"], "twilio_21610", now)
            _finish(db, row["id"], "failed", error=str(error))
            result.add("failed")
            log.warning("alert %s failed for good: %s", row["id"], error)
        except Exception as error:  # noqa: BLE001 - anything else may pass: retried
            created = datetime.fromisoformat(row["created_at"])
            if now - created > GIVE_UP_AFTER:
                _finish(db, row["id"], "failed", error=f"gave up after {row['attempts']} attempts: {error!r}")
                result.add("failed")
                continue
            with immediate(db):
                db.conn.execute(
                    "UPDATE alert_outbox SET next_attempt_at = ?, last_error = ? WHERE id = ? AND state = 'pending'",
                    [iso(now + outbox.retry_after(row["attempts"])), repr(error)[:300], row["id"]],
                )
            result.add("retry")
            log.info("alert %s not sent (attempt %s), retried later: %r", row["id"], row["attempts"], error)
        else:
            _finish(db, row["id"], "sent", provider_id=provider_id, now=now)
            result.add("sent")
    return result


def _finish(db: Database, row_id: int, state: str, *, error: Optional[str] = None, provider_id: Optional[str] = None,
            now: Optional[datetime] = None) -> None:
    with immediate(db):
        db.conn.execute(
            "UPDATE alert_outbox SET state = ?, last_error = ?, provider_id = ?, sent_at = ? WHERE id = ?",
            [state, error, provider_id, iso(now) if state == "sent" else None, row_id],
        )
