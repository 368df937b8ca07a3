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

The file gets the same SQLite settings as the help desk's database: WAL, ``synchronous=FULL``
and a busy timeout, plus ``secure_delete`` and a checkpoint after contact details are
forgotten, so that the old text does not linger in free pages or in the write-ahead log.
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any, Dict, Iterable, Optional, Text

import sqlalchemy as sa
from rasa.core.tracker_store import SQLTrackerStore
from rasa.shared.core.trackers import DialogueStateTracker

from stormwater.store.redaction import Redactor
from stormwater.store.database import BUSY_TIMEOUT_MS

logger = logging.getLogger(__name__)


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
    from_env = (os.environ.get("HELPDESK_SECRET_KEY") or "").strip()
    if from_env:
        return from_env.encode("utf-8")
    if not secret_file:
        raise RuntimeError("RedactingSQLTrackerStore needs secret_file or HELPDESK_SECRET_KEY")
    key = Path(secret_file).read_bytes()
    if len(key) < 16:
        raise RuntimeError(f"{secret_file} holds too short a key")
    return key


class RedactingSQLTrackerStore(SQLTrackerStore):
    """:class:`SQLTrackerStore` that keeps names, phone numbers and e-mail addresses out.

    :param secret_file: the file holding the instance's secret key (``HELPDESK_SECRET_KEY``
        wins when set)
    :param kwargs: as for :class:`SQLTrackerStore` (``dialect``, ``db``, ...)
    """

    def __init__(self, domain=None, secret_file: Optional[Text] = None, **kwargs: Any) -> None:
        self.redactor = Redactor(load_secret(secret_file))
        super().__init__(domain=domain, **kwargs)
        if self.engine.dialect.name == "sqlite":
            # Connections opened while the tables were created lack the pragmas: drop them.
            self.engine.dispose()
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)

    async def save(self, tracker: DialogueStateTracker) -> None:
        """Store the tracker's new events, scrubbed; forget contact answers once no form is open."""
        await self.stream_events(tracker)
        with self.session_scope() as session:
            for event in self._additional_events(session, tracker):
                data = self.redactor.scrub_event(event.as_dict())
                session.add(
                    self.SQLEvent(
                        sender_id=tracker.sender_id,
                        type_name=event.type_name,
                        timestamp=data.get("timestamp"),
                        intent_name=(data.get("parse_data") or {}).get("intent", {}).get("name"),
                        action_name=data.get("name"),
                        data=json.dumps(data),
                    )
                )
            session.flush()
            forgotten = False
            if not tracker.active_loop_name:
                values = self.redactor.contact_values(e.as_dict() for e in tracker.events)
                if values:
                    self._forget(session, tracker.sender_id, values)
                    forgotten = True
            session.commit()
            if forgotten and self.engine.dialect.name == "sqlite":
                # The write-ahead log still holds the pages as they were before: copy them
                # into the database and empty the log. Best effort: a reader still using
                # the old pages makes SQLite skip it now, and the next report retries.
                session.execute(sa.text("PRAGMA wal_checkpoint(TRUNCATE)"))

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
