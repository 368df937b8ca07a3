"""The tracker store keeps conversations on disk, without names and phone numbers once a report ends."""
import asyncio
import json
import sqlite3

import pytest
from rasa.shared.core.domain import Domain
from rasa.shared.core.events import ActionExecuted, ActiveLoop, BotUttered, SlotSet, UserUttered
from rasa.shared.core.trackers import DialogueStateTracker

from ops.tracker_store import RedactingSQLTrackerStore
from stormwater.store.paths import REPO_ROOT

SENDER = "0123456789abcdef0123456789abcdef"


@pytest.fixture(scope="module")
def domain():
    return Domain.load(str(REPO_ROOT / "bot" / "domain.yml"))


@pytest.fixture
def secret_file(tmp_path):
    path = tmp_path / "secret_key"
    path.write_bytes(b"k" * 32)
    return path


@pytest.fixture
def store(tmp_path, domain, secret_file, monkeypatch):
    monkeypatch.delenv("HELPDESK_SECRET_KEY", raising=False)
    return RedactingSQLTrackerStore(
        domain=domain, dialect="sqlite", db=str(tmp_path / "trackers.db"), secret_file=str(secret_file)
    )


def raw_bytes(tmp_path):
    """Everything SQLite wrote: the database file and its write-ahead log."""
    return b"".join(p.read_bytes() for p in tmp_path.glob("trackers.db*"))


def turn(text, *events):
    return [ActionExecuted("action_listen"), UserUttered(text, {"name": "inform", "confidence": 1.0}), *events]


def half_finished_report():
    return [
        *turn("I spilled soapy water", ActionExecuted("action_start_report"), ActiveLoop("report_form"),
              SlotSet("requested_slot", "reporter_name")),
        *turn("Pat Lee", SlotSet("reporter_name", "Pat Lee"), SlotSet("requested_slot", "reporter_phone"),
              BotUttered("What number can staff call you on?")),
        *turn("no wait, call pat@example.org or 516-555-0199", SlotSet("reporter_phone", "(516) 555-0199"),
              BotUttered("I changed your phone number to (516) 555-0199.")),
    ]


def save(store, domain, events):
    tracker = DialogueStateTracker.from_events(SENDER, events, domain.slots)
    asyncio.run(store.save(tracker))
    return tracker


def test_a_half_finished_report_survives_a_new_store_with_its_contact_answers(store, domain, tmp_path, secret_file):
    save(store, domain, half_finished_report())
    reopened = RedactingSQLTrackerStore(
        domain=domain, dialect="sqlite", db=str(tmp_path / "trackers.db"), secret_file=str(secret_file)
    )
    tracker = asyncio.run(reopened.retrieve(SENDER))
    assert tracker.active_loop_name == "report_form"
    assert (tracker.get_slot("reporter_name"), tracker.get_slot("reporter_phone")) == ("Pat Lee", "(516) 555-0199")
    # What the resident typed never holds the number or the address, even mid-report.
    typed = [e.text for e in tracker.events if isinstance(e, UserUttered)]
    assert typed[1] == "Pat Lee" and "0199" not in typed[2] and "example.org" not in typed[2]


def test_once_the_report_is_filed_no_name_or_number_is_left_on_disk(store, domain, tmp_path):
    save(store, domain, half_finished_report())  # committed: the name is on disk for now
    assert b"Pat Lee" in raw_bytes(tmp_path)
    # Another process with the file open (a backup, the Rasa server's next request) keeps
    # SQLite from deleting the write-ahead log when the store's connection closes.
    other = sqlite3.connect(tmp_path / "trackers.db")
    other.execute("SELECT count(*) FROM events").fetchone()
    events = half_finished_report() + [
        ActiveLoop(None), ActionExecuted("action_file_report"),
        BotUttered("Thank you, Pat Lee. Your reference is BAY-7K3Q9P."),
        SlotSet("reporter_name", None), SlotSet("reporter_phone", None),
    ]
    save(store, domain, events)
    raw = raw_bytes(tmp_path)
    for secret in (b"Pat Lee", b"555-0199", b"5550199", b"555 0199", b"pat@example"):
        assert secret not in raw
    assert b"BAY-7K3Q9P" in raw  # the rest of the conversation is kept
    other.close()
    tracker = asyncio.run(store.retrieve(SENDER))
    assert tracker.get_slot("reporter_name") is None and tracker.active_loop_name is None
    assert [e.text for e in tracker.events if isinstance(e, UserUttered)][0] == "I spilled soapy water"


