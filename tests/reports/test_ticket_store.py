"""The ticket store: references, filing, status for the reporter, and the SQLite layer under it."""
import dataclasses
import multiprocessing
import re
import sqlite3
import string
from collections import Counter
from datetime import date, datetime, timezone

import pytest

from stormwater.reports import ticket_store as tickets
from stormwater.store import database as storage
from stormwater.store.database import MIGRATIONS, StorageError, applied_migrations, connect, immediate, migrate

ALL_VERSIONS = [version for version, _, _ in MIGRATIONS]
from stormwater.reports.ticket_store import (
    ALPHABET,
    KINDS,
    file_ticket,
    find_reference,
    get_ticket,
    new_reference,
    normalize_reference,
    record_note,
    status_for,
    village_prefix,
)

NOW = datetime(2026, 11, 30, 15, 0, tzinfo=timezone.utc)


@pytest.fixture
def file_db(tmp_path):
    path = tmp_path / "tickets.db"
    database = connect(path)
    migrate(database)
    yield database, path
    database.close()


def spill(db, village="bayville", **overrides):
    values = dict(
        village=village,
        kind="spill",
        channel="web",
        hazardous=False,
        fields={"material": "paint"},
        transcript=[{"from": "resident", "text": "paint in the drain"}],
        notify_by=date(2026, 12, 1),
        written_by=date(2026, 12, 4),
        sender_key="key-resident",
    )
    values.update(overrides)
    return file_ticket(db, **values)


# ---- references -------------------------------------------------------------------------


def test_alphabet_has_no_look_alikes():
    assert len(ALPHABET) == len(set(ALPHABET)) == 28
    assert not set(ALPHABET) & set("0O1IL5SU")
    assert set(ALPHABET) <= set(string.ascii_uppercase + string.digits)


def test_reference_format():
    for _ in range(1000):
        reference = new_reference("BAY")
        assert re.fullmatch(r"BAY-[2346789ABCDEFGHJKMNPQRTVWXYZ]{6}", reference)


@pytest.mark.parametrize("prefix", ["", "BA", "BAYV", "bay", "B4Y", None])
def test_reference_needs_a_three_letter_prefix(prefix):
    with pytest.raises(ValueError):
        new_reference(prefix)


def test_references_are_random_and_spread_over_the_alphabet():
    codes = [new_reference("PQT")[4:] for _ in range(20_000)]
    # 28**6 = 481,890,304 codes: 20,000 draws give about 0.4 colliding pairs on average;
    # six or more happen with probability ~5e-6, a weak generator would make many.
    repeats = sum(n - 1 for n in Counter(codes).values() if n > 1)
    assert repeats <= 5
    # 120,000 symbols: each of the 28 is expected ~4,286 times (s.d. ~64).
    counts = Counter("".join(codes))
    assert set(counts) == set(ALPHABET)
    assert all(3_400 < n < 5_200 for n in counts.values())


def test_village_prefix(bayville, poquott):
    assert village_prefix(bayville) == "BAY"
    assert village_prefix(poquott) == "PQT"
    assert village_prefix("poquott") == "PQT"
    assert village_prefix("sea-cliff") == "SCL"
    assert village_prefix("oyster-bay") == "OYS"
    assert village_prefix("aia") == "AIA"
    assert village_prefix(dataclasses.replace(bayville, ticket_prefix="BVL")) == "BVL"
    with pytest.raises(ValueError):
        village_prefix("ab")


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("BAY-7K3Q9P", "BAY-7K3Q9P"),
        ("bay-7k3q9p", "BAY-7K3Q9P"),
        (" bay 7k3 q9p ", "BAY-7K3Q9P"),
        ("BAY7K3Q9P", "BAY-7K3Q9P"),
        ("BAY-7K3Q9", None),
        ("BAY-7K3Q9PP", None),
        ("BAY-0K3Q9P", None),  # 0 is not in the alphabet
        ("B4Y-7K3Q9P", None),
        ("", None),
        (None, None),
    ],
)
def test_normalize_reference(typed, expected):
    assert normalize_reference(typed) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("status of bay-7k3q9p please", "BAY-7K3Q9P"),
        ("what about BAY7K3Q9P", "BAY-7K3Q9P"),
        ("pqt 7k3q9p?", "PQT-7K3Q9P"),
        # an English word of nine letters is not a reference written without its hyphen
        ("What is an illicit discharge?", None),
        ("existing sump pump or pipe discharge from my property", None),
        # two words apart: a three-letter word and a six-letter word are not a reference
        # unless the prefix is a village's or the code has a digit
        ("the carpet cleaning guys dump their tank in the drain", None),
        ("did you get BAY TRACED", "BAY-TRACED"),
        ("xyz 7k3q9p", "XYZ-7K3Q9P"),
        ("my pool water is pre-heated", None),
    ],
)
def test_find_reference_in_a_sentence(text, expected):
    assert find_reference(text) == expected


