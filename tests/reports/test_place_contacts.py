"""Issue 29: a number typed in the place field became a tag ("12 Main St, call [phone:3f9a1c2b]")
in the ticket, so staff lost it. It is kept out of the place (which alerts and exports carry)
but on the ticket for staff, and retention removes it with the reporter's other data."""
from datetime import datetime, timedelta, timezone

from stormwater.reports.ticket_store import LOCATION_CONTACT, file_ticket, get_ticket
from stormwater.staff import ticket_view
from stormwater.store.database import connect, migrate
from stormwater.staff.purge import purge_personal_data
from stormwater.store.redaction import split_contacts

NOW = datetime(2026, 11, 30, 15, 0, tzinfo=timezone.utc)


def test_split_contacts_keeps_the_place_and_the_number_apart():
    assert split_contacts("12 Main St, call 516-555-0199") == ("12 Main St", ["516-555-0199"])
    assert split_contacts("behind 4 Oak Ave (516) 555\u20130199 or pat@example.org") == (
        "behind 4 Oak Ave", ["(516) 555\u20130199", "pat@example.org"])
    assert split_contacts("Route 25A near 100-2000 Bay Ave") == ("Route 25A near 100-2000 Bay Ave", [])


def test_a_number_typed_with_the_place_is_kept_for_staff_not_in_the_place(tmp_path):
    db = connect(tmp_path / "helpdesk.db")
    migrate(db)
    ticket = file_ticket(db, village="bayville", kind="spill", channel="web", hazardous=True,
                         location="12 Main St, call 516-555-0199", fields={"location": "12 Main St, call 516-555-0199"},
                         now=NOW - timedelta(days=100))
    assert ticket.location == "12 Main St" and ticket.fields["location"] == "12 Main St"
    assert ticket.fields[LOCATION_CONTACT] == "516-555-0199"
    assert ticket_view.label(LOCATION_CONTACT) == "Number or address given with the place"
    bodies = " ".join(r[0] for r in db.conn.execute("SELECT body FROM alert_outbox"))
    assert "12 Main St" in bodies and "0199" not in bodies  # staff alerts carry the place only
    # Retention removes it with the reporter's data.
    with db.conn:
        db.conn.execute("UPDATE tickets SET status = 'closed', closed_at = ? WHERE id = ?",
                        [(NOW - timedelta(days=40)).isoformat(), ticket.id])
    purge_personal_data(db, days=30, now=NOW)
    assert LOCATION_CONTACT not in get_ticket(db, ticket.reference).fields
    db.close()
