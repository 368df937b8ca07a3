"""Issue 29, the retention sweep on the real services: a report filed by SMS and one by web
chat, their contacts corrected on the desk, closed; retention run at a later ``now``; then
every table of both databases (the help desk's and Rasa's) is searched for the names and
the numbers, in every writing: none is left.

Retention at a later ``now`` also empties the session's other conversations and texts, so
this module runs its whole story in one test and checks nothing of the other modules."""
import random
import re
import sqlite3
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from ops import retention
from stormwater.law.villages import get_village
from stormwater.reports.ticket_store import get_ticket
from stormwater.staff import accounts
from stormwater.staff.corrections import correct_field
from stormwater.staff.workflow import change_status
from stormwater.store.database import connect
from stormwater.store.redaction import ascii_lookalikes

from .test_reports_e2e import Resident, answer_form, texts
from .test_sms_e2e import BAYVILLE_NUMBER, REFERENCE, Texter
from tests.e2e.phones import new_phone

pytestmark = pytest.mark.services
DAYS = 730


def _number():
    """A fresh number, as digits: 10 of them, with a tail no other test of this run has (their
    tickets share this database, and this test looks for its numbers in all of it)."""
    return new_phone(f"+1{random.choice(('212', '631', '516'))}555")[2:]


def _name():
    """A name no other test uses: two made-up words."""
    word = lambda: random.choice("BDFGKLMNPRSTVZ") + "".join(random.choice("aeiou") + random.choice("dklmnrstvz") for _ in range(3))
    return f"{word()} {word()}"


EPOCH_SECONDS = re.compile(r"(?<![\d.])1\d{9}\.\d+(?![\d.])")


def leftovers(conn, names, numbers):
    """(table, column, text) of every cell of every table holding a name or a number."""
    found = []
    local = [re.compile(rf"(?<!\d){n[3:6]}\D{{0,3}}{n[6:]}(?!\d)") for n in numbers]
    for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
        cursor = conn.execute(f'SELECT * FROM "{table}"')
        columns = [d[0] for d in cursor.description]
        for row in cursor:
            for column, value in zip(columns, row):
                text = ascii_lookalikes(value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value))
                # A tracker's epoch timestamps (1796571106.5555868) are no one's number, but their
                # digits once held a line number's (555-5868) and failed a clean run.
                text = EPOCH_SECONDS.sub(" ", text)
                digits = re.sub(r"[^0-9]", "", text)
                folded = " ".join(re.sub(r"[^\w]", " ", text).split()).casefold()
                if (any(n in digits for n in numbers) or any(p.search(text) for p in local)
                        or any(part.casefold() in folded for name in names for part in name.split())):
                    found.append((table, column, text[:160]))
    return found


def test_retention_leaves_no_name_or_number_in_either_database(base_url, helpdesk):
    token = uuid.uuid4().hex[:6]
    sms_name, web_name, sms_renamed, web_renamed = (_name() for _ in range(4))
    sms_from, web_typed, sms_fixed, web_fixed = (_number() for _ in range(4))

    # By SMS, a Bayville spill, and yes to update texts (to the sending number).
    phone = Texter(base_url, BAYVILLE_NUMBER, f"+1{sms_from}")
    phone.texts("I spilled a bucket of soapy water and it went into the storm drain")
    phone.texts("12 Main St")
    phone.texts("11/27/2026")
    phone.texts("2")
    phone.texts(sms_name)
    assert sms_name in phone.texts(f"{sms_from[:3]}-{sms_from[3:6]}-{sms_from[6:]}")
    filed = phone.texts("1")
    sms_reference = REFERENCE.search(filed).group(0)
    assert f"+1{sms_from}" in phone.texts("1")

    # By web chat, the same; the typed number confirms by text.
    resident = Resident(base_url, "bayville")
    first = resident.says("I spilled a bucket of soapy water and it went into the storm drain")
    typed = f"{web_typed[:3]}.{web_typed[3:6]}.{web_typed[6:]}"
    replies, _, ticket = answer_form(resident, first, {
        "location": "12 Main St", "discovered": "11/27/2026", "commercial": "no", "reporter_name": web_name,
        "reporter_phone": typed, "confirm": "yes"})
    web_reference = ticket["reference"]
    assert "we sent one text to" in texts(resident.says("yes"))
    assert web_reference in Texter(base_url, BAYVILLE_NUMBER, f"+1{web_typed}").texts("YES")
    resident.says(f"what's the status of {web_reference}?")

    database = helpdesk.settings.instance / "helpdesk.db"
    trackers = helpdesk.settings.trackers
    names, numbers = (sms_name, web_name, sms_renamed, web_renamed), (sms_from, web_typed, sms_fixed, web_fixed)
    db = connect(database)
    try:
        staff = accounts.create_user(db, email=f"clerk{token}@bayville.example", password="correct horse battery staple",
                                     name="Clerk", village="bayville", admin=False, known_villages=("bayville", "poquott"))
        village = get_village("bayville")
        for reference, fixed, renamed in ((sms_reference, sms_fixed, sms_renamed), (web_reference, web_fixed, web_renamed)):
            correct_field(db, reference, "reporter_phone", f"({fixed[:3]}) {fixed[3:6]}-{fixed[6:]}", actor=staff, village=village)
            correct_field(db, reference, "reporter_name", renamed, actor=staff, village=village)
            change_status(db, reference, "closed", actor=staff, reason="cleaned up")
        # Before retention every one of them is there to be found (the sweep is not blind).
        before = {t for t, _, _ in leftovers(db.conn, names, numbers)}
        assert {"tickets", "sms_messages", "audit_values", "reporter_updates", "alert_outbox"} <= before, before
    finally:
        db.close()
    assert leftovers(sqlite3.connect(trackers), names, (sms_from,)) == []  # tags only, from the start

    later = datetime.now(timezone.utc) + timedelta(days=DAYS + 2)
    print(retention.run(database, trackers, DAYS, now=later))

    for path in (database, trackers):
        conn = sqlite3.connect(path)
        try:
            assert leftovers(conn, names, numbers) == [], path
        finally:
            conn.close()
    # The records the village needs stay: the tickets, their events in the audit log.
    db = connect(database)
    try:
        for reference in (sms_reference, web_reference):
            kept = get_ticket(db, reference)
            assert (kept.status, kept.location, kept.reporter_name, kept.reporter_phone) == ("closed", "12 Main St", None, None)
            actions = [r[0] for r in db.conn.execute("SELECT action FROM audit_log WHERE entity_key = ? ORDER BY id",
                                                     [reference])]
            assert actions == ["correct", "correct", "status", "personal_data_removed"], actions
    finally:
        db.close()
