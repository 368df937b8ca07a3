"""Rasa's tracker store for the help desk: SQLite on disk, without residents' contact details.

``ops.launcher`` writes it into the generated ``endpoints.yml``::

    tracker_store:
      type: ops.tracker_store.RedactingSQLTrackerStore
      dialect: sqlite
      db: /abs/path/instance/trackers.db
      secret_file: /abs/path/instance/secret_key

so a restart of the Rasa server keeps every conversation, and a half-finished report
continues where it stopped. Before events are written, phone numbers and e-mail addresses in
what residents typed become keyed hashes (``stormwater.store.redaction``). The report form's
name and phone answers stay in clear while the form is open, because filing the ticket needs
them, even after a restart; once no form is active (the report was filed or cancelled) every
stored event of that conversation is rewritten without them.

A message's cost does not grow with the length of its conversation. Rasa reads back, replays
and sends to the action server every event of the current session on every message, and a
session only ends after an hour of silence: a resident who keeps texting (or a script) would
make each message slower than the last. So, once a session holds more than
``max_session_events`` events and no form is open, ``save`` closes it the way Rasa's own
session start does: a ``session_started`` event, the slots carried over, and a copy of the
last ``keep_turns`` turns (what follow-ups such as "how do I get rid of it then?" and the
clarifying questions look back at). Nothing is deleted: the earlier sessions stay on disk
for retention to expire, and ``retrieve_full_tracker`` still returns them. The contact
details are looked for in the contact slots' events only, not in every event.

The file gets the same SQLite settings as the help desk's database: WAL, ``synchronous=FULL``
and a busy timeout, plus ``secure_delete`` and a checkpoint after contact details are
forgotten, so that the old text does not linger in free pages or in the write-ahead log.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
from pathlib import Path
from typing import Any, Dict, Iterable, Optional, Text

import sqlalchemy as sa
from rasa.core.tracker_store import SQLTrackerStore
from rasa.shared.core.constants import ACTION_LISTEN_NAME
from rasa.shared.core.events import ActionExecuted, SessionStarted, SlotSet, UserUttered
from rasa.shared.core.trackers import DialogueStateTracker

from stormwater.store.clock import unix_time
from stormwater.store.paths import data_dir
from stormwater.store.settings import environment
from stormwater.store.redaction import CLEAR_WHILE_OPEN, Redactor, public_numbers
from stormwater.store.database import BUSY_TIMEOUT_MS

logger = logging.getLogger(__name__)

# About ten messages of this bot: enough context for every look-back of the actions, and
# small enough that reading a tracker back stays a few milliseconds.
MAX_SESSION_EVENTS = 150
KEEP_TURNS = 2
# The attribute of a tracker that says how many of its events the store holds.
_STORED = "_helpdesk_stored_events"


def _sqlite_pragmas(dbapi_connection, connection_record) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        # Overwrite forgotten contact details with zeros instead of leaving them in free pages.
        cursor.execute("PRAGMA secure_delete = ON")
    finally:
        cursor.close()


def load_secret(secret_file: Optional[Text]) -> bytes:
    """``HELPDESK_SECRET_KEY`` if set, else the bytes of ``secret_file`` (the web app's key file)."""
    from_env = (environment().get("HELPDESK_SECRET_KEY") or "").strip()
    if from_env:
        return from_env.encode("utf-8")
    if not secret_file:
        raise RuntimeError("RedactingSQLTrackerStore needs secret_file or HELPDESK_SECRET_KEY")
    key = Path(secret_file).read_bytes()
    if len(key) < 16:
        raise RuntimeError(f"{secret_file} holds too short a key")
    return key


def _published_texts(domain) -> list:
    """The texts that publish the offices' numbers: the village files, the help desk's wording
    and the bot's responses. Bot messages may quote these numbers; every other number in a
    bot message is a resident's and is hidden."""
    folder = data_dir()
    texts = [path.read_text(encoding="utf-8") for path in sorted((folder / "villages").glob("*.yml"))]
    if (folder / "messages.yml").exists():
        texts.append((folder / "messages.yml").read_text(encoding="utf-8"))
    if domain is not None:
        texts.append(json.dumps(getattr(domain, "responses", {}) or {}, ensure_ascii=False))
    return texts


class RedactingSQLTrackerStore(SQLTrackerStore):
    """:class:`SQLTrackerStore` that keeps names, phone numbers and e-mail addresses out.

    :param secret_file: the file holding the instance's secret key (``HELPDESK_SECRET_KEY``
        wins when set)
    :param max_session_events: a session longer than this is closed (see the module
        docstring) once no form is open; 0 never closes one
    :param keep_turns: how many of the latest turns the next session starts with
    :param kwargs: as for :class:`SQLTrackerStore` (``dialect``, ``db``, ...)
    """

    def __init__(
        self,
        domain=None,
        secret_file: Optional[Text] = None,
        max_session_events: int = MAX_SESSION_EVENTS,
        keep_turns: int = KEEP_TURNS,
        **kwargs: Any,
    ) -> None:
        self.redactor = Redactor(load_secret(secret_file), public=public_numbers(_published_texts(domain)))
        self.max_session_events = int(max_session_events)
        self.keep_turns = max(1, int(keep_turns))
        super().__init__(domain=domain, **kwargs)
        if self.engine.dialect.name == "sqlite":
            # SQLAlchemy gives a SQLite file no pool: every read and every save opened a
            # connection, set it up and closed it, and closing the last connection to a WAL
            # file checkpoints it (an fsync of the database) twice a message. A small pool
            # keeps them open; the connections made while the tables were created are dropped.
            self.engine.dispose()
            self.engine = sa.create_engine(
                self.engine.url, poolclass=sa.pool.QueuePool, pool_size=2, max_overflow=4,
                connect_args={"check_same_thread": False},
            )
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            self.sessionmaker = sa.orm.session.sessionmaker(bind=self.engine)
        self._add_indexes()
        # Rasa's ``_event_query`` for the latest session (the events since the sender's last
        # ``session_started``, or all of them if there is none), as plain SQL made once.
        table = self.SQLEvent.__tablename__
        since = (
            f"FROM {table} WHERE sender_id = :sender AND (timestamp >= (SELECT max(timestamp) FROM {table} "
            "WHERE sender_id = :sender AND type_name = :start) OR NOT EXISTS (SELECT 1 FROM "
            f"{table} WHERE sender_id = :sender AND type_name = :start))"
        )
        self._session_sql = sa.text(f"SELECT data {since} ORDER BY id")
        self._count_sql = sa.text(f"SELECT count(*) {since}")

    def _add_indexes(self) -> None:
        """Indexes for Rasa's two queries per message (the latest session start of a sender,
        and the sender's events since then), which otherwise read every row of the sender."""
        for name, columns in (("ix_events_sender_type_time", "sender_id, type_name, timestamp"),
                              ("ix_events_sender_time", "sender_id, timestamp")):
            try:
                with self.engine.begin() as connection:
                    connection.execute(sa.text(f"CREATE INDEX IF NOT EXISTS {name} ON events ({columns})"))
            except sa.exc.SQLAlchemyError as error:
                # Replicas starting together race to create it; one of them does.
                logger.warning("Index %s not created here: %s", name, error)

    async def save(self, tracker: DialogueStateTracker) -> None:
        """Store the tracker's new events, scrubbed; forget contact answers once no form is open.

        The database work runs in a worker thread: its commit waits for the disk (``fsync``),
        and on Rasa's one event loop that wait would hold up every other conversation. Rasa's
        lock store keeps this conversation's next message waiting until the save is done.
        """
        await self.stream_events(tracker)
        await asyncio.to_thread(self._save_now, tracker)

    def _save_now(self, tracker: DialogueStateTracker) -> None:
        if getattr(tracker, _STORED, None) == len(tracker.events):
            # Nothing new since this tracker was read or saved (a new conversation's empty
            # tracker, for one): the save that stored these events did the rest too.
            return
        with self.session_scope() as session:
            rows = [
                self._row(tracker.sender_id, self.redactor.scrub_event(event.as_dict()))
                for event in self._new_events(session, tracker)
            ]
            forgotten = False
            values: set = set()
            if not tracker.active_loop_name:
                values = self.redactor.contact_values(
                    e.as_dict() for e in tracker.events if isinstance(e, SlotSet) and e.key in CLEAR_WHILE_OPEN
                )
                if values:
                    # The new events too: they are written below, after the stored ones are rewritten.
                    rows = [dict(row, data=json.dumps(self.redactor.forget_values(json.loads(row["data"]), values)))
                            for row in rows]
                    self._forget(session, tracker.sender_id, values)
                    forgotten = True
            opened = []
            if not tracker.active_loop_name and self._too_long(tracker):
                opened = [
                    self._row(tracker.sender_id, self.redactor.forget_values(self.redactor.scrub_event(data), values))
                    for data in self._next_session(tracker)
                ]
            if rows or opened:
                # One multi-row INSERT instead of the ORM's unit of work, one object per event.
                session.execute(self.SQLEvent.__table__.insert(), rows + opened)
            session.commit()
            # Every event of this tracker is stored now: saving it again needs no count.
            setattr(tracker, _STORED, len(tracker.events))
            if forgotten and self.engine.dialect.name == "sqlite":
                # The write-ahead log still holds the pages as they were before: copy them
                # into the database and empty the log. Best effort: a reader still using
                # the old pages makes SQLite skip it now, and the next report retries.
                session.execute(sa.text("PRAGMA wal_checkpoint(TRUNCATE)"))

    @staticmethod
    def _row(sender_id: Text, data: Dict[str, Any]) -> Dict[str, Any]:
        """The ``events`` row of one event (already scrubbed)."""
        return {
            "sender_id": sender_id,
            "type_name": data.get("event"),
            "timestamp": data.get("timestamp"),
            "intent_name": (data.get("parse_data") or {}).get("intent", {}).get("name"),
            "action_name": data.get("name"),
            "data": json.dumps(data),
        }

    def _new_events(self, session, tracker: DialogueStateTracker) -> list:
        """The tracker's events the store does not hold yet.

        A tracker this store read back (or saved) knows how many of its events are stored;
        only one made elsewhere needs Rasa's count of the stored events. Rasa's lock store
        keeps any other process from adding events to the conversation in between.
        """
        stored = getattr(tracker, _STORED, None)
        if stored is None:
            stored = session.execute(self._count_sql, {"sender": tracker.sender_id, "start": SessionStarted.type_name}).scalar()
        return list(itertools.islice(tracker.events, stored, None))

    async def create_tracker(self, sender_id: Text, append_action_listen: bool = True) -> DialogueStateTracker:
        """A new conversation's tracker, as Rasa makes it, marked as having no stored event.

        Rasa calls this only when ``retrieve`` found no event of ``sender_id``; so the save
        that follows needs no query counting the stored events, which every new
        conversation's first save used to run.
        """
        tracker = self.init_tracker(sender_id)
        setattr(tracker, _STORED, 0)
        if append_action_listen:
            tracker.update(ActionExecuted(ACTION_LISTEN_NAME))
        await self.save(tracker)
        return tracker

    async def retrieve(self, sender_id: Text) -> Optional[DialogueStateTracker]:
        """The latest session of ``sender_id``, as Rasa reads it, marked with how many events are stored."""
        tracker = await asyncio.to_thread(self._retrieve_now, sender_id)
        if tracker is not None:
            setattr(tracker, _STORED, len(tracker.events))
        return tracker

    def _retrieve_now(self, sender_id: Text) -> Optional[DialogueStateTracker]:
        """Rasa's ``SQLTrackerStore._retrieve`` for the latest session, as a plain function
        (it has nothing to await), so that it can run in a worker thread.

        The rows are those of Rasa's ``_event_query``, in the same order, read by one SQL
        statement made once: building and compiling Rasa's ORM query for every message was
        most of the time a read took.
        """
        with self.session_scope() as session:
            rows = session.execute(self._session_sql, {"sender": sender_id, "start": SessionStarted.type_name})
            events = [json.loads(data) for (data,) in rows]
        if self.domain and events:
            return DialogueStateTracker.from_dict(sender_id, events, self.domain.slots)
        return None

    def _too_long(self, tracker: DialogueStateTracker) -> bool:
        """Whether the session should be closed now: long, and the turn finished."""
        return (
            self.max_session_events > 0
            and len(tracker.events) > self.max_session_events
            and tracker.latest_action_name == ACTION_LISTEN_NAME
        )

    def _next_session(self, tracker: DialogueStateTracker) -> list:
        """The events that open the next session: as Rasa's session start, plus the last turns.

        Every one is stamped now (Rasa reads a session back from its latest
        ``session_started`` on, by timestamp), so the copies of the last turns also keep
        the hour of silence after which Rasa itself starts a session.
        """
        events = list(tracker.events)
        now = max([unix_time(), *(e.timestamp + 0.001 for e in events[-1:])])
        starts = [i for i, e in enumerate(events) if isinstance(e, UserUttered)]
        # A turn begins at the action_listen before the resident's message.
        first = max(starts[-min(self.keep_turns, len(starts))] - 1, 0) if starts else len(events)
        opening = [SessionStarted(timestamp=now)]
        opening += [
            SlotSet(slot.name, slot.value, timestamp=now)
            for slot in tracker.slots.values()
            if slot.value != slot.initial_value
        ]
        if not (first < len(events) and isinstance(events[first], ActionExecuted)
                and events[first].action_name == ACTION_LISTEN_NAME):
            opening.append(ActionExecuted(ACTION_LISTEN_NAME, timestamp=now))
        copied = []
        for event in [*opening, *events[first:]]:
            data = event.as_dict()
            data["timestamp"] = now
            copied.append(data)
        return copied

    def _forget(self, session, sender_id: Text, values: Iterable[str]) -> None:
        """Rewrite every stored event of ``sender_id`` (all sessions) without ``values``."""
        rows = session.query(self.SQLEvent).filter(self.SQLEvent.sender_id == sender_id).all()
        changed = 0
        for row in rows:
            data: Dict[str, Any] = json.loads(row.data)
            cleaned = self.redactor.forget_values(data, values)
            if cleaned != data:
                row.data = json.dumps(cleaned)
                changed += 1
        logger.debug("Removed contact details from %d stored events", changed)
