"""Open311 GeoReport v2 requests: a request posted by another civic system is filed through
the same report rules as a chat or SMS report (the form's fields, the hazard rule, the
ordinance's deadlines, one ticket), and every ticket reads back in the specification's
element names without anything that identifies the reporter.

What is public (docs/open311.md, docs/security.md): the service, the status, notes staff
chose to share, the place at the village's precision (``open311.address_precision``, the
hundred block by default) and a description with contact details and house numbers removed.
Never the reporter's name, phone, e-mail, device or account id, nor pictures.
"""
from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Dict, List, Mapping, Optional, Sequence
from zoneinfo import ZoneInfo

from sqlite_utils import Database

from stormwater.intake.inbound import MessageTooLong, clean_message
from stormwater.intake.open311_services import Attribute, Catalogue, Service
from stormwater.law.deadline_words import notify_words, ticket_deadlines, written_words
from stormwater.law.spills import petroleum_possible
from stormwater.law.villages import Village
from stormwater.dialogue import guided_report as reports
from stormwater.reports.ticket_records import Ticket
from stormwater.reports.ticket_store import file_ticket, get_ticket, notes_for
from stormwater.store.clock import iso, utc_now

MAX_FIELD_CHARS = reports.MAX_ANSWER_CHARS
MAX_DESCRIPTION_CHARS = 4000  # the specification's limit
MAX_RESULTS = 1000
DEFAULT_DAYS = 90  # GET requests without dates: the last 90 days, as the specification suggests
TOKEN_BYTES = 12
FINISHED = ("resolved", "closed")  # the staff desk's finished statuses: "closed" in Open311


class RequestError(ValueError):
    """A request the specification answers with an error: ``code`` is 400, 403 or 404."""

    def __init__(self, code: int, description: str):
        super().__init__(description)
        self.code = code
        self.description = description


@dataclass(frozen=True)
class Filed:
    """What ``POST requests`` answers: the new ticket, its token and the notice for the poster;
    ``repeated`` when the same key posted the same source report before (nothing new filed)."""

    ticket: Ticket
    token: str
    service_notice: str
    repeated: bool = False


def _clean(value: Optional[str], limit: int, name: str) -> str:
    try:
        return clean_message(value or "", limit)
    except MessageTooLong:
        raise RequestError(400, f"{name} is longer than {limit} characters")


def _coordinate(form: Mapping[str, str], name: str, bound: float) -> Optional[float]:
    raw = (form.get(name) or "").strip()
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        raise RequestError(400, f"{name} must be a number")
    if not -bound <= value <= bound or value != value:
        raise RequestError(400, f"{name} is out of range")
    return value


def parse_datetime(raw: str, name: str) -> datetime:
    """An ISO 8601 date and time with its offset (``Z`` accepted), as an aware datetime."""
    text = raw.strip().replace("Z", "+00:00").replace("z", "+00:00")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise RequestError(400, f"{name} must be an ISO 8601 date and time, e.g. 2026-12-03T14:30:00-05:00")
    if moment.tzinfo is None:
        raise RequestError(400, f"{name} needs its time zone offset, e.g. 2026-12-03T14:30:00-05:00")
    return moment


def _attribute_value(attribute: Attribute, raw: Optional[str]) -> Optional[str]:
    value = _clean(raw, MAX_FIELD_CHARS, f"attribute[{attribute.code}]")
    if not value:
        if attribute.required:
            raise RequestError(400, f"attribute[{attribute.code}] is required")
        return None
    if attribute.datatype == "singlevaluelist" and value not in attribute.value_keys():
        raise RequestError(400, f"attribute[{attribute.code}] must be one of {', '.join(attribute.value_keys())}")
    return value


def _answers(service: Service, form: Mapping[str, str], place: str, now: datetime) -> Dict[str, Optional[str]]:
    answers: Dict[str, Optional[str]] = {slot: None for slot in reports.FORM_SLOTS}
    answers.update(service.fixed)
    for attribute in service.attributes:
        answers[attribute.code] = _attribute_value(attribute, form.get(f"attribute[{attribute.code}]"))
    answers["location"] = place
    if service.form == "handoff":
        answers["handoff_question"] = _clean(form.get("description"), MAX_DESCRIPTION_CHARS, "description") or None
        if not answers["handoff_question"]:
            raise RequestError(400, "description is required for a message to staff")
    return answers


def _discovered(answers: Dict[str, Optional[str]], now: datetime) -> Optional[datetime]:
    raw = answers.get("discovered")
    if not raw:
        return None
    moment = parse_datetime(raw, "attribute[discovered]")
    if moment > now + timedelta(minutes=5):
        raise RequestError(400, "attribute[discovered] is in the future")
    return moment