def test_the_file_uses_wal_and_full_synchronous_commits(store, domain, tmp_path):
    save(store, domain, turn("hello"))
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    check = sqlite3.connect(tmp_path / "trackers.db")
    try:
        assert check.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        check.close()


def test_the_environment_key_wins_over_the_key_file(tmp_path, domain, secret_file, monkeypatch):
    monkeypatch.setenv("HELPDESK_SECRET_KEY", "from-the-environment-0123456789")
    from_env = RedactingSQLTrackerStore(domain=domain, dialect="sqlite", db=str(tmp_path / "a.db"), secret_file=None)
    monkeypatch.delenv("HELPDESK_SECRET_KEY")
    from_file = RedactingSQLTrackerStore(domain=domain, dialect="sqlite", db=str(tmp_path / "b.db"), secret_file=str(secret_file))
    assert from_env.redactor.tag("phone", "5165550199") != from_file.redactor.tag("phone", "5165550199")
    with pytest.raises(RuntimeError):
        RedactingSQLTrackerStore(domain=domain, dialect="sqlite", db=str(tmp_path / "c.db"), secret_file=None)


def questions(count, start=0):
    """``count`` finished turns of discharge questions (each ends listening, as Rasa saves it)."""
    events = []
    for number in range(start, start + count):
        events += turn(
            f"question {number}", ActionExecuted("action_answer_discharge"), SlotSet("village", "bayville"),
            BotUttered(f"answer {number}"), ActionExecuted("action_listen"),
        )
    return events


def stored_rows(tmp_path):
    check = sqlite3.connect(tmp_path / "trackers.db")
    try:
        return check.execute("SELECT type_name, data FROM events ORDER BY id").fetchall()
    finally:
        check.close()


def test_a_long_conversation_is_read_back_bounded_with_its_slots_and_last_turns(tmp_path, domain, secret_file):
    store = RedactingSQLTrackerStore(domain=domain, dialect="sqlite", db=str(tmp_path / "trackers.db"),
                                     secret_file=str(secret_file), max_session_events=40, keep_turns=2)
    tracker = DialogueStateTracker.from_events(SENDER, questions(3), domain.slots)
    asyncio.run(store.save(tracker))
    for start in range(3, 60, 3):  # Rasa's way: read back, add a few turns, save
        tracker = asyncio.run(store.retrieve(SENDER))
        assert len(tracker.events) <= 40 + 3 * 6, f"{len(tracker.events)} events read back after {start} turns"
        for event in questions(3, start):
            tracker.update(event)
        asyncio.run(store.save(tracker))
    tracker = asyncio.run(store.retrieve(SENDER))
    typed = [e.text for e in tracker.events if isinstance(e, UserUttered)]
    assert typed[-2:] == ["question 58", "question 59"]
    assert tracker.get_slot("village") == "bayville"
    assert tracker.latest_action_name == "action_listen" and tracker.active_loop_name is None
    # Nothing was lost or written twice: every question is on disk once, outside the copies.
    rows = stored_rows(tmp_path)
    originals = [json.loads(d)["text"] for t, d in rows if t == "user"]
    assert sorted(set(originals), key=lambda t: int(t.split()[1])) == [f"question {n}" for n in range(60)]
    full = asyncio.run(store.retrieve_full_tracker(SENDER))
    assert len(full.events) == len(rows)


