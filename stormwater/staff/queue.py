"""The staff queue: filters, full-text search, sorting and pagination, as SQL with bound
parameters only (every value a user types is a parameter, never SQL text).

Staff see only their village; an admin sees every village.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from sqlite_utils import Database

from stormwater.store.clock import iso
from stormwater.staff.overdue import overdue_sql
from stormwater.store.database import immediate
from stormwater.staff.workflow import OPEN_STATUSES, STATUSES
from stormwater.reports.ticket_store import KINDS

PER_PAGE = 25
MAX_PAGE = 100_000
MAX_QUERY_CHARS = 200
EXPORT_LIMIT = 100_000
SORTS = {
    # Urgent as a clerk means it: a new hazardous report first, then overdue ones, then new
    # ones, then the rest (open before finished, hazardous first, newest first).
    "urgent": "(t.status = 'new' AND t.hazardous = 1) DESC, (notice_overdue OR confirmation_overdue) DESC,"
              " (t.status = 'new') DESC, is_open DESC, t.hazardous DESC, t.created_at DESC, t.id DESC",
    "newest": "t.created_at DESC, t.id DESC",
    "oldest": "t.created_at ASC, t.id ASC",
    "updated": "t.updated_at DESC, t.id DESC",
}
STATUS_CHOICES = ("open",) + STATUSES
YES_NO = ("yes", "no")
ASSIGNEE_CHOICES = ("me", "none")


class FilterError(ValueError):
    """A filter value the queue does not know (the message names it)."""


@dataclass(frozen=True)
class QueueFilter:
    """What the queue shows; every field is a GET parameter of the same name."""

    village: str = ""
    kind: str = ""
    status: str = ""
    hazardous: str = ""
    overdue: str = ""
    assignee: str = ""
    q: str = ""
    sort: str = "urgent"
    page: int = 1

    def params(self, **changes) -> Dict[str, str]:
        """The non-default fields as GET parameters (for links), with ``changes`` applied."""
        current = replace(self, **changes)
        default = QueueFilter()
        return {
            name: str(getattr(current, name))
            for name in self.__dataclass_fields__
            if getattr(current, name) != getattr(default, name)
        }


@dataclass(frozen=True)
class Page:
    """One page of the queue."""

    items: List[dict]
    total: int
    page: int
    per_page: int

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))


def _choice(args: Mapping[str, str], name: str, allowed: Sequence[str], default: str = "") -> str:
    value = (args.get(name) or "").strip()
    if value and value not in allowed:
        raise FilterError(f"{name}={value!r} is not one of: {', '.join(allowed)}")
    return value or default


def parse_filter(args: Mapping[str, str], villages: Sequence[str]) -> QueueFilter:
    """A :class:`QueueFilter` from GET parameters.

    :param villages: the village slugs that exist
    :raises FilterError: for an unknown value, a non-numeric page or too long a search
    """
    q = " ".join((args.get("q") or "").split())
    if len(q) > MAX_QUERY_CHARS:
        raise FilterError(f"the search is longer than {MAX_QUERY_CHARS} characters")
    raw_page = (args.get("page") or "1").strip()
    if not raw_page.isdigit() or not 1 <= int(raw_page) <= MAX_PAGE:
        raise FilterError(f"page={raw_page!r} is not a page number")
    return QueueFilter(
        village=_choice(args, "village", sorted(villages)),
        kind=_choice(args, "kind", KINDS),
        status=_choice(args, "status", STATUS_CHOICES),
        hazardous=_choice(args, "hazardous", YES_NO),
        overdue=_choice(args, "overdue", YES_NO),
        assignee=_choice(args, "assignee", ASSIGNEE_CHOICES),
        q=q,
        sort=_choice(args, "sort", tuple(SORTS), "urgent"),
        page=int(raw_page),
    )


def fts_query(text: str) -> Optional[str]:
    """A safe FTS5 query for what staff typed: every word must appear, as a word prefix.

    Words are quoted, so FTS5 operators (``OR``, ``NEAR``, ``*``, ``"``) typed by a user
    are searched for as plain words instead of being obeyed. ``None`` if no word is left.
    """
    words = re.findall(r"\w+", text or "")
    if not words:
        return None
    return " ".join('"' + word.replace('"', '""') + '"*' for word in words)


def _like_pattern(text: str) -> str:
    return "%" + re.sub(r"([\\%_])", r"\\\1", text) + "%"


def _where(user, flt: QueueFilter, notice: str, confirmation: str) -> Tuple[List[str], Dict[str, object]]:
    if flt.village and not user.can_see(flt.village):
        raise PermissionError(f"{user.email} may not see {flt.village}'s tickets")
    clauses: List[str] = []
    params: Dict[str, object] = {}
    if not user.is_admin:
        clauses.append("t.village = :own_village")
        params["own_village"] = user.village
    if flt.village:
        clauses.append("t.village = :village")
        params["village"] = flt.village
    if flt.kind:
        clauses.append("t.kind = :kind")
        params["kind"] = flt.kind
    if flt.status == "open":
        clauses.append("t.status IN (" + ", ".join(f"'{s}'" for s in OPEN_STATUSES) + ")")
    elif flt.status:
        clauses.append("t.status = :status")
        params["status"] = flt.status
    if flt.hazardous:
        clauses.append("t.hazardous = :hazardous")
        params["hazardous"] = 1 if flt.hazardous == "yes" else 0
    if flt.overdue:
        clauses.append(f"({notice} OR {confirmation}) = :overdue")
        params["overdue"] = 1 if flt.overdue == "yes" else 0
    if flt.assignee == "me":
        clauses.append("t.assignee_id = :me")
        params["me"] = user.id
    elif flt.assignee == "none":
        clauses.append("t.assignee_id IS NULL")
    match = fts_query(flt.q)
    if match:
        clauses.append(
            "(t.id IN (SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH :match)"
            " OR t.reference IN (SELECT ticket_reference FROM ticket_notes WHERE body LIKE :like ESCAPE '\\'))"
        )
        params["match"], params["like"] = match, _like_pattern(flt.q)
    return clauses, params


def _select(
    db: Database, user, flt: QueueFilter, today_by_village: Mapping[str, date], fallback: date,
    limit: int, offset: int,
) -> Tuple[List[dict], int]:
    notice, confirmation, params = overdue_sql(today_by_village, fallback)
    clauses, where_params = _where(user, flt, notice, confirmation)
    params.update(where_params)
    where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
    total = db.conn.execute(f"SELECT count(*) FROM tickets t{where}", params).fetchone()[0]
    is_open = "t.status IN (" + ", ".join(f"'{s}'" for s in OPEN_STATUSES) + ")"
    cursor = db.conn.execute(
        f"""
        SELECT t.reference, t.village, t.kind, t.status, t.channel, t.created_at, t.updated_at,
               t.hazardous, t.location, t.suspected_source, t.reporter_name, t.reporter_phone, t.reporter_email,
               t.discovered_at, t.notify_by, t.notice_received_on,
               CASE WHEN t.notice_method = 'fax' THEN NULL
                    ELSE COALESCE(t.confirmation_due_on, t.written_by) END AS confirmation_due,
               t.confirmation_received_on, t.closed_at, t.close_reason,
               json_extract(t.fields, '$.material') AS material,
               u.name AS assignee, u.email AS assignee_email,
               {is_open} AS is_open, {notice} AS notice_overdue, {confirmation} AS confirmation_overdue
        FROM tickets t LEFT JOIN staff_users u ON u.id = t.assignee_id
        {where}
        ORDER BY {SORTS[flt.sort]}
        LIMIT :limit OFFSET :offset
        """,
        {**params, "limit": limit, "offset": offset},
    )
    names = [c[0] for c in cursor.description]
    items = []
    for values in cursor.fetchall():
        item = dict(zip(names, values))
        for flag in ("hazardous", "is_open", "notice_overdue", "confirmation_overdue"):
            item[flag] = bool(item[flag])
        item["created_at"] = datetime.fromisoformat(item["created_at"])
        if not isinstance(item["material"], str):
            item["material"] = None
        items.append(item)
    return items, total


def search(
    db: Database, user, flt: QueueFilter, today_by_village: Mapping[str, date], fallback: date,
    per_page: int = PER_PAGE,
) -> Page:
    """One page of the tickets ``user`` may see that match ``flt``.

    :param today_by_village: each village's local date now (for the overdue flags)
    :param fallback: the date for villages not in ``today_by_village``
    :raises PermissionError: if ``flt.village`` is a village ``user`` may not see
    """
    items, total = _select(db, user, flt, today_by_village, fallback, per_page, (flt.page - 1) * per_page)
    return Page(items=items, total=total, page=flt.page, per_page=per_page)


def all_matching(
    db: Database, user, flt: QueueFilter, today_by_village: Mapping[str, date], fallback: date,
) -> List[dict]:
    """Every ticket (up to :data:`EXPORT_LIMIT`) ``user`` may see that matches ``flt``, in its sort order."""
    items, _ = _select(db, user, replace(flt, page=1), today_by_village, fallback, EXPORT_LIMIT, 0)
    return items


@dataclass(frozen=True)
class LastLook:
    """What arrived since a staff member last opened the queue."""

    since: Optional[datetime]  # ``None``: the first look
    new_count: int


def look_at_queue(db: Database, user, now: datetime) -> LastLook:
    """Count the tickets ``user`` may see that were filed since their last look, and make
    ``now`` their last look (one transaction, so two tabs do not lose a look).

    :param now: an aware datetime (stored in UTC)
    """
    with immediate(db):
        row = db.conn.execute("SELECT seen_at FROM staff_queue_views WHERE user_id = ?", [user.id]).fetchone()
        since = datetime.fromisoformat(row[0]) if row else None
        count = 0
        if since is not None:
            clauses = ["t.created_at > :since"]
            params: Dict[str, object] = {"since": iso(since)}
            if not user.is_admin:
                clauses.append("t.village = :own_village")
                params["own_village"] = user.village
            count = db.conn.execute("SELECT count(*) FROM tickets t WHERE " + " AND ".join(clauses), params).fetchone()[0]
        db.conn.execute(
            "INSERT INTO staff_queue_views (user_id, seen_at) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET seen_at = excluded.seen_at",
            [user.id, iso(now)],
        )
    return LastLook(since=since, new_count=int(count))