# ---- filing and reading back -------------------------------------------------------------


def test_file_and_read_back_every_field(db, poquott):
    found = datetime(2026, 11, 29, 21, 0)
    ticket = file_ticket(
        db,
        village=poquott,
        kind="spill",
        channel="sms",
        hazardous=False,
        fields={"material": "motor oil", "amount": "a quart", "nested": {"ok": [1, 2]}, "on": date(2026, 11, 29)},
        transcript=[{"from": "resident", "text": "oil in the drain on Main St ☹"}, {"from": "bot", "text": "Thanks"}],
        notify_by=date(2026, 12, 1),
        written_by=date(2026, 12, 4),
        discovered_at=found,
        sender_key="key-123",
        reporter_name="Ana Pérez",
        reporter_phone="+16315550111",
        reporter_email="ana@example.org",
        location="Main St and Oak Ave",
        now=NOW,
    )
    assert re.fullmatch(r"PQT-[2346789ABCDEFGHJKMNPQRTVWXYZ]{6}", ticket.reference)
    assert get_ticket(db, ticket.reference) == ticket
    assert get_ticket(db, ticket.reference.lower()) == ticket
    assert ticket.village == "poquott"
    assert ticket.kind == "spill"
    assert ticket.status == "new"
    assert ticket.channel == "sms"
    assert ticket.created_at == NOW == ticket.updated_at
    assert ticket.hazardous is False
    assert ticket.discovered_at == found
    assert ticket.notify_by == date(2026, 12, 1)
    assert ticket.written_by == date(2026, 12, 4)
    assert ticket.sender_key == "key-123"
    assert ticket.reporter_name == "Ana Pérez"
    assert ticket.reporter_phone == "+16315550111"
    assert ticket.reporter_email == "ana@example.org"
    assert ticket.location == "Main St and Oak Ave"
    assert ticket.fields == {"material": "motor oil", "amount": "a quart", "nested": {"ok": [1, 2]}, "on": "2026-11-29"}
    assert ticket.transcript[0]["text"] == "oil in the drain on Main St ☹"
    # Stored as JSON text and UTC ISO strings.
    row = db.execute("SELECT fields, transcript, created_at, hazardous FROM tickets").fetchone()
    assert row[0].startswith("{") and row[1].startswith("[")
    assert row[2] == "2026-11-30T15:00:00.000+00:00"
    assert row[3] == 0


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_can_be_filed(db, kind):
    ticket = spill(db, kind=kind, hazardous=kind == "spill", notify_by=None, written_by=None, fields=None, transcript=None)
    assert ticket.kind == kind and ticket.fields == {} and ticket.transcript == []
    assert ticket.notify_by is None and ticket.written_by is None


def test_bad_input_is_refused_and_nothing_is_stored(db):
    with pytest.raises(ValueError):
        spill(db, kind="complaint")
    with pytest.raises(ValueError):
        spill(db, channel="")
    with pytest.raises(TypeError):
        spill(db, fields={"x": object()})
    assert db["tickets"].count == 0


def test_unknown_reference(db):
    assert get_ticket(db, "BAY-7K3Q9P") is None
    assert get_ticket(db, "nonsense") is None


def test_many_tickets_get_unique_references(db):
    references = {spill(db).reference for _ in range(300)}
    assert len(references) == 300 == db["tickets"].count


