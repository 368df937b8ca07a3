"""Issue 29: after retention, no table of the help desk's database and no conversation in
Rasa's tracker store holds a closed report's name or numbers, in any writing.

The e2e version (tests/e2e/test_retention_sweep_e2e.py) files the reports through the
running services; this one builds the same rows directly, so each place is checked fast."""
import json
import re
import sqlite3
import tarfile
from datetime import timedelta
from pathlib import Path

import pytest

from ops import backup, retention
from stormwater.alerts import outbox
from stormwater.store import sms_consent
from stormwater.law.villages import get_village
from stormwater.staff import audit
from stormwater.staff.corrections import correct_field
from stormwater.staff.workflow import change_status
from stormwater.store import sms_memory
from stormwater.store.redaction import ascii_lookalikes

from .conftest import NOW, spill

DAYS = 30
NAMES = ("Pat Zebulonski", "Patricia Zebulonska")
NUMBERS = ("5165550199", "6315550166")  # typed, then corrected on the desk


_REFERENCE = re.compile(r"\b[A-Z]{3}-[A-Z0-9]{6}\b")


def leftovers(conn, names=NAMES, numbers=NUMBERS):
    """(table, column, value) of every cell of every table holding a name or a number (its last seven digits,
    however written)."""
    found = []
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        cursor = conn.execute(f'SELECT * FROM "{table}"')
        columns = [d[0] for d in cursor.description]
        for row in cursor:
            for column, value in zip(columns, row):
                text = value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
                # a ticket's random reference ("BAY-Z9PATT") may spell a name's letters: it is no name
                plain = _REFERENCE.sub(" ", ascii_lookalikes(text))
                digits = re.sub(r"[^0-9]", "", plain)
                words = " ".join(re.sub(r"[^\w]", " ", plain).split()).casefold()
                if any(n[-7:] in digits for n in numbers) or any(
                        part.casefold() in words for name in names for part in name.split()):
                    found.append((table, column, text[:120]))
    return found


def _report_with_everything(db, users):
    """A web report whose contacts staff corrected, with its texts, outbox rows and SMS memory."""
    ticket = spill(db, now=NOW - timedelta(days=90), reporter_name=NAMES[0], reporter_phone="(516) 555-0199",
                   sender_key="conv-1", transcript=[{"who": "resident", "text": f"I am {NAMES[0]}, 516\u2013555\u20130199"}])
    read_back = (f"Your name: {NAMES[0]}\nYour phone number: (516) 555-0199\n"
                 "OK: we will text +15165550199 once each time staff update it.")
    db.execute(
        "INSERT INTO sms_messages (message_sid, from_number, to_number, body, media, village, sender_key,"
        " received_at, status, handled, reply) VALUES ('SM1', '+15165550199', '+15165550100', ?, '[]', 'bayville',"
        " 'conv-1', ?, 'answered', 1, ?)",
        [f"{NAMES[0]} 516 555 01 99", (NOW - timedelta(days=90)).isoformat(), read_back])
    db.conn.commit()
    sms_memory.remember_details(db, "conv-1", {"more": read_back})
    village = get_village("bayville")
    for field, value in (("reporter_phone", "(631) 555-0166"), ("reporter_name", NAMES[1])):
        correct_field(db, ticket.reference, field, value, actor=users["bay"], village=village,
                      now=NOW - timedelta(days=89))
    sms_consent.record_updates_choice(db, ticket.reference, "+16315550166", True, confirmed=False,
                                  now=NOW - timedelta(days=89))
    with db.conn:
        outbox.enqueue(db, dedupe_key="confirm:1", village="bayville", purpose="reporter_update", channel="sms",
                       recipient="+16315550166", body="Reply YES to get updates", ticket_reference=ticket.reference,
                       now=NOW - timedelta(days=89))
    change_status(db, ticket.reference, "closed", actor=users["bay"], reason="cleaned up", now=NOW - timedelta(days=DAYS + 1))
    db.conn.commit()
    return ticket


def _trackers(path, sender, text):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, sender_id TEXT, type_name TEXT, timestamp REAL,"
                 " intent_name TEXT, action_name TEXT, data TEXT)")
    conn.execute("INSERT INTO events (sender_id, type_name, timestamp, data) VALUES (?, 'bot', ?, ?)",
                 [sender, NOW.timestamp() - 3600, json.dumps({"event": "bot", "text": text})])
    conn.commit()
    conn.close()


