"""What the staff ticket page shows: the report as labelled rows (each field once, none
empty), the history as sentences, and whether the reporter's letter applies.

Plain Python over a :class:`stormwater.reports.ticket_store.Ticket` and audit entries, so the page's
wording is tested without Flask.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import Any, Iterable, List, Mapping, Optional

from stormwater.reports.ticket_store import Ticket
from stormwater.understanding.when import hour_said

# Every key a report can carry, with the words a clerk reads; the order is the page's.
FIELD_LABELS = {
    "material": "What was released",
    "discharges": "Recognised as",
    "amount": "Estimated amount",
    "location": "Where",
    "location_contact": "Number or address given with the place",
    "discovered_at": "Discovered",
    "reached_drain": "Reached a storm drain",
    "responsible": "Reporter responsible for it",
    "commercial": "From a commercial or industrial site",
    "suspected_source": "Suspected source (reporter's words)",
    "test_when": "Dye test planned for",
    "handoff_question": "Message for staff",
    "reporter_name": "Reporter",
    "reporter_phone": "Phone",
    "reporter_email": "Email",
}
# Keys kept as columns of the ticket (also copied into ``fields`` by the report form).
_COLUMNS = ("location", "discovered_at", "reporter_name", "reporter_phone", "reporter_email", "suspected_source")
# Shown elsewhere on the page or never: photos have their own panel, "discovered" is the
# resident's words behind ``discovered_at``.
_NOT_ROWS = ("photos", "discovered", "open311")  # open311: its own panel (staff/ticket.html)
_ANSWERS = {"yes": "yes", "no": "no", "unsure": "not sure", "not_sure": "not sure", "none": "declined to give one",
            "anonymous": "anonymous (declined to give a name)"}



@dataclass(frozen=True)
class Row:
    """One line of the report: its key, its label, its value as text."""

    key: str
    label: str
    value: str


def label(key: str) -> str:
    """The clerk's words for a report key (``reached_drain`` -> ``Reached a storm drain``)."""
    if key in FIELD_LABELS:
        return FIELD_LABELS[key]
    text = str(key or "").replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _text(value: Any, discharge_labels: Mapping[str, str]) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(t for t in (_text(v, discharge_labels) for v in value) if t)
    if isinstance(value, dict):
        return ", ".join(f"{label(k)}: {_text(v, discharge_labels)}" for k, v in value.items() if _text(v, discharge_labels))
    text = str(value).strip()
    return discharge_labels.get(text) or _ANSWERS.get(text.lower(), text)


def local_time(moment: Optional[datetime], zone: tzinfo) -> str:
    """``Mon 2026-11-30 10:04`` in the village's zone (naive times are taken as already local)."""
    if moment is None:
        return ""
    if moment.tzinfo is not None:
        moment = moment.astimezone(zone)
    return moment.strftime("%a %Y-%m-%d %H:%M")


def report_rows(ticket: Ticket, zone: tzinfo, discharge_labels: Mapping[str, str]) -> List[Row]:
    """The report as labelled rows: each field once, empty ones left out, known keys first.

    :param zone: the village's time zone, for the discovery time
    :param discharge_labels: canonical discharge key -> words (``yard_waste`` -> ``yard waste``)
    """
    values: dict = {k: v for k, v in ticket.fields.items() if k not in _NOT_ROWS}
    for column in _COLUMNS:
        stored = getattr(ticket, column)
        if stored not in (None, ""):
            values[column] = stored
    discovered = local_time(ticket.discovered_at, zone)
    words = str(ticket.fields.get("discovered") or "").strip()
    if discovered and words and not hour_said(words, ticket.discovered_at):
        discovered = f"{discovered[:14]}, time not given"  # "sunday night": the day, never an hour nobody said
    if discovered and words and words != discovered:
        discovered = f"{discovered} (the reporter said: {words})"
    values["discovered_at"] = discovered or words
    rows = []
    for key in [*FIELD_LABELS, *sorted(k for k in values if k not in FIELD_LABELS)]:
        text = _text(values.get(key), discharge_labels) if key != "discovered_at" else values.get(key, "")
        if text:
            rows.append(Row(key, label(key), text))
    return rows


def letter_applies(ticket: Ticket) -> bool:
    """Whether the reporter's written-confirmation letter applies: a nonhazardous spill the
    reporter is (or may be) responsible for, the only report with the ordinance's deadlines."""
    return ticket.kind == "spill" and not ticket.hazardous and ticket.notify_by is not None


def _day(value: Any) -> str:
    if not value:
        return ""
    try:
        return date.fromisoformat(str(value)[:10]).strftime("%a %Y-%m-%d")
    except ValueError:
        return str(value)


def _quoted(value: Any) -> str:
    text = _text(value, {})
    return f'"{text}"' if text else "(empty)"


def describe(entry, names: Mapping[str, str], names_by_id: Mapping[int, str]) -> str:
    """One audit entry about a ticket as a sentence: ``Dana moved it from new to closed: reason duplicate``.

    :param entry: a :class:`stormwater.staff.audit.AuditEntry`
    :param names: staff e-mail -> name (an unknown actor is shown by e-mail)
    :param names_by_id: staff id -> name, for assignments
    """
    who = names.get(entry.actor) or ("The command line" if entry.actor == "cli" else entry.actor)
    before = entry.before if isinstance(entry.before, dict) else {}
    after = entry.after if isinstance(entry.after, dict) else {}
    action = entry.action
    if action == "status":
        sentence = f"{who} moved it from {before.get('status', '?')} to {after.get('status', '?')}"
        reason = after.get("close_reason")
        return sentence + (f": reason {reason}" if reason else "") + "."
    if action == "note":
        kind = "a note shared with the reporter" if after.get("shared") else "an internal note"
        return f"{who} added {kind}."
    if action == "assign":
        assignee = after.get("assignee_id")
        if assignee is None:
            return f"{who} took it off anyone's list."
        return f"{who} assigned it to {names_by_id.get(assignee, f'staff member #{assignee}')}."
    if action == "notice":
        if not after.get("notice_received_on"):
            return f"{who} cleared the notice date."
        return (f"{who} recorded the reporter's notice as received on {_day(after['notice_received_on'])};"
                f" the written confirmation is due by {_day(after.get('confirmation_due_on'))}.")
    if action == "confirmation":
        day = after.get("confirmation_received_on")
        return f"{who} recorded the written confirmation as received on {_day(day)}." if day else f"{who} cleared the written confirmation date."
    if action == "correct":
        field = label(str(after.get("field") or before.get("field") or ""))
        if after.get("changed"):
            return f"{who} corrected {field} (the values were removed with the reporter's personal data)."
        sentence = f"{who} corrected {field} from {_quoted(before.get('value'))} to {_quoted(after.get('value'))}"
        if "notify_by" in after and after.get("notify_by") != before.get("notify_by"):
            sentence += (f"; the notice is now due by {_day(after.get('notify_by'))}"
                         f" and the written confirmation by {_day(after.get('written_by'))}")
        return sentence + "."
    if action == "personal_data_removed":
        return f"{who} removed the reporter's personal data (retention)."
    return f"{who}: {action.replace('_', ' ')}."


def history(entries: Iterable[Any], names: Mapping[str, str], names_by_id: Mapping[int, str]) -> List[dict]:
    """``[{"at": datetime, "text": sentence}]`` for the page, oldest first."""
    return [{"at": e.at, "text": describe(e, names, names_by_id)} for e in entries]
