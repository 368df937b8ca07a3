"""The inbox of texts that need a person."""
import json

import pytest

from stormwater.staff import audit, inbox
from stormwater.store.database import immediate

from .conftest import NOW


def text(db, sid, village, status="held", handled=0, media=()):
    with immediate(db):
        cursor = db.conn.execute(
            "INSERT INTO sms_messages (message_sid, from_number, to_number, body, num_media, media, village, received_at,"
            " status, handled) VALUES (?, '+15165550199', '+15165550100', ?, ?, ?, ?, ?, ?, ?)",
            [sid, f"body of {sid}", len(media), json.dumps(list(media)), village, NOW.isoformat(), status, handled],
        )
    return cursor.lastrowid


def test_who_sees_what(db, users):
    bay = text(db, "SM1", "bayville")
    text(db, "SM2", "poquott")
    unknown = text(db, "SM3", None, status="unknown_number")
    text(db, "SM4", "bayville", status="answered", handled=1)
    assert [m["id"] for m in inbox.waiting(db, users["bay"])] == [bay]
    assert len(inbox.waiting(db, users["admin"])) == 3
    assert inbox.count_waiting(db, users["pqt"]) == 1
    assert inbox.get_message(db, unknown, users["bay"]) is None
    assert inbox.get_message(db, unknown, users["admin"])["status"] == "unknown_number"


def test_mark_handled_is_audited_once(db, users):
    bay = text(db, "SM1", "bayville")
    assert inbox.mark_handled(db, bay, actor=users["bay"], now=NOW) is True
    assert inbox.mark_handled(db, bay, actor=users["bay2"], now=NOW) is False
    assert inbox.waiting(db, users["bay"]) == []
    [entry] = audit.entries(db, "sms_message", bay)
    assert (entry.actor, entry.after) == (users["bay"].email, {"handled": True})
    row = db.execute("SELECT handled_by, handled_at FROM sms_messages WHERE id = ?", [bay]).fetchone()
    assert row[0] == users["bay"].id and row[1].startswith("2026-11-30T15:00")


def test_other_villages_texts_cannot_be_handled(db, users):
    pqt = text(db, "SM2", "poquott")
    with pytest.raises(LookupError):
        inbox.mark_handled(db, pqt, actor=users["bay"])
    with pytest.raises(LookupError):
        inbox.mark_handled(db, 9999, actor=users["admin"])
    assert inbox.count_waiting(db, users["pqt"]) == 1


def test_media_list_is_cleaned(db, users):
    good = {"url": "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1", "content_type": "image/jpeg"}
    bay = text(db, "SM1", "bayville", media=[good, "junk", {"no_url": 1}])
    assert inbox.get_message(db, bay, users["bay"])["media"] == [good]
