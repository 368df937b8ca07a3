"""POST /api/chat/replies: a reply village staff shared reaches the browser that filed the
report, once, and no other (issue 32)."""
from stormwater.intake.inbound import sender_key
from stormwater.reports.ticket_store import file_ticket, record_note
from web.request_db import connect

from .conftest import SECRET

SENDER = "browser-0123456789"


def replies(client, sender=SENDER, village="bayville"):
    return client.post("/api/chat/replies", json={"sender": sender, "village": village})


def test_a_shared_note_reaches_the_filing_browser_once(app, client):
    db = connect(app.config["DATABASE"])
    key = sender_key(SECRET, "web", "bayville", SENDER)
    ticket = file_ticket(db, village="bayville", kind="spill", channel="web", hazardous=False, sender_key=key)
    assert replies(client).get_json() == {"messages": []}
    record_note(db, ticket.reference, author="dana@bayville.example", body="internal only")
    record_note(db, ticket.reference, author="dana@bayville.example", body="A crew cleaned the drain.", shared=True)
    assert replies(client, sender="another-browser-1234").get_json() == {"messages": []}
    assert replies(client, village="poquott").get_json() == {"messages": []}
    [message] = replies(client).get_json()["messages"]
    assert message["custom"] == {"type": "staff_reply", "reference": ticket.reference}
    assert message["text"] == f"Village staff replied about your report {ticket.reference}: A crew cleaned the drain."
    assert replies(client).get_json() == {"messages": []}


def test_a_bad_request_is_refused_plainly(client):
    assert client.post("/api/chat/replies", json={"sender": "x"}).status_code == 400
    assert client.post("/api/chat/replies", data="sender").status_code == 415