def test_a_session_is_not_closed_while_a_report_form_is_open(tmp_path, domain, secret_file):
    store = RedactingSQLTrackerStore(domain=domain, dialect="sqlite", db=str(tmp_path / "trackers.db"),
                                     secret_file=str(secret_file), max_session_events=10)
    save(store, domain, questions(4) + half_finished_report())
    tracker = asyncio.run(store.retrieve(SENDER))
    assert tracker.active_loop_name == "report_form"
    assert [e.text for e in tracker.events if isinstance(e, UserUttered)][0] == "question 0"
    assert tracker.get_slot("reporter_phone") == "(516) 555-0199"


def test_the_turns_carried_into_a_new_session_lose_the_contact_details_too(tmp_path, domain, secret_file):
    store = RedactingSQLTrackerStore(domain=domain, dialect="sqlite", db=str(tmp_path / "trackers.db"),
                                     secret_file=str(secret_file), max_session_events=10, keep_turns=3)
    filed = questions(3) + half_finished_report() + [
        ActiveLoop(None), ActionExecuted("action_file_report"), BotUttered("Thank you, Pat Lee."),
        ActionExecuted("action_listen"),
    ]
    save(store, domain, filed)
    raw = raw_bytes(tmp_path)
    for secret in (b"Pat Lee", b"555-0199", b"5550199"):
        assert secret not in raw
    tracker = asyncio.run(store.retrieve(SENDER))
    assert any(isinstance(e, UserUttered) and e.text.startswith("no wait") for e in tracker.events)
    assert tracker.get_slot("reporter_name").startswith("[name:")


def test_a_tracker_saved_again_or_read_back_and_saved_stores_each_event_once(store, domain, tmp_path):
    tracker = DialogueStateTracker.from_events(SENDER, questions(2), domain.slots)
    asyncio.run(store.save(tracker))
    for event in questions(1, 2):
        tracker.update(event)
    asyncio.run(store.save(tracker))  # the same object again: only the new turn is added
    asyncio.run(store.save(tracker))  # nothing new: nothing added
    again = asyncio.run(store.retrieve(SENDER))
    for event in questions(1, 3):
        again.update(event)
    asyncio.run(store.save(again))
    texts = [json.loads(d)["text"] for t, d in stored_rows(tmp_path) if t == "user"]
    assert texts == [f"question {n}" for n in range(4)]
    assert len(stored_rows(tmp_path)) == len(questions(4))
    # A tracker this store never saw (made by Rasa elsewhere) still gets Rasa's count.
    fresh = DialogueStateTracker.from_events(SENDER, questions(5), domain.slots)
    asyncio.run(store.save(fresh))
    assert [json.loads(d)["text"] for t, d in stored_rows(tmp_path) if t == "user"][-1] == "question 4"
    assert len(stored_rows(tmp_path)) == len(questions(5))


def test_reads_and_writes_run_off_the_event_loop_and_keep_every_event(store, domain):
    """Rasa's one event loop is free while SQLite works (and waits for the disk)."""
    import threading

    threads = []
    for name in ("_save_now", "_retrieve_now"):
        inner = getattr(store, name)

        def recorded(*args, _inner=inner, _name=name):
            threads.append((_name, threading.get_ident()))
            return _inner(*args)

        setattr(store, name, recorded)

    async def round_trip():
        loop_thread = threading.get_ident()
        tracker = DialogueStateTracker.from_events(SENDER, half_finished_report(), domain.slots)
        await store.save(tracker)
        again = await store.retrieve(SENDER)
        return loop_thread, tracker, again

    loop_thread, tracker, again = asyncio.run(round_trip())
    assert {name for name, _ in threads} == {"_save_now", "_retrieve_now"}
    assert all(ident != loop_thread for _, ident in threads)
    assert [e.as_dict()["event"] for e in again.events] == [e.as_dict()["event"] for e in tracker.events]
    assert again.get_slot("reporter_name") == "Pat Lee"


def statements(store):
    """The SQL statements ``store`` sends from now on (a list that grows)."""
    import sqlalchemy as sa

    sent = []
    sa.event.listen(store.engine, "before_cursor_execute", lambda conn, cursor, sql, *rest: sent.append(sql))
    return sent


