"""The daily digest per village: overdue tickets, open tickets with no status change for N
days, and the number of messages waiting in the staff inbox. Queued once per village and
local day, at or after the hour the village file sets (a worker that was down sends it late
rather than never)."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from types import SimpleNamespace
from typing import Optional
from zoneinfo import ZoneInfo

from sqlite_utils import Database

from stormwater.alerts import outbox
from stormwater.alerts.config import Digest, all_village_alerts
from stormwater.law.deadlines import DEFAULT_TIMEZONE
from stormwater.store.clock import iso, utc_now
from stormwater.store.wording import load_messages
from stormwater.staff import chat_inbox, inbox, overdue
from stormwater.staff.workflow import OPEN_STATUSES
from stormwater.store.database import immediate
from stormwater.reports.ticket_store import get_ticket
from stormwater.law.villages import get_village


def _zone(slug: str) -> ZoneInfo:
    return ZoneInfo(str(getattr(get_village(slug), "timezone", None) or DEFAULT_TIMEZONE))


def digest_text(db: Database, slug: str, digest: Digest, today: date, now: datetime) -> str:
    """The digest's body for village ``slug`` on its local date ``today``."""
    words = load_messages()["alerts"]
    placeholders = ", ".join("?" for _ in OPEN_STATUSES)
    refs = [r[0] for r in db.conn.execute(
        f"SELECT reference FROM tickets WHERE village = ? AND status IN ({placeholders}) ORDER BY id", [slug, *OPEN_STATUSES]
    )]
    tickets = [get_ticket(db, ref) for ref in refs]
    late = [t for t in tickets if overdue.flags(t, today).any]
    cutoff = iso(now - timedelta(days=digest.stale_days))
    # The last status change is in the audit log; a ticket never moved counts from its filing.
    stale_refs = {r[0] for r in db.conn.execute(
        f"SELECT t.reference FROM tickets t WHERE t.village = ? AND t.status IN ({placeholders}) AND COALESCE("
        " (SELECT max(a.at) FROM audit_log a WHERE a.entity = 'ticket' AND a.entity_key = t.reference"
        "  AND a.action = 'status'), t.created_at) <= ?",
        [slug, *OPEN_STATUSES, cutoff],
    )}
    stale = [t for t in tickets if t.reference in stale_refs]
    reader = SimpleNamespace(is_admin=False, village=slug)
    waiting = inbox.count_waiting(db, reader) + chat_inbox.count_waiting(db, reader)

    def lines(items):
        return "\n".join(
            words["digest_line"].format(reference=t.reference, kind=outbox.kind_words(t.kind), status=t.status,
                                        desk_link=outbox.desk_link(t.reference))
            for t in items
        ) or words["digest_none"]

    return words["digest_body"].format(
        village=outbox._village_name(slug), day=f"{today:%A, %B} {today.day}, {today.year}",
        overdue_count=len(late), overdue=lines(late), stale_days=digest.stale_days, stale_count=len(stale),
        stale=lines(stale), inbox_count=waiting, desk_link=outbox.desk_link(),
    )


def enqueue_due_digests(db: Database, now: Optional[datetime] = None) -> int:
    """Queue today's digest of every village whose digest hour has come; how many rows were new."""
    now = utc_now(now)
    words = load_messages()["alerts"]
    added = 0
    for slug, settings in all_village_alerts().items():
        digest = settings.digest
        if digest is None:
            continue
        local = now.astimezone(_zone(slug))
        if local.hour < digest.hour:
            continue
        today = local.date()
        keys = [f"digest:{slug}:{today.isoformat()}:{email}" for email in digest.emails]
        done = db.conn.execute(
            f"SELECT count(*) FROM alert_outbox WHERE dedupe_key IN ({', '.join('?' for _ in keys)})", keys
        ).fetchone()[0]
        if done == len(keys):
            continue
        with immediate(db):
            body = digest_text(db, slug, digest, today, now)
            subject = words["digest_subject"].format(village=outbox._village_name(slug),
                                                     day=f"{today:%A, %B} {today.day}")
            for key, email in zip(keys, digest.emails):
                added += outbox.enqueue(db, dedupe_key=key, village=slug, purpose="digest", channel="email",
                                        recipient=email, subject=subject, body=body, now=now)
    return added
