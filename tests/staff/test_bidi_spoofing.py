"""Issue 16 item 3: bidi overrides in what a resident sent must not reorder what staff read.

A text whose body held U+202E showed "516-555-0199" in /staff/inbox for another number.
Stored text stays as it came; every staff page and export drops the reordering characters.
"""
import json

from stormwater.store.database import immediate

from .conftest import NOW, spill

RLO = "\u202e"
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
SPOOF = f"call me back {RLO}9910-555-615"


def add_text(db, body):
    with immediate(db):
        db.conn.execute(
            "INSERT INTO sms_messages (message_sid, from_number, to_number, body, num_media, media, village,"
            " received_at, status, handled) VALUES (?, '+15165550123', '+15165550100', ?, 0, ?, 'bayville', ?, 'held', 0)",
            ["SM" + "e" * 32, body, json.dumps([]), NOW.isoformat()],
        )


def test_no_staff_page_or_export_carries_a_bidi_override(signed_in, db):
    add_text(db, SPOOF + " " + BIDI)
    ticket = spill(db, reporter_name=f"Pat {RLO}eoD", location=f"12 Main St {RLO}drain",
                   transcript=[{"who": "resident", "text": SPOOF}])
    for path in ("/staff/inbox", "/staff/", f"/staff/tickets/{ticket.reference}", "/staff/export.csv"):
        response = signed_in.get(path)
        assert response.status_code == 200, path
        shown = response.get_data(as_text=True)
        assert not any(char in shown for char in BIDI), path
    inbox = signed_in.get("/staff/inbox").get_data(as_text=True)
    assert "call me back 9910-555-615" in inbox  # the digits as sent, in their real order
    stored = db.execute("SELECT body FROM sms_messages").fetchone()[0]
    assert stored.startswith(SPOOF)  # the record keeps what was sent


INVISIBLE = "\u200b\u2060\u3164\u115f\u1160\uffa0\u00ad\u180e\u034f\u2063"


def test_no_staff_page_or_export_carries_an_invisible_character(signed_in, db):
    # Issue 29: zero-width space, word joiner and Hangul filler reached the staff pages.
    add_text(db, "call 516\u200b555\u20600199 " + INVISIBLE)
    ticket = spill(db, reporter_name="Pat\u3164Doe", location="12 Main\u200bSt", transcript=[{"who": "resident", "text": "x\u2060y"}])
    for path in ("/staff/inbox", "/staff/", f"/staff/tickets/{ticket.reference}", "/staff/export.csv"):
        response = signed_in.get(path)
        assert response.status_code == 200, path
        shown = response.get_data(as_text=True)
        assert not any(char in shown for char in INVISIBLE), path
    assert "call 5165550199" in signed_in.get("/staff/inbox").get_data(as_text=True)
