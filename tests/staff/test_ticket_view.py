"""The ticket page's wording: the report once with human labels, history as sentences, the letter only where it applies."""
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from stormwater.staff import audit, ticket_view
from stormwater.staff.ticket_changes import add_note, assign
from stormwater.staff.workflow import change_status

from .conftest import NOW, spill

NY = ZoneInfo("America/New_York")
LABELS = {"yard_waste": "grass clippings, leaves or yard waste", "motor_oil": "motor oil"}


def test_each_field_once_with_human_labels_and_no_empty_rows(db):
    ticket = spill(db, fields={
        "responsible": "yes", "material": "motor oil", "location": "12 Main Street drain", "discovered": "this morning",
        "reached_drain": "unsure", "commercial": "no", "amount": "a quart", "reporter_name": "Pat Doe",
        "reporter_phone": "(516) 555-0199", "test_when": None, "handoff_question": "", "discharges": ["yard_waste"],
        "photos": [],
    }, discovered_at=datetime(2026, 11, 30, 8, 15, tzinfo=NY))
    rows = ticket_view.report_rows(ticket, NY, LABELS)
    labels = [r.label for r in rows]
    assert len(labels) == len(set(labels))
    assert labels[:3] == ["What was released", "Recognised as", "Estimated amount"]
    values = {r.label: r.value for r in rows}
    assert values["Recognised as"] == "grass clippings, leaves or yard waste"
    # a part of the day without its hour: the day, never an hour nobody said
    assert values["Discovered"] == "Mon 2026-11-30, time not given (the reporter said: this morning)"
    assert values["Reached a storm drain"] == "not sure"
    assert values["Where"] == "12 Main Street drain" and values["Phone"] == "(516) 555-0199"
    assert not any("_" in label for label in labels)
    assert "Dye test planned for" not in values and "Message for staff" not in values and "Photos" not in values
    assert all(r.value for r in rows)


def test_history_reads_as_sentences(db, users):
    ticket = spill(db)
    change_status(db, ticket.reference, "investigating", actor=users["bay"], now=NOW)
    add_note(db, ticket.reference, "called back", actor=users["bay"], shared=True, now=NOW)
    assign(db, ticket.reference, users["bay2"].id, actor=users["bay"], now=NOW)
    change_status(db, ticket.reference, "closed", actor=users["bay2"], reason="duplicate of BAY-234678", now=NOW)
    names = {users["bay"].email: "Dana", users["bay2"].email: "Sam"}
    texts = [h["text"] for h in ticket_view.history(audit.entries(db, "ticket", ticket.reference), names,
                                                      {users["bay2"].id: "Sam"})]
    assert texts == [
        "Dana moved it from new to investigating.",
        "Dana added a note shared with the reporter.",
        "Dana assigned it to Sam.",
        "Sam moved it from investigating to closed: reason duplicate of BAY-234678.",
    ]
    assert not any("close_reason" in t or "status:" in t for t in texts)


def test_the_letter_applies_only_to_a_nonhazardous_spill_with_deadlines(db):
    from datetime import date
    deadlines = dict(notify_by=date(2026, 12, 1), written_by=date(2026, 12, 4))
    assert ticket_view.letter_applies(spill(db, **deadlines))
    assert not ticket_view.letter_applies(spill(db, hazardous=True))
    assert not ticket_view.letter_applies(spill(db, kind="illicit_discharge"))
    assert not ticket_view.letter_applies(spill(db, kind="septic"))
