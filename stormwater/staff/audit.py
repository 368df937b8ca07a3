"""The audit log: who changed what, when, with the value before and after.

Append-only: migration 6 adds triggers that abort any UPDATE or DELETE on ``audit_log``, so
neither the UI nor a bug can rewrite history. :func:`record` joins the caller's transaction:
a change and its entry are committed together or not at all.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, List, Optional

from sqlite_utils import Database

from stormwater.store.clock import iso

CLI_ACTOR = "cli"


@dataclass(frozen=True)
class AuditEntry:
    """One recorded change."""

    id: int
    at: datetime
    actor: str
    entity: str
    entity_key: str
    action: str
    before: Any
    after: Any


def _dump(value: Any) -> Optional[str]:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def record(
    db: Database,
    *,
    actor: Any,
    entity: str,
    entity_key: Any,
    action: str,
    before: Any = None,
    after: Any = None,
    now: Optional[datetime] = None,
) -> int:
    """Append one entry; call it inside the transaction that makes the change.

    :param actor: the :class:`stormwater.staff.accounts.StaffUser` who acted, ``None`` for the
      command line, or a name for another system (an Open311 key)
    :param entity: ``"ticket"``, ``"staff_user"`` or ``"sms_message"``
    :param entity_key: the ticket reference, user id or message id
    :param action: what happened, e.g. ``"status"``, ``"note"``, ``"assign"``
    :param before: the value before (JSON-serialisable)
    :param after: the value after
    :return: the entry's id
    """
    cursor = db.conn.execute(
        "INSERT INTO audit_log (at, actor_id, actor, entity, entity_key, action, before, after)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            iso(now),
            getattr(actor, "id", None),
            actor if isinstance(actor, str) else (getattr(actor, "email", None) or CLI_ACTOR),
            entity,
            str(entity_key),
            action,
            _dump(before),
            _dump(after),
        ],
    )
    return int(cursor.lastrowid)


def entries(db: Database, entity: str, entity_key: Any) -> List[AuditEntry]:
    """Every entry about one thing, oldest first."""
    rows = db.conn.execute(
        "SELECT id, at, actor, entity, entity_key, action, before, after FROM audit_log"
        " WHERE entity = ? AND entity_key = ? ORDER BY id",
        [entity, str(entity_key)],
    ).fetchall()
    return [
        AuditEntry(
            id=row[0],
            at=datetime.fromisoformat(row[1]),
            actor=row[2],
            entity=row[3],
            entity_key=row[4],
            action=row[5],
            before=json.loads(row[6]) if row[6] is not None else None,
            after=json.loads(row[7]) if row[7] is not None else None,
        )
        for row in rows
    ]
