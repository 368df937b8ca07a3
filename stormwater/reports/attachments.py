"""The location and photos a web-chat resident adds to a report (issue 32), the owner of
``chat_attachments`` (migration 17).

An attachment belongs to the conversation (its sender key). Added after a report was filed
there, it goes with that report at once; added before, it waits with the conversation and
goes with the next report filed there (:func:`attach_waiting`, called in the filing's own
transaction). Nothing is lost either way, and each conversation keeps at most
:data:`MAX_PER_CONVERSATION` of them, so the table cannot be flooded.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import List, Optional

from sqlite_utils import Database

from stormwater.store.clock import iso, utc_now
from stormwater.store.database import immediate

MAX_PER_CONVERSATION = 10
# A report filed this recently in the conversation takes what is added now; an older one
# does not (the resident may be starting a new report).
ATTACH_TO_FILED_WITHIN = timedelta(hours=24)
LOCATION, PHOTO = "location", "photo"


class TooManyAttachments(RuntimeError):
    """The conversation already has :data:`MAX_PER_CONVERSATION` attachments."""


@dataclass(frozen=True)
class Attachment:
    """One location or photo; ``ticket_reference`` is ``None`` while it waits for a report."""

    id: int
    kind: str
    latitude: Optional[float]
    longitude: Optional[float]
    accuracy_m: Optional[float]
    content_type: Optional[str]
    created_at: datetime
    ticket_reference: Optional[str]

    @property
    def map_url(self) -> Optional[str]:
        """The place on OpenStreetMap (a location only)."""
        if self.latitude is None or self.longitude is None:
            return None
        lat, lon = f"{self.latitude:.6f}", f"{self.longitude:.6f}"
        return f"https://www.openstreetmap.org/?mlat={lat}&mlon={lon}#map=18/{lat}/{lon}"


def valid_location(latitude, longitude, accuracy=None) -> bool:
    """Whether the numbers are a place on Earth (and a non-negative accuracy, if given)."""
    try:
        lat, lon = float(latitude), float(longitude)
        acc = None if accuracy is None else float(accuracy)
    except (TypeError, ValueError):
        return False
    if any(isinstance(v, bool) for v in (latitude, longitude, accuracy)):
        return False
    return -90 <= lat <= 90 and -180 <= lon <= 180 and (acc is None or 0 <= acc < 1e7)


def _recent_report(db: Database, sender_key: str, now: datetime) -> Optional[str]:
    row = db.conn.execute(
        "SELECT reference FROM tickets WHERE sender_key = ? AND created_at >= ? ORDER BY id DESC LIMIT 1",
        [sender_key, iso(utc_now(now) - ATTACH_TO_FILED_WITHIN)],
    ).fetchone()
    return row[0] if row else None


def add(db: Database, sender_key: str, village: str, kind: str, *, latitude: Optional[float] = None,
        longitude: Optional[float] = None, accuracy_m: Optional[float] = None, content_type: Optional[str] = None,
        body: Optional[bytes] = None, now: Optional[datetime] = None) -> Optional[str]:
    """Keep one attachment of the conversation ``sender_key``.

    :return: the reference of the report it went with, or ``None`` if it waits for one
    :raises TooManyAttachments: past :data:`MAX_PER_CONVERSATION`
    """
    with immediate(db):
        count = db.conn.execute("SELECT count(*) FROM chat_attachments WHERE sender_key = ?", [sender_key]).fetchone()[0]
        if count >= MAX_PER_CONVERSATION:
            raise TooManyAttachments(sender_key)
        reference = _recent_report(db, sender_key, now)
        db.conn.execute(
            "INSERT INTO chat_attachments (sender_key, village, kind, latitude, longitude, accuracy_m, content_type,"
            " body, created_at, ticket_reference) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [sender_key, village, kind, latitude, longitude, accuracy_m, content_type, body, iso(now), reference],
        )
    return reference


def attach_waiting(db: Database, sender_key: Optional[str], reference: str) -> int:
    """Give the conversation's waiting attachments to the report just filed (inside the
    filing's transaction); returns how many."""
    if not sender_key:
        return 0
    return db.conn.execute(
        "UPDATE chat_attachments SET ticket_reference = ? WHERE sender_key = ? AND ticket_reference IS NULL",
        [reference, sender_key],
    ).rowcount


def for_ticket(db: Database, reference: str) -> List[Attachment]:
    """The report's locations and photos, oldest first (without the pictures' bytes)."""
    rows = db.conn.execute(
        "SELECT id, kind, latitude, longitude, accuracy_m, content_type, created_at, ticket_reference"
        " FROM chat_attachments WHERE ticket_reference = ? ORDER BY id", [reference],
    ).fetchall()
    return [Attachment(r[0], r[1], r[2], r[3], r[4], r[5], datetime.fromisoformat(r[6]), r[7]) for r in rows]


def forget(db: Database, reference: str) -> int:
    """Delete the report's locations and photos (retention, inside its transaction); how many."""
    return db.conn.execute("DELETE FROM chat_attachments WHERE ticket_reference = ?", [reference]).rowcount


def forget_waiting(db: Database, added_before: str) -> int:
    """Delete what waited for a report that never came, added before ``added_before`` (ISO, UTC)."""
    return db.conn.execute(
        "DELETE FROM chat_attachments WHERE ticket_reference IS NULL AND created_at < ?", [added_before]
    ).rowcount


def photo_of(db: Database, reference: str, attachment_id: int) -> Optional[bytes]:
    """The cleaned picture ``attachment_id`` of the report (``None``: not one of its photos)."""
    row = db.conn.execute(
        "SELECT body FROM chat_attachments WHERE id = ? AND ticket_reference = ? AND kind = 'photo'",
        [attachment_id, reference],
    ).fetchone()
    return bytes(row[0]) if row and row[0] is not None else None