def service_notice(village: Village, catalogue: Catalogue, ticket: Ticket) -> str:
    """What the poster must know now: 911 for a hazardous release, the state hotline where
    petroleum is possible, the ordinance's deadlines for a nonhazardous spill of one's own."""
    words = catalogue.notices
    parts = [words["filed"].format(reference=ticket.reference)]
    if ticket.hazardous:
        parts.append(words["hazardous"])
    deadlines = ticket_deadlines(ticket, village)
    if deadlines:
        parts.append(words["deadlines"].format(notify=village.spill_notice.notify, notify_by=notify_words(village, deadlines),
                                               written_by=written_words(village, deadlines)))
    if petroleum_possible(ticket.fields.get("material") or "", ticket.fields.get("discharges") or ()):
        parts.append(words["petroleum"])
    return " ".join(parts)


SOURCE_ATTRIBUTE = "attribute[helpdesk_reference]"  # another help desk's reference (alerts/open311_forward.py)


def _earlier_post(db: Database, village: Village, key_id: Optional[int], source: str) -> Optional[Ticket]:
    """The ticket this key already filed for the same source report, if any."""
    if key_id is None or not source:
        return None
    row = db.conn.execute(
        "SELECT reference FROM tickets WHERE village = ? AND json_extract(fields, '$.open311.source_reference') = ?"
        " AND json_extract(fields, '$.open311.key_id') = ?", [village.slug, source, key_id],
    ).fetchone()
    return get_ticket(db, row[0]) if row else None


def file_request(db: Database, village: Village, catalogue: Catalogue, form: Mapping[str, str],
                 now: Optional[datetime] = None, key_id: Optional[int] = None) -> Filed:
    """File a ``POST requests`` as a ticket, by the rules every channel follows.

    :param form: the posted fields, in the specification's names (``service_code``,
      ``lat``/``long`` or ``address_string``, ``attribute[code]``, ``description``,
      ``first_name``, ``last_name``, ``phone``, ``email``, ``device_id``, ``account_id``)
    :param key_id: the API key that posted it: the same key posting the same
      ``attribute[helpdesk_reference]`` again gets the ticket it filed the first time
    :raises RequestError: for anything the specification answers with an error
    """
    now = utc_now(now)
    source = _clean(form.get(SOURCE_ATTRIBUTE), 40, SOURCE_ATTRIBUTE)
    earlier = _earlier_post(db, village, key_id, source)
    if earlier is not None:
        token = (earlier.fields.get("open311") or {}).get("token", "")
        return Filed(earlier, token, service_notice(village, catalogue, earlier), repeated=True)
    service = catalogue.services.get((form.get("service_code") or "").strip())
    if service is None:
        raise RequestError(400, "service_code is missing or not one of this jurisdiction's services")
    lat, lon = _coordinate(form, "lat", 90), _coordinate(form, "long", 180)
    if (lat is None) != (lon is None):
        raise RequestError(400, "lat and long go together")
    address = _clean(form.get("address_string"), MAX_FIELD_CHARS, "address_string")
    if not address and lat is None:
        raise RequestError(400, "a location is required: lat and long, or address_string")
    answers = _answers(service, form, address or f"{lat:.6f}, {lon:.6f}", now)
    discovered_at = _discovered(answers, now)
    description = _clean(form.get("description"), MAX_DESCRIPTION_CHARS, "description")
    name = " ".join(p for p in (_clean(form.get(k), 100, k) for k in ("first_name", "last_name")) if p) or None
    phone = _clean(form.get("phone"), 40, "phone") or None
    email = _clean(form.get("email"), 254, "email") or None
    answers["reporter_name"], answers["reporter_phone"] = name or "anonymous", phone or "none"
    assessment = reports.assess(service.form, answers, village, discovered_at, now)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    fields = {**answers, "discharges": list(assessment.discharges), "description": description or None,
              "open311": {"token": token, "service_code": service.code, "lat": lat, "long": lon, "address": address,
                          "key_id": key_id, "source_reference": source or None,
                          "media_url": _clean(form.get("media_url"), 1000, "media_url") or None}}
    ticket = file_ticket(
        db, village=village, kind=reports.filed_kind(service.form, answers.get("responsible")), channel="open311",
        hazardous=assessment.hazardous, fields=fields, transcript=[],
        notify_by=assessment.notify_by, written_by=assessment.written_by, discovered_at=discovered_at,
        reporter_name=name, reporter_phone=phone, reporter_email=email, location=answers["location"], now=now,
    )
    return Filed(ticket, token, service_notice(village, catalogue, ticket))


# What identifies a person in free text: e-mail addresses, phone numbers (seven digits or
# more, however separated) and house numbers before a street name.
_EMAIL = re.compile(r"[^\s@]+@[^\s@]+\.[^\s@]+")
_PHONE = re.compile(r"\+?\d(?:[\s().\-\u2010-\u2015/]*\d){6,}")
_HOUSE_NUMBER = re.compile(r"\b\d{1,6}[A-Za-z]?(?=\s+(?:[A-Z][\w.'-]*\s?)+)")


