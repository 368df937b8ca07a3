"""Turn answers into bot replies: which response of ``bot/domain.yml`` to use, and its values.

The words live in ``bot/domain.yml`` (framing) and the village files (the law); this module
only chooses and fills them, so it can be tested without Rasa.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Callable, Dict, Iterable, List, Optional

from stormwater.law.deadline_words import day_words, long_date, notify_words, ticket_deadlines, written_words  # noqa: F401 (long_date: re-exported)
from stormwater.law.knowledge import DischargeAnswer, TopicAnswer, legal_note
from stormwater.law.plain_words import explained, plain
from stormwater.store.wording import load_messages
from stormwater.dialogue.guided_report import Assessment
from stormwater.reports.ticket_store import Ticket
from stormwater.law.villages import Passage, Village

CONTACT_ROLES = ("smo", "clerk", "police")


@dataclass(frozen=True)
class Reply:
    """One bot message: a response name, the values for its template, and extras."""

    response: str
    values: Dict[str, str] = field(default_factory=dict)
    custom: Optional[dict] = None
    buttons: Optional[List[dict]] = None
    # Words already written out from the data files (village file, data/messages.yml), sent
    # as they are instead of a domain response.
    text: Optional[str] = None


def source_line(village: Village, passage: Passage) -> str:
    """``Bayville Code ch. 63A, § 63A-5B(1): "dechlorinated swimming pool discharges"``."""
    return f'{village.ordinance_short}, {passage.citation}: "{passage.quote}"{explained(passage.quote)}'


def _join(items: Iterable[str], word: str = "and") -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def note_line(village: Village, with_note: bool = True) -> str:
    """The not-legal-advice line as it ends an answer's text ("" when it was said already)."""
    return f"\n{legal_note(village)}" if with_note else ""


def _smo(village: Village) -> Dict[str, str]:
    smo = village.contact("smo")
    return {"smo_title": smo["title"], "smo_phone": smo.get("phone", "")}


def discharge_replies(answer: DischargeAnswer, with_note: bool = True) -> List[Reply]:
    """The messages that answer a discharge question; the first carries the payload.

    :param with_note: end the answer with the not-legal-advice line (by SMS it is said once
        per conversation; on the web the page also shows the payload's ``disclaimer``)
    """
    village = answer.village
    values = {
        "village": village.short_name,
        "headline": plain(answer.headline),
        "summary": plain(answer.summary),
        "source": source_line(village, answer.passages[0]),
        "label": answer.label,
        "conditions": _join(answer.conditions),
        "legal_note": note_line(village, with_note),
    }
    if answer.basis == "rule":
        replies = [Reply(f"utter_discharge_{answer.verdict}", values, custom=answer.payload())]
        if answer.caveats:
            caveats = plain(" ".join(c.summary for c in answer.caveats))
            replies.append(Reply("utter_discharge_caveats", {"village": village.short_name, "caveats": caveats}))
        if answer.alternatives:
            replies.append(alternatives_reply(answer))
        if answer.offer:
            replies.append(Reply(f"utter_offer_{answer.offer}_notice", {"village": village.short_name, **_smo(village)}))
        return replies
    replies = [Reply("utter_discharge_general_rule", values, custom=answer.payload())]
    if answer.closest:
        closest = "; ".join(f"{r.summary} ({r.citation})" for r in answer.closest)
        replies.append(Reply("utter_closest_exemptions", {"village": village.short_name, "closest": closest}))
    replies.append(offer_person(village))
    return replies


def alternatives_reply(answer: DischargeAnswer) -> Reply:
    """After a "Not allowed": what the ordinance allows or leaves open instead (from the
    village file), and the SMO's number (wording in ``data/messages.yml``)."""
    smo = answer.village.contact("smo")
    text = load_messages()["discharge_alternatives"].format(
        alternatives=plain(answer.alternatives),
        smo_title=smo["title"],
        smo_phone=smo.get("phone") or "the village office",
    )
    return Reply("discharge_alternatives", {"alternatives": answer.alternatives}, text=text)


def offer_person(village: Village) -> Reply:
    """Give the Stormwater Management Officer's number and offer the village's other contacts."""
    return Reply("utter_offer_person", {"village": village.short_name, **_smo(village)})


def topic_replies(answer: TopicAnswer, with_note: bool = True) -> List[Reply]:
    """The messages that answer a law-topic question.

    :param with_note: end the answer with the not-legal-advice line (see :func:`discharge_replies`)
    """
    village, topic = answer.village, answer.topic
    values = {"village": village.short_name, "summary": plain(topic.summary), "legal_note": note_line(village, with_note)}
    if topic.covered and topic.passages:
        values["source"] = source_line(village, topic.passages[0])
        return [Reply("utter_law_topic", values, custom=answer.payload())]
    return [Reply("utter_law_topic_not_covered", values, custom=answer.payload()), offer_person(village)]


def contact_lines(village: Village, roles: Iterable[str] = CONTACT_ROLES) -> str:
    """One line per office: title, phone, and fax or e-mail where the file gives them."""
    lines = []
    for role in roles:
        contact = village.contact(role)
        if not contact:
            continue
        extras = [f"fax {contact['fax']}" if contact.get("fax") else "", contact.get("email", "")]
        detail = _join([contact["phone"], *extras], "or")
        lines.append(f"{contact.get('title', role.upper())}: {detail}")
    return "\n".join(lines)


def contact_replies(village: Village, example_note: str) -> List[Reply]:
    """The village's contacts; ``example_note`` is the domain's warning text for example values."""
    values = {
        "village": village.short_name,
        "contact_lines": contact_lines(village),
        "office_hours": village.office_hours or "see the village website",
        "example_note": example_note if village.example_contacts else "",
    }
    return [Reply("utter_contacts", values, custom={"type": "contacts", "village": village.slug})]