def test_retention_leaves_no_name_or_number_in_any_table_of_either_database(db, db_path, users, tmp_path):
    ticket = _report_with_everything(db, users)
    assert leftovers(db.conn)  # the sweep finds them before retention
    # The history still tells what staff did, with the values while the ticket is kept.
    corrected = [e for e in audit.entries(db, "ticket", ticket.reference) if e.action == "correct"]
    assert corrected[0].before["value"] == "(516) 555-0199" and corrected[0].after["value"] == "(631) 555-0166"
    db.close()
    trackers = tmp_path / "trackers.db"
    # The conversation of the report spoke an hour ago, so it is not idle: it goes with the ticket.
    _trackers(trackers, "conv-1", f"Thanks, {NAMES[0]}")

    retention.run(db_path, trackers, DAYS, now=NOW)

    conn = sqlite3.connect(db_path)
    assert leftovers(conn) == []
    # The audit log keeps each event, without the values.
    rows = conn.execute("SELECT action, before, after FROM audit_log WHERE entity_key = ? AND action = 'correct'",
                        [ticket.reference]).fetchall()
    assert [json.loads(r[1])["field"] for r in rows] == ["reporter_phone", "reporter_name"]
    conn.close()
    assert leftovers(sqlite3.connect(trackers)) == []
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("*.db*"))
    for needle in (*NAMES, "555-0199", "5550199", "555-0166", "5550166"):
        assert needle.encode() not in raw, needle

    # A backup made after the purge holds none of it either (every page of both databases).
    secret = tmp_path / "secret_key"
    secret.write_bytes(b"k" * 32)
    archive = backup.create(tmp_path / "backups", backup.Paths(Path(db_path), trackers, secret))
    with tarfile.open(archive, "r:gz") as tar:
        copies = {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.name.endswith(".db")}
    assert set(copies) == {"helpdesk.db", "trackers.db"}
    for name, data in copies.items():
        for needle in (*NAMES, "555-0199", "5550199", "555-0166", "5550166"):
            assert needle.encode() not in data, (name, needle)


def test_contact_corrections_logged_before_the_change_lose_their_values_to_a_table_retention_empties(tmp_path, monkeypatch):
    from stormwater.store import database as database_module
    from stormwater.store.database import connect, migrate
    from stormwater.store.migrations import MIGRATIONS

    path = tmp_path / "old.db"
    old = connect(path)
    monkeypatch.setattr(database_module, "MIGRATIONS", [m for m in MIGRATIONS if m[0] < 13])
    migrate(old)
    with old.conn:
        for field, before, after in (("reporter_phone", "(516) 555-0199", "(631) 555-0166"), ("location", "Main St", "Elm St")):
            old.conn.execute("INSERT INTO audit_log (at, actor, entity, entity_key, action, before, after)"
                             " VALUES ('2026-01-01T00:00:00+00:00', 'clerk', 'ticket', 'BAY-AAAAAA', 'correct', ?, ?)",
                             [json.dumps({"field": field, "value": before}), json.dumps({"field": field, "value": after})])
    monkeypatch.setattr(database_module, "MIGRATIONS", MIGRATIONS)
    assert migrate(old)[0] == 13  # and any later migrations

    assert leftovers(old.conn, names=(), numbers=NUMBERS) == [
        ("audit_values", "before", '"(516) 555-0199"'), ("audit_values", "after", '"(631) 555-0166"')]
    phone, place = audit.entries(old, "ticket", "BAY-AAAAAA")
    assert (phone.before["value"], phone.after["value"]) == ("(516) 555-0199", "(631) 555-0166")
    assert place.after == {"field": "location", "value": "Elm St"}  # not a contact detail: unchanged
    audit.forget_values(old, "BAY-AAAAAA")
    assert leftovers(old.conn, names=(), numbers=NUMBERS) == []
    # Still append-only after the one rewrite.
    with pytest.raises(sqlite3.DatabaseError):
        with old.conn:
            old.conn.execute("UPDATE audit_log SET actor = 'x'")
