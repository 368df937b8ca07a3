"""The audit log: who changed what, when, with the value before and after.

Append-only: migration 6 adds triggers that abort any UPDATE or DELETE on ``audit_log``, so
neither the UI nor a bug can rewrite history. :func:`record` joins the caller's transaction:
a change and its entry are committed together or not at all.

A reporter's contact details are personal data that retention must be able to remove, so an
entry whose values are such details keeps only the event in ``audit_log`` ("reporter_phone
changed") and its values in ``audit_values`` (:func:`record_values`), which
:func:`forget_values` empties; :func:`entries` puts them back together while they exist.
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


def record_values(db: Database, audit_id: int, entity_key: Any, before: Any, after: Any) -> None:
    """Keep the values of entry ``audit_id`` (a reporter's contact details) where retention
    can remove them; call in the same transaction as :func:`record`."""
    db.conn.execute("INSERT INTO audit_values (audit_id, entity_key, before, after) VALUES (?, ?, ?, ?)",
                    [audit_id, str(entity_key), _dump(before), _dump(after)])


def forget_values(db: Database, entity_key: Any) -> int:
    """Remove the kept values of every entry about ``entity_key``; how many (the entries stay)."""
    return db.conn.execute("DELETE FROM audit_values WHERE entity_key = ?", [str(entity_key)]).rowcount


def _with_value(side: Optional[str], value: Optional[str]) -> Any:
    loaded = json.loads(side) if side is not None else None
    if value is not None and isinstance(loaded, dict):
        loaded = {**loaded, "value": json.loads(value)}
        loaded.pop("changed", None)
    return loaded


def entries(db: Database, entity: str, entity_key: Any) -> List[AuditEntry]:
    """Every entry about one thing, oldest first, with its kept values (if not yet removed)."""
    rows = db.conn.execute(
        "SELECT a.id, a.at, a.actor, a.entity, a.entity_key, a.action, a.before, a.after, v.before, v.after"
        " FROM audit_log a LEFT JOIN audit_values v ON v.audit_id = a.id"
        " WHERE a.entity = ? AND a.entity_key = ? ORDER BY a.id",
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
            before=_with_value(row[6], row[8]),
            after=_with_value(row[7], row[9]),
        )
        for row in rows
    ]