def test_a_reference_collision_is_retried(db, monkeypatch):
    first = spill(db)
    drawn = iter([first.reference, first.reference, "BAY-23467A"])
    monkeypatch.setattr(tickets, "new_reference", lambda prefix: next(drawn))
    second = spill(db)
    assert second.reference == "BAY-23467A"
    assert db["tickets"].count == 2


def test_a_collision_that_never_ends_raises(db, monkeypatch):
    first = spill(db)
    monkeypatch.setattr(tickets, "new_reference", lambda prefix: first.reference)
    with pytest.raises(sqlite3.IntegrityError):
        spill(db)
    assert db["tickets"].count == 1


def test_filing_inside_an_open_transaction_joins_it(db):
    with pytest.raises(RuntimeError):
        with immediate(db):
            spill(db)
            raise RuntimeError("the caller's later step failed")
    assert db["tickets"].count == 0


# ---- status for the reporter -------------------------------------------------------------


def test_status_for_the_reporter_only(db):
    ticket = spill(db, sender_key="key-resident", now=NOW)
    status = status_for(db, ticket.reference, "key-resident")
    assert status.reference == ticket.reference
    assert status.status == "new" and status.kind == "spill" and status.created_at == NOW
    assert status.shared_note is None and status.shared_note_at is None
    for other in ("key-other", "", None, "key-resident ", "KEY-RESIDENT"):
        assert status_for(db, ticket.reference, other) is None
    # A typed reference works; an unknown one looks exactly like someone else's.
    assert status_for(db, " " + ticket.reference.lower(), "key-resident") is not None
    assert status_for(db, "BAY-23467A", "key-resident") is None


def test_status_shows_only_the_latest_shared_note(db):
    ticket = spill(db)
    record_note(db, ticket.reference, author="smo", body="internal: call the DPW", shared=False)
    assert status_for(db, ticket.reference, "key-resident").shared_note is None
    noted_at = datetime(2026, 12, 1, 14, 0, tzinfo=timezone.utc)
    record_note(db, ticket.reference, author="smo", body="We inspected the drain.", shared=True, now=noted_at)
    record_note(db, ticket.reference, author="smo", body="internal: follow up", shared=False)
    status = status_for(db, ticket.reference, "key-resident")
    assert status.shared_note == "We inspected the drain."
    assert status.shared_note_at == noted_at
    # An explicit time: two writes can fall in the same millisecond on a fast machine.
    closed_at = datetime(2026, 12, 2, 9, 30, tzinfo=timezone.utc)
    record_note(db, ticket.reference, author="clerk", body="Closed: cleaned up.", shared=True, now=closed_at)
    assert status_for(db, ticket.reference, "key-resident").shared_note == "Closed: cleaned up."
    assert status_for(db, ticket.reference, "key-other") is None
    assert get_ticket(db, ticket.reference).updated_at == closed_at


def test_a_ticket_without_sender_key_has_no_resident_status(db):
    ticket = spill(db, sender_key=None)
    assert status_for(db, ticket.reference, "") is None
    assert status_for(db, ticket.reference, "anything") is None


def test_notes_need_an_existing_ticket(db):
    with pytest.raises(LookupError):
        record_note(db, "BAY-23467A", author="smo", body="x")
    with pytest.raises(LookupError):
        record_note(db, "garbage", author="smo", body="x")
    with pytest.raises(ValueError):
        record_note(db, spill(db).reference, author="", body="x")
    assert db["ticket_notes"].count == 0


# ---- storage ------------------------------------------------------------------------------


def test_connect_sets_the_pragmas(file_db):
    db, _ = file_db
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_migrate_is_idempotent(file_db):
    db, path = file_db
    assert applied_migrations(db) == ALL_VERSIONS
    assert migrate(db) == []
    again = connect(path)
    try:
        assert migrate(again) == []
        assert again.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] == len(ALL_VERSIONS)
    finally:
        again.close()
    assert {"tickets", "ticket_notes", "schema_migrations"} <= set(db.table_names())


