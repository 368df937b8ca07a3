"""Reports posted on to a village's own Open311 back end (the FixMyStreet way).

A village that runs a 311 or work-order system names it in the settings
(:func:`stormwater.store.settings.forward_targets`). Every report filed here, by chat, SMS or
the staff desk, is then queued in ``open311_forwards`` inside the ticket's own transaction,
and the alert worker (``ops.alerts_worker``) posts it there: retried with the outbox's backoff
while the back end is down or answers 5xx, failed for good on a 4xx (shown on the ticket
page), and never queued twice. The back end's id is kept on the row, and its status is read
back on a schedule. Each post carries ``attribute[helpdesk_reference]``, so a back end that
is itself this help desk files a repeated post once (a post whose answer was lost is retried).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Callable, Dict, List, Mapping, Optional

import requests
from sqlite_utils import Database

from stormwater.alerts.outbox import retry_after
from stormwater.intake.open311_services import load_catalogue
from stormwater.store.wording import load_messages
from stormwater.reports.ticket_store import get_ticket
from stormwater.store.clock import iso, utc_now
from stormwater.store.database import immediate
from stormwater.store.settings import ForwardTarget, current

log = logging.getLogger(__name__)

CLAIM_SECONDS = 120
GIVE_UP_AFTER = timedelta(days=3)
POLL_EVERY = timedelta(minutes=10)
TIMEOUT_SECONDS = 15
REFERENCE_ATTRIBUTE = "helpdesk_reference"
NOT_FORWARDED = ("open311",)  # posted here by another system: it has its own copy


@dataclass(frozen=True)
class ForwardState:
    """What the ticket page shows of a report's forwarding."""

    state: str
    attempts: int
    last_error: Optional[str]
    remote_id: Optional[str]
    remote_status: Optional[str]
    remote_status_notes: Optional[str]
    target: str


@dataclass
class Round:
    """What one call of :func:`deliver_forwards` did, by outcome."""

    counts: Dict[str, int] = field(default_factory=lambda: {"sent": 0, "retry": 0, "failed": 0})


def on_ticket_filed(db: Database, ticket, now: Optional[datetime] = None,
                    targets: Optional[Mapping[str, ForwardTarget]] = None) -> int:
    """Queue ``ticket`` for its village's back end (inside the ticket's transaction); 1 if queued."""
    targets = current().open311_forward if targets is None else targets
    if ticket.village not in targets or ticket.channel in NOT_FORWARDED:
        return 0
    stamp = iso(now)
    cursor = db.conn.execute(
        "INSERT OR IGNORE INTO open311_forwards (ticket_reference, village, next_attempt_at, created_at) VALUES (?, ?, ?, ?)",
        [ticket.reference, ticket.village, stamp, stamp],
    )
    return cursor.rowcount


def _form(ticket, target: ForwardTarget) -> Dict[str, str]:
    """The ``POST requests`` fields for ``ticket``: the village's own system gets what staff see."""
    catalogue = load_catalogue()
    service = catalogue.service_for_kind(ticket.kind) or catalogue.services["message"]
    fields = ticket.fields
    form = {
        "api_key": target.key,
        "service_code": target.service_codes.get(service.code, service.code),
        "address_string": ticket.location or "",
        "description": _description(ticket, fields.get("description") or fields.get("handoff_question")
                                    or fields.get("material") or service.name),
        f"attribute[{REFERENCE_ATTRIBUTE}]": ticket.reference,
    }
    if target.jurisdiction_id:
        form["jurisdiction_id"] = target.jurisdiction_id
    open311 = fields.get("open311") or {}
    if open311.get("lat") is not None:
        form["lat"], form["long"] = str(open311["lat"]), str(open311["long"])
    for attribute in service.attributes:
        value = ticket.discovered_at.isoformat() if attribute.code == "discovered" and ticket.discovered_at else fields.get(attribute.code)
        if attribute.code == "hazard" and not value:
            value = "yes" if ticket.hazardous else "no"
        if value not in (None, ""):
            form[f"attribute[{attribute.code}]"] = str(value)
    name = (ticket.reporter_name or "").split(maxsplit=1)
    if name:
        form["first_name"], form["last_name"] = name[0], name[1] if len(name) > 1 else ""
    for key, value in (("phone", ticket.reporter_phone), ("email", ticket.reporter_email)):
        if value:
            form[key] = value
    return form


def _description(ticket, described: str) -> str:
    """What was reported, with the reporter's suspected source where one was given: the
    village's own system is where its staff read the report."""
    if not ticket.suspected_source:
        return described
    return load_messages()["open311_forward_source"].format(description=described, source=ticket.suspected_source)


def _claim(db: Database, now: datetime, limit: int) -> List[dict]:
    with immediate(db):
        rows = list(db["open311_forwards"].rows_where(
            "state = 'pending' AND next_attempt_at <= ?", [iso(now)], order_by="created_at", limit=limit))
        for row in rows:
            db.conn.execute("UPDATE open311_forwards SET attempts = attempts + 1, next_attempt_at = ? WHERE ticket_reference = ?",
                            [iso(now + timedelta(seconds=CLAIM_SECONDS)), row["ticket_reference"]])
            row["attempts"] += 1
    return rows