def village_buttons(villages: Iterable[Village]) -> List[dict]:
    """One button per village; the payload is plain text, never an intent."""
    return [{"title": v.short_name, "payload": v.short_name} for v in villages]


def village_list(villages: Iterable[Village]) -> str:
    """``Bayville and Poquott``."""
    return _join([v.short_name for v in villages], "and")


def ticket_payload(ticket: Ticket, letter_url: Optional[str], village: Optional[Village] = None) -> dict:
    """The machine-readable confirmation of a filed report.

    With ``village``, a deadline the business-day calendar may put a day late also comes in
    words (``notify_by_text``, ``written_by_text``: the earliest date first), for the chat card.
    """
    payload = {
        "type": "ticket_filed",
        "reference": ticket.reference,
        "kind": ticket.kind,
        "hazardous": ticket.hazardous,
        "notify_by": ticket.notify_by.isoformat() if ticket.notify_by else None,
        "written_by": ticket.written_by.isoformat() if ticket.written_by else None,
        "letter_url": letter_url,
    }
    deadlines = ticket_deadlines(ticket, village) if village is not None else None
    if deadlines and deadlines.notify_earliest < deadlines.notify_by:
        payload["notify_by_text"] = notify_words(village, deadlines)
    if deadlines and deadlines.written_earliest < deadlines.written_by:
        payload["written_by_text"] = written_words(village, deadlines)
    return payload


def _filed_steps(village: Village, ticket: Ticket, deadlines, letter: Optional[str], today: Optional[date],
                 custom: Optional[dict]) -> Reply:
    """The filing in one message (issue 32): the reference, then the notice and the letter in
    the order the resident must do them, the letter's link once, the business-day caveat last."""
    notice = village.spill_notice
    office = village.contact(notice.contact)
    values = {
        "reference": ticket.reference,
        "check": ticket.status_check or "",
        "village": village.short_name,
        "notify": notice.notify,
        "letter_to": notice.letter_to,
        "phone": office["phone"],
        "fax": office.get("fax") or "see the village website",
        "notify_by": day_words(notify_words(village, deadlines), deadlines.notify_earliest, today),
        "written_by": day_words(written_words(village, deadlines), deadlines.written_earliest, today),
        "letter_url": letter or "",
        "calendar": village.holiday_calendar_name,
    }
    return Reply("utter_report_filed_steps", values, custom=custom)


def report_replies(
    village: Village, ticket: Ticket, assessment: Assessment, spill_rules: str, letter_url: Callable[[str], str],
    today: Optional[date] = None,
) -> List[Reply]:
    """What the resident reads once a report is filed: reference, duties, deadlines, letter.

    Whom to notify, the letter's addressee and what a hazardous release requires after the
    911 call come from the village's ``spill_notice`` (Bayville: the SMO, then the SMO, police
    and clerk; Poquott: "the municipality", and nothing more after 911).

    :param spill_rules: the village's summary of its spill-notification rules
    :param letter_url: the address of the printable letter for a ticket's letter token (the
        web layer's route, from :meth:`stormwater.store.settings.Settings.letter_url`)
    :param today: the village's date now; a notice deadline before it is said to have passed
    """
    notice = village.spill_notice
    office = village.contact(notice.contact)
    letter = letter_url(ticket.letter_token) if ticket.notify_by and ticket.letter_token else None
    replies = [Reply("utter_report_filed", {"reference": ticket.reference, "check": ticket.status_check or ""}, custom=ticket_payload(ticket, letter, village))]
    if ticket.hazardous and ticket.kind == "illicit_discharge":
        # A bystander: 911 and the hotline, not the duties of whoever is responsible (issue 32)
        replies.append(Reply("utter_report_hazardous_seen"))
    elif ticket.hazardous:
        replies.append(Reply("utter_report_hazardous_next", {"hazard_rules": spill_rules}))
        replies.append(Reply("utter_spill_state_hotline"))
    deadlines = ticket_deadlines(ticket, village)
    if deadlines:
        replies[0] = _filed_steps(village, ticket, deadlines, letter, today, replies[0].custom)
        if today is not None and ticket.notify_by < today:
            # A release discovered days ago: the date the ordinance gives is already behind us.
            values = {"notify": notice.notify, "phone": office["phone"]}
            text = load_messages()["notice_deadline_passed"].format(**values)
            replies.append(Reply("notice_deadline_passed", values, text=text))
    if assessment.keep_records:
        replies.append(Reply("utter_keep_records"))
    if ticket.kind == "handoff":
        replies.append(Reply("utter_handoff_filed", {"office_hours": village.office_hours or "office hours"}))
    if ticket.kind == "dye_test":
        smo = village.contact("smo")
        replies.append(
            Reply("utter_dye_test_not_a_notice", {"smo_title": smo["title"], "smo_phone": smo["phone"]})
        )
    elif ticket.kind == "spill" and ticket.hazardous:
        if notice.after_dispatch:
            replies.append(
                Reply(
                    "utter_spill_after_dispatch",
                    {"after_dispatch": notice.after_dispatch, "contact_lines": contact_lines(village, notice.after_dispatch_contacts)},
                )
            )
        else:
            replies.append(Reply("utter_spill_dispatch_only", {"village": village.short_name}))
    elif ticket.kind == "spill" and not deadlines:
        replies.append(Reply("utter_spill_not_a_notice", {"notify": notice.notify, "phone": office["phone"]}))
    return replies
