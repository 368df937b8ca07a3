"""POST /api/chat/history: the conversation shown again after a reload, read from the server."""
from datetime import datetime, timedelta, timezone

from web.request_db import connect
from stormwater.store.message_log import HISTORY_WINDOW, recent_transcript

SENDER = "browser-0123456789"


def say(client, message, sender=SENDER, village="bayville"):
    return client.post("/api/chat", json={"sender": sender, "message": message, "village": village})


def history(client, sender=SENDER, village="bayville"):
    return client.post("/api/chat/history", json={"sender": sender, "village": village})


def test_history_is_the_conversation_in_order_with_the_bots_extras(client, fake_rasa):
    def handler(body):
        if body["message"] == "yes":
            return 200, [{"text": "Filed."}, {"custom": {"type": "ticket_filed", "reference": "BAY-7K3Q9P"}}]
        return 200, [{"text": "Did it reach a drain?", "buttons": [{"title": "Yes, it did", "payload": "yes"}]}]

    fake_rasa.handler = handler
    assert say(client, "I spilled <b>paint</b>").status_code == 200
    assert say(client, "yes").status_code == 200
    res = history(client)
    assert res.status_code == 200 and res.headers["Cache-Control"] == "no-store"
    assert res.get_json()["messages"] == [
        {"who": "user", "text": "I spilled <b>paint</b>"},
        {"who": "bot", "text": "Did it reach a drain?", "buttons": [{"title": "Yes, it did", "payload": "yes"}]},
        {"who": "user", "text": "Yes, it did"},  # the button the resident clicked, as shown
        {"who": "bot", "text": "Filed.", "custom": {"type": "ticket_filed", "reference": "BAY-7K3Q9P"}},
    ]


def test_history_belongs_to_one_browser_and_one_village(client):
    say(client, "hello")
    assert history(client, sender="another-browser-1234").get_json()["messages"] == []
    assert history(client, village="poquott").get_json()["messages"] == []
    assert len(history(client).get_json()["messages"]) == 2


def test_a_message_sent_again_with_retry_shows_once(make_app, down_url):
    down = make_app(RASA_URL=down_url).test_client()
    assert say(down, "can I drain my pool?").status_code == 503
    up = make_app().test_client()  # the same database, Rasa back
    assert say(up, "can I drain my pool?").status_code == 200
    assert history(up).get_json()["messages"] == [
        {"who": "user", "text": "can I drain my pool?"},
        {"who": "bot", "text": "echo: can I drain my pool?"},
    ]


def test_a_retried_message_no_longer_waits_for_staff_once_delivered(make_app, down_url, rows):
    down = make_app(RASA_URL=down_url).test_client()
    say(down, "my neighbour dumps oil")
    say(down, "12 Main St", sender="someone-else-12345")
    up = make_app().test_client()
    say(up, "something else")
    assert [(r["text"], r["delivered"]) for r in rows() if r["direction"] == "in"] == [
        ("my neighbour dumps oil", 0), ("12 Main St", 0), ("something else", 1),
    ]
    say(up, "my neighbour dumps oil")  # Retry
    inbound = [(r["text"], r["sender_key"][:8], r["delivered"]) for r in rows() if r["direction"] == "in"]
    assert [(text, delivered) for text, _, delivered in inbound] == [
        ("my neighbour dumps oil", 1), ("12 Main St", 0), ("something else", 1), ("my neighbour dumps oil", 1),
    ]  # another conversation's unanswered message still waits


def test_history_keeps_only_the_recent_window(app, client):
    say(client, "first")
    db = connect(app.config["DATABASE"])
    try:
        key = db.execute("select sender_key from chat_messages limit 1").fetchone()[0]
        later = datetime.now(timezone.utc) + HISTORY_WINDOW + timedelta(minutes=1)
        assert recent_transcript(db, key, now=later) == []
        assert [m["text"] for m in recent_transcript(db, key)] == ["first", "echo: first"]
        assert [m["text"] for m in recent_transcript(db, key, limit=1)] == ["echo: first"]
    finally:
        db.close()


def test_history_requests_are_checked_like_messages(client):
    assert client.post("/api/chat/history", json={"sender": "x", "village": "bayville"}).get_json()["error"]["code"] == "invalid_sender"
    assert history(client, village="atlantis").status_code == 404
    assert client.post("/api/chat/history", data="{", content_type="application/json").status_code == 400
    assert client.post("/api/chat/history", data="sender=abc").status_code == 415
    assert client.get("/api/chat/history").status_code == 405