_COLUMNS = frozenset({"state", "last_error", "next_attempt_at", "sent_at", "remote_id", "remote_token", "remote_status",
                      "remote_status_notes", "remote_updated_at", "last_polled_at"})


def _update(db: Database, reference: str, **changes) -> None:
    assert set(changes) <= _COLUMNS, set(changes) - _COLUMNS
    with immediate(db):
        db.conn.execute(f"UPDATE open311_forwards SET {', '.join(f'{c} = ?' for c in changes)} WHERE ticket_reference = ?",
                        [*changes.values(), reference])


class _Permanent(Exception):
    """The back end refused the request itself (4xx): sending it again cannot help."""


def _post(target: ForwardTarget, form: Dict[str, str], post: Callable) -> dict:
    response = post(f"{target.url}/requests.json", data=form, timeout=TIMEOUT_SECONDS)
    if 400 <= response.status_code < 500 and response.status_code != 429:
        raise _Permanent(f"HTTP {response.status_code}: {response.text[:300]}")
    response.raise_for_status()
    answer = response.json()
    return answer[0] if isinstance(answer, list) and answer else {}


def deliver_forwards(db: Database, targets: Optional[Mapping[str, ForwardTarget]] = None, now: Optional[datetime] = None,
                     post: Callable = requests.post, limit: int = 20) -> Round:
    """Post every due report to its village's back end once; what happened to them."""
    targets = current().open311_forward if targets is None else targets
    now = utc_now(now)
    result = Round()
    for row in _claim(db, now, limit):
        reference, target = row["ticket_reference"], targets.get(row["village"])
        ticket = get_ticket(db, reference)
        try:
            if target is None or ticket is None:
                raise _Permanent("forwarding is no longer set up for this village")
            answer = _post(target, _form(ticket, target), post)
        except _Permanent as error:
            _update(db, reference, state="failed", last_error=str(error))
            result.counts["failed"] += 1
            log.warning("report %s not forwarded, for good: %s", reference, error)
        except Exception as error:  # noqa: BLE001 - the back end is down or slow: retried
            if now - datetime.fromisoformat(row["created_at"]) > GIVE_UP_AFTER:
                _update(db, reference, state="failed", last_error=f"gave up after {row['attempts']} attempts: {error!r}"[:300])
                result.counts["failed"] += 1
                continue
            _update(db, reference, next_attempt_at=iso(now + retry_after(row["attempts"])), last_error=repr(error)[:300])
            result.counts["retry"] += 1
        else:
            _update(db, reference, state="sent", sent_at=iso(now), last_error=None,
                    remote_id=answer.get("service_request_id") or None, remote_token=answer.get("token") or None)
            result.counts["sent"] += 1
    return result


def poll_statuses(db: Database, targets: Optional[Mapping[str, ForwardTarget]] = None, now: Optional[datetime] = None,
                  get: Callable = requests.get) -> int:
    """Read back the back end's status of forwarded reports not read for :data:`POLL_EVERY`; how many were read."""
    targets = current().open311_forward if targets is None else targets
    now = utc_now(now)
    due = list(db["open311_forwards"].rows_where(
        "state = 'sent' AND remote_id IS NOT NULL AND (last_polled_at IS NULL OR last_polled_at <= ?)",
        [iso(now - POLL_EVERY)]))
    read = 0
    for village, target in targets.items():
        ids = [row["remote_id"] for row in due if row["village"] == village]
        if not ids:
            continue
        params = {"service_request_id": ",".join(ids)}
        if target.jurisdiction_id:
            params["jurisdiction_id"] = target.jurisdiction_id
        try:
            response = get(f"{target.url}/requests.json", params=params, timeout=TIMEOUT_SECONDS)
            response.raise_for_status()
            found = {str(item.get("service_request_id")): item for item in response.json()}
        except Exception as error:  # noqa: BLE001 - read again at the next round
            log.info("status of %s forwarded reports not read: %r", village, error)
            continue
        for row in (r for r in due if r["village"] == village):
            item = found.get(row["remote_id"])
            changes = {"last_polled_at": iso(now)}
            if item:
                changes.update(remote_status=item.get("status"), remote_status_notes=item.get("status_notes") or None,
                               remote_updated_at=item.get("updated_datetime") or None)
                read += 1
            _update(db, row["ticket_reference"], **changes)
    return read


def forward_state(db: Database, reference: str, targets: Optional[Mapping[str, ForwardTarget]] = None) -> Optional[ForwardState]:
    """The forwarding of one report, for the staff desk; ``None`` if it is not forwarded."""
    row = next(db["open311_forwards"].rows_where("ticket_reference = ?", [reference]), None)
    if row is None:
        return None
    targets = current().open311_forward if targets is None else targets
    target = targets.get(row["village"])
    return ForwardState(row["state"], row["attempts"], row["last_error"], row["remote_id"], row["remote_status"],
                        row["remote_status_notes"], target.url if target else "")
