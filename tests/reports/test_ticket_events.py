"""Tickets announce what happens to them; the alerts' handlers run only where registered,
inside the ticket's own transaction."""
from datetime import datetime, timezone

import pytest

from stormwater.alerts import hooks, open311_forward, outbox
from stormwater.reports import ticket_events
from stormwater.reports.ticket_store import file_ticket, record_note
from stormwater.store.database import connect, immediate, migrate

NOW = datetime(2026, 5, 4, 6, 0, tzinfo=timezone.utc)


@pytest.fixture
def db(tmp_path):
    database = connect(tmp_path / "helpdesk.db")
    migrate(database)
    yield database
    database.close()


@pytest.fixture
def no_handlers(monkeypatch):
    """A process that registered nothing (the handlers the session registered come back after)."""
    for event in ticket_events.EVENTS:
        monkeypatch.setitem(ticket_events._handlers, event, [])


def spill(db, **extra):
    return file_ticket(db, village="bayville", kind="spill", channel="web", hazardous=True, location="Bay Avenue drain",
                       fields={"material": "gasoline"}, reporter_phone="(516) 555-0199", now=NOW, **extra)


def outbox_rows(db) -> int:
    return db.conn.execute("SELECT count(*) FROM alert_outbox").fetchone()[0]


def test_a_process_that_registered_nothing_still_files_tickets_and_notes(db, no_handlers):
    ticket = spill(db)
    record_note(db, ticket.reference, author="clerk", body="Crew sent.", shared=True, now=NOW)
    assert db.conn.execute("SELECT status FROM tickets WHERE reference = ?", [ticket.reference]).fetchone() == ("new",)
    assert outbox_rows(db) == 0


def test_a_registered_process_writes_the_alert_in_the_tickets_transaction(db, no_handlers):
    hooks.register()
    with pytest.raises(RuntimeError):
        with immediate(db):
            ticket = spill(db)
            assert len(outbox.for_ticket(db, ticket.reference)) == 2  # written with the ticket...
            raise RuntimeError("the filing fails after the insert")
    assert outbox_rows(db) == 0  # ...and undone with it
    assert db.conn.execute("SELECT count(*) FROM tickets").fetchone()[0] == 0
    ticket = spill(db)
    assert len(outbox.for_ticket(db, ticket.reference)) == 2


def test_registering_twice_runs_each_handler_once(no_handlers):
    hooks.register()
    hooks.register()
    assert ticket_events.handlers(ticket_events.FILED) == [outbox.on_ticket_filed, open311_forward.on_ticket_filed]
    assert ticket_events.handlers(ticket_events.STATUS_CHANGED) == [outbox.on_status_change]
    assert ticket_events.handlers(ticket_events.NOTE_SHARED) == [outbox.on_shared_note]


def test_a_failing_handler_undoes_only_its_own_rows_and_the_next_still_runs(db, no_handlers, caplog):
    seen = []

    def half_done(db, ticket, now=None):
        db.conn.execute("INSERT INTO ticket_notes (ticket_reference, created_at, author, body, shared)"
                        " VALUES (?, ?, 'test', 'half', 0)", [ticket.reference, "2026-05-04T06:00:00.000+00:00"])
        raise KeyError("a village file without its wording")

    ticket_events.register(ticket_events.FILED, half_done)
    ticket_events.register(ticket_events.FILED, lambda db, ticket, now=None: seen.append(ticket.reference))
    ticket = spill(db)
    assert seen == [ticket.reference]
    assert db.conn.execute("SELECT count(*) FROM ticket_notes").fetchone()[0] == 0
    assert "could not run half_done for the ticket event filed" in caplog.text


def test_an_unknown_event_is_refused():
    with pytest.raises(ValueError):
        ticket_events.register("exploded", print)