def test_the_latest_session_is_read_back_as_rasas_own_query_reads_it(store, domain, tmp_path):
    from rasa.shared.core.events import SessionStarted

    other = "fedcba9876543210fedcba9876543210"
    for sender, events in (
        # no session start at all: every event
        (other, questions(2)),
        # two sessions: only the second, from its session start on
        (SENDER, [SessionStarted(), *questions(2), SessionStarted(), *questions(1, 5)]),
    ):
        for number, event in enumerate(events):
            event.timestamp = 1000.0 + number  # in order, so that a session start divides them
        asyncio.run(store.save(DialogueStateTracker.from_events(sender, events, domain.slots)))
    for sender in (SENDER, other, "nobody"):
        with store.session_scope() as session:
            rasas = [json.loads(row.data) for row in store._event_query(session, sender, fetch_events_from_all_sessions=False).all()]
        ours = asyncio.run(store.retrieve(sender))
        assert ([e.as_dict() for e in ours.events] if ours else []) == [
            e.as_dict() for e in DialogueStateTracker.from_dict(sender, rasas, domain.slots).events
        ]
    assert [e.text for e in asyncio.run(store.retrieve(SENDER)).events if isinstance(e, UserUttered)] == ["question 5"]


def test_a_new_conversation_is_saved_without_counting_and_an_unchanged_tracker_without_sql(store, domain):
    sent = statements(store)
    tracker = asyncio.run(store.get_or_create_tracker("new-sender", append_action_listen=False))
    assert not tracker.events
    assert [s for s in sent if "count" in s.lower()] == []
    assert not [s for s in sent if s.lstrip().upper().startswith("INSERT")]
    for event in questions(1):
        tracker.update(event)
    asyncio.run(store.save(tracker))
    inserts = [s for s in sent if s.lstrip().upper().startswith("INSERT")]
    assert len(inserts) == 1 and not [s for s in sent if "count" in s.lower()]
    before = len(sent)
    asyncio.run(store.save(tracker))  # nothing new
    assert sent[before:] == []
    assert [e.text for e in asyncio.run(store.retrieve("new-sender")).events if isinstance(e, UserUttered)] == ["question 0"]


def test_a_bot_message_echoing_a_number_in_e164_is_stored_without_it(store, domain, tmp_path):
    # Issue 29: "OK: we will text +12125550199" after the report was filed stayed in clear
    # (bot events were not scrubbed, and forgetting looked for the slot's "(212) 555-0199").
    events = [*turn("yes", BotUttered("OK: we will text +12125550199 once each time staff update BAY-7K3Q9P.")),
              *turn("call 212\u2013555\u20130199 or \uff12\uff11\uff12\uff15\uff15\uff15\uff10\uff11\uff19\uff19")]
    save(store, domain, events)
    stored = raw_bytes(tmp_path)
    for written in ("5550199", "555-0199", "555\u20130199", "\uff10\uff11\uff19\uff19"):
        assert written.encode("utf-8") not in stored and json.dumps(written).encode() not in stored, written
    # The office's published numbers stay readable in what the bot said.
    save(store, domain, [*events, *turn("who do I call?", BotUttered("Call the Village Clerk at (516) 555-0101."))])
    assert b"(516) 555-0101" in raw_bytes(tmp_path)


def test_a_number_typed_in_the_place_stays_for_the_form_and_is_forgotten_after(store, domain, tmp_path):
    # Issue 29: the place slot was scrubbed at once, so the ticket got "[phone:...]" and staff lost the number.
    events = [*turn("I spilled soapy water", ActionExecuted("action_start_report"), ActiveLoop("report_form"),
                    SlotSet("requested_slot", "location")),
              *turn("12 Main St, call 516-555-0199", SlotSet("location", "12 Main St, call 516-555-0199"))]
    save(store, domain, events)
    assert asyncio.run(store.retrieve(SENDER)).get_slot("location") == "12 Main St, call 516-555-0199"
    save(store, domain, [*events, ActiveLoop(None), SlotSet("requested_slot", None)])
    assert asyncio.run(store.retrieve(SENDER)).get_slot("location").startswith("12 Main St, call [phone:")
    assert b"555-0199" not in raw_bytes(tmp_path)