def redacted(text: Optional[str], names: Sequence[str] = ()) -> str:
    """``text`` without e-mail addresses, phone numbers, house numbers or the given names."""
    text = _EMAIL.sub("[e-mail removed]", text or "")
    text = _PHONE.sub("[number removed]", text)
    text = _HOUSE_NUMBER.sub("[number removed]", text)
    for name in names:
        for part in {name, *name.split()}:
            if len(part) >= 3:
                text = re.sub(rf"\b{re.escape(part)}\b", "[name removed]", text, flags=re.I)
    return text


def public_address(place: Optional[str], precision: str) -> str:
    """The place at the village's precision: "100 block of Oak Lane" for "135 Oak Lane"."""
    place = " ".join((place or "").split())
    if precision == "exact" or not place:
        return place
    match = re.match(r"^\s*(\d{1,6})[A-Za-z]?\s+(.*)$", place)
    if match:
        street = redacted(match.group(2))
        return street if precision == "street" else f"{int(match.group(1)) // 100 * 100} block of {street}"
    return redacted(place)


def _public_coordinate(value: Optional[float], precision: str) -> Optional[float]:
    if value is None or precision == "street":
        return None
    return round(value, 3) if precision == "block" else value


def _local(moment: Optional[datetime], village: Village) -> str:
    if moment is None:
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(ZoneInfo(village.timezone)).isoformat(timespec="seconds")


def public_request(db: Database, ticket: Ticket, village: Village, catalogue: Catalogue) -> dict:
    """One ticket as ``GET requests`` shows it to anyone (the specification's element names)."""
    service = catalogue.service_for_kind(ticket.kind) or catalogue.services["message"]
    open311 = ticket.fields.get("open311") or {}
    names = [n for n in (ticket.reporter_name,) if n and n != "anonymous"]
    shared = [body for _, _, body, is_shared in notes_for(db, ticket.reference) if is_shared]
    precision = village.open311_address_precision
    described = ticket.fields.get("description") or ticket.fields.get("material") or ""
    return {
        "service_request_id": ticket.reference,
        "status": "closed" if ticket.status in FINISHED else "open",
        "status_notes": redacted(shared[-1], names) if shared else "",
        "service_name": service.name,
        "service_code": service.code,
        "description": redacted(described, names),
        "agency_responsible": village.spill_notice.notify,
        "service_notice": catalogue.notices["hazardous"] if ticket.hazardous else "",
        "requested_datetime": _local(ticket.created_at, village),
        "updated_datetime": _local(ticket.updated_at, village),
        "expected_datetime": "",
        # The place as filed (file_ticket keeps numbers and e-mails typed there apart, for staff).
        "address": public_address(ticket.location if open311.get("address", True) else "", precision),
        "address_id": "",
        "zipcode": "",
        "lat": _public_coordinate(open311.get("lat"), precision),
        "long": _public_coordinate(open311.get("long"), precision),
        "media_url": "",
    }


def find_requests(db: Database, village: Village, catalogue: Catalogue, *, ids: Sequence[str] = (),
                  service_code: str = "", status: str = "", start: Optional[datetime] = None,
                  end: Optional[datetime] = None, now: Optional[datetime] = None) -> List[Ticket]:
    """``GET requests``: by ids (which override the rest), else by service, status and dates
    (the last 90 days by default), newest first, at most 1000."""
    if ids:
        found = (get_ticket(db, i.strip().upper()) for i in ids if i.strip())
        return [t for t in found if t is not None and t.village == village.slug][:MAX_RESULTS]
    if service_code and service_code not in catalogue.services:
        raise RequestError(400, "service_code is not one of this jurisdiction's services")
    if status and status not in ("open", "closed"):
        raise RequestError(400, "status must be open or closed")
    end = end or utc_now(now)
    start = start or end - timedelta(days=DEFAULT_DAYS)
    where, params = ["village = ?", "created_at >= ?", "created_at <= ?"], [village.slug, iso(start), iso(end)]
    if service_code:
        where.append("kind = ?")
        params.append(catalogue.services[service_code].kind)
    if status:
        where.append(("" if status == "closed" else "NOT ") + "status IN (?, ?)")
        params.extend(FINISHED)
    rows = db.conn.execute(
        f"SELECT reference FROM tickets WHERE {' AND '.join(where)} ORDER BY created_at DESC LIMIT {MAX_RESULTS}", params
    ).fetchall()
    return [get_ticket(db, row[0]) for row in rows]


def request_for_token(db: Database, village: Village, token: str) -> Optional[str]:
    """The reference of the ticket a ``POST requests`` returned ``token`` for."""
    row = db.conn.execute(
        "SELECT reference FROM tickets WHERE village = ? AND json_extract(fields, '$.open311.token') = ?",
        [village.slug, token],
    ).fetchone()
    return row[0] if row else None
