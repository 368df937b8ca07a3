"""Open311 API keys: issued and revoked by staff (``flask --app web staff issue-api-key``),
kept only as a SHA-256 of the key, scoped to one village, limited to a number of posts an
hour, and named in the audit log of every ticket they file."""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import List, Optional

from sqlite_utils import Database

from stormwater.staff import audit
from stormwater.store.clock import iso, utc_now
from stormwater.store.database import immediate

KEY_BYTES = 24  # 192 random bits, URL-safe
POSTS_PER_HOUR = 120
WINDOW = timedelta(hours=1)


class ApiKeyError(ValueError):
    """A key that cannot be issued or revoked as asked."""


@dataclass(frozen=True)
class ApiKey:
    """An issued key, without the key itself (which is shown once, when issued)."""

    id: int
    village: str
    label: str
    created_at: str
    created_by: str
    revoked_at: Optional[str]

    @property
    def actor(self) -> str:
        """How the audit log names a change this key made."""
        return f"open311 key {self.id} ({self.label})"


@dataclass(frozen=True)
class Check:
    """What :func:`check_key` found: the key, or why it is refused (``forbidden``, ``rate_limited``)."""

    key: Optional[ApiKey]
    refusal: Optional[str] = None


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _key(row) -> ApiKey:
    return ApiKey(row["id"], row["village"], row["label"], row["created_at"], row["created_by"], row["revoked_at"])


def _one(db: Database, where: str, params: list) -> Optional[dict]:
    return next(db["api_keys"].rows_where(where, params), None)


def issue_key(db: Database, *, village: str, label: str, created_by: str = "cli",
              known_villages=(), now: Optional[datetime] = None) -> tuple:
    """Issue a key for ``village``; returns ``(ApiKey, the key)``. The key is not stored."""
    if known_villages and village not in known_villages:
        raise ApiKeyError(f"unknown village {village!r}; known: {', '.join(sorted(known_villages))}")
    label = " ".join((label or "").split())
    if not label:
        raise ApiKeyError("a key needs a label saying who holds it")
    key = secrets.token_urlsafe(KEY_BYTES)
    with immediate(db):
        table = db["api_keys"]
        table.insert({"village": village, "label": label, "key_hash": _hash(key), "created_at": iso(now),
                      "created_by": created_by})
        row = next(table.rows_where("id = ?", [table.last_pk]))
        audit.record(db, actor=None, entity="api_key", entity_key=row["id"], action="issue",
                     after={"village": village, "label": label}, now=now)
    return _key(row), key


def revoke_key(db: Database, key_id: int, now: Optional[datetime] = None) -> ApiKey:
    """Revoke a key at once; its later requests are refused."""
    with immediate(db):
        row = _one(db, "id = ?", [key_id])
        if row is None:
            raise ApiKeyError(f"no API key {key_id}")
        if row["revoked_at"] is None:
            db.conn.execute("UPDATE api_keys SET revoked_at = ? WHERE id = ?", [iso(now), key_id])
            audit.record(db, actor=None, entity="api_key", entity_key=key_id, action="revoke", now=now)
        row = _one(db, "id = ?", [key_id])
    return _key(row)


def list_keys(db: Database) -> List[ApiKey]:
    """Every key ever issued, newest first."""
    return [_key(r) for r in db["api_keys"].rows_where(order_by="id desc")]


def check_key(db: Database, key: Optional[str], village: str, now: Optional[datetime] = None,
              per_hour: int = POSTS_PER_HOUR) -> Check:
    """Whether ``key`` may post a request for ``village`` now; counts the post when it may.

    A missing, unknown or revoked key, or a key of another village, is ``forbidden``; a key
    past its posts for the hour is ``rate_limited``.
    """
    if not key:
        return Check(None, "forbidden")
    moment = utc_now(now)
    with immediate(db):
        row = _one(db, "key_hash = ?", [_hash(key)])
        if row is None or row["revoked_at"] is not None or row["village"] != village:
            return Check(None, "forbidden")
        start = row["window_start"]
        if start is None or datetime.fromisoformat(start) + WINDOW <= moment:
            start, count = iso(moment), 0
        else:
            count = row["window_count"]
        if count >= per_hour:
            return Check(_key(row), "rate_limited")
        db.conn.execute("UPDATE api_keys SET window_start = ?, window_count = ? WHERE id = ?",
                        [start, count + 1, row["id"]])
    return Check(_key(row))


def record_filed(db: Database, key: ApiKey, reference: str, service_code: str, now: Optional[datetime] = None) -> None:
    """Name the key in the audit log of the ticket it filed."""
    with immediate(db):
        audit.record(db, actor=key.actor, entity="ticket", entity_key=reference, action="open311_request",
                     after={"service_code": service_code}, now=now)