def test_migrations_run_in_order_and_fail_atomically(monkeypatch):
    db = connect(":memory:")
    assert migrate(db) == ALL_VERSIONS

    def add_column(conn):
        conn.execute("ALTER TABLE tickets ADD COLUMN priority TEXT")

    def broken(conn):
        conn.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("migration bug")

    # Past the highest version: numbers may have a gap while branches take their own.
    n, count = max(ALL_VERSIONS), len(ALL_VERSIONS)
    monkeypatch.setattr(storage, "MIGRATIONS", storage.MIGRATIONS + [(n + 1, "priority", add_column), (n + 2, "broken", broken)])
    with pytest.raises(RuntimeError):
        migrate(db)
    # Nothing of the two new ones remains: they share one transaction with their records.
    assert applied_migrations(db) == ALL_VERSIONS
    assert "half_done" not in db.table_names()
    assert "priority" not in db["tickets"].columns_dict

    monkeypatch.setattr(storage, "MIGRATIONS", storage.MIGRATIONS[: count + 1])
    assert migrate(db) == [n + 1]
    assert "priority" in db["tickets"].columns_dict


def test_a_database_newer_than_the_code_is_refused(db):
    db.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 'x')")
    with pytest.raises(StorageError):
        migrate(db)


def test_immediate_takes_the_write_lock_up_front(file_db):
    db, path = file_db
    other = connect(path)
    other.execute("PRAGMA busy_timeout = 0")  # fail at once instead of waiting
    try:
        with immediate(db):
            # Nothing written yet, but the lock is held: another writer cannot start.
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.conn.execute("BEGIN IMMEDIATE")
        other.conn.execute("BEGIN IMMEDIATE")
        other.conn.execute("ROLLBACK")
    finally:
        other.close()


def test_immediate_rolls_back_on_error_and_nests(db):
    with pytest.raises(ZeroDivisionError):
        with immediate(db):
            spill(db)
            1 / 0
    assert db["tickets"].count == 0 and not db.conn.in_transaction
    with immediate(db):
        spill(db)
        with pytest.raises(KeyError):
            with immediate(db):  # a savepoint of the outer transaction
                spill(db)
                raise KeyError("inner only")
    assert db["tickets"].count == 1


# ---- two processes at once ----------------------------------------------------------------


def _file_fifty(path, worker, barrier, results):
    """Runs in a child process: its own connection, migrate, then 50 tickets as fast as it can."""
    try:
        barrier.wait(timeout=60)
        db = connect(path)
        migrate(db)
        barrier.wait(timeout=60)
        references = []
        for i in range(50):
            ticket = file_ticket(
                db,
                village="bayville",
                kind="spill",
                channel="sms",
                hazardous=False,
                fields={"worker": worker, "i": i},
                transcript=[{"from": "resident", "text": f"report {i} from {worker}"}],
                sender_key=f"{worker}-{i}",
            )
            references.append(ticket.reference)
        db.close()
        results.put((worker, references, None))
    except BaseException as error:  # report every failure, "database is locked" included
        results.put((worker, [], repr(error)))


def test_two_processes_file_100_tickets_at_once(tmp_path):
    path = str(tmp_path / "shared.db")  # a fresh file: both processes also race to migrate it
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    results = context.Queue()
    workers = [context.Process(target=_file_fifty, args=(path, name, barrier, results)) for name in ("a", "b")]
    for process in workers:
        process.start()
    outcomes = [results.get(timeout=120) for _ in workers]
    for process in workers:
        process.join(timeout=30)
        assert process.exitcode == 0

    assert [error for _, _, error in outcomes] == [None, None]
    references = [reference for _, refs, _ in outcomes for reference in refs]
    assert len(references) == 100 and len(set(references)) == 100

    db = connect(path)
    try:
        assert db["tickets"].count == 100
        assert applied_migrations(db) == ALL_VERSIONS
        stored = {row["reference"]: row for row in db["tickets"].rows}
        assert set(stored) == set(references)
        by_worker = Counter(get_ticket(db, r).fields["worker"] for r in references)
        assert by_worker == {"a": 50, "b": 50}
    finally:
        db.close()


def test_a_reference_written_as_one_word_needs_one_of_the_given_prefixes():
    assert find_reference("status of EXH7K3Q9P", prefixes={"EXH"}) == "EXH-7K3Q9P"
    assert find_reference("status of EXH7K3Q9P", prefixes={"BAY"}) is None
    assert find_reference("status of exh-7k3q9p", prefixes={"BAY"}) == "EXH-7K3Q9P"  # written apart: any prefix
