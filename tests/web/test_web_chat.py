"""POST /api/chat: validation, cleaning, sender hashing, passthrough and storage."""
import json
import sqlite3
import unicodedata

import pytest

from stormwater.intake.inbound import sender_key

BROWSER = "browser_ABC-123456"


def post(client, body, **kwargs):
    return client.post("/api/chat", json=body, **kwargs)


def test_message_reaches_rasa_and_reply_comes_back(client, fake_rasa, rows):
    res = post(client, {"sender": BROWSER, "message": "Can I drain my pool?", "village": "bayville"})
    assert res.status_code == 200
    assert res.get_json() == {"messages": [{"text": "echo: Can I drain my pool?"}]}
    sent = fake_rasa.last
    assert sent["message"] == "Can I drain my pool?"
    assert sent["metadata"] == {"village": "bayville", "channel": "web"}
    stored = rows()
    assert [(r["direction"], r["text"], r["delivered"]) for r in stored] == [
        ("in", "Can I drain my pool?", 1),
        ("out", "echo: Can I drain my pool?", 1),
    ]
    assert all(r["channel"] == "web" and r["village"] == "bayville" for r in stored)
    assert all(r["sender_key"] == sent["sender"] for r in stored)
    assert stored[0]["created_at"].endswith("+00:00") and stored[0]["custom"] is None


def test_inbound_is_stored_before_rasa_is_called(client, fake_rasa, app):
    seen = {}

    def check_db(body):
        conn = sqlite3.connect(app.config["DATABASE"])
        seen["rows"] = conn.execute("SELECT direction, text, delivered FROM chat_messages").fetchall()
        conn.close()
        return 200, [{"text": "Call 911 now."}]

    fake_rasa.handler = check_db
    res = post(client, {"sender": BROWSER, "message": "spill on Main St", "village": "poquott"})
    assert res.status_code == 200 and res.get_json() == {"messages": [{"text": "Call 911 now."}]}
    assert seen["rows"] == [("in", "spill on Main St", 0)]


def test_silence_from_rasa_is_treated_as_unavailable(client, fake_rasa, rows):
    # Rasa answers [] when a custom action fails (action server down): the resident still
    # gets emergency guidance, and the message stays undelivered for staff.
    fake_rasa.handler = lambda body: (200, [])
    res = post(client, {"sender": BROWSER, "message": "oil in the drain", "village": "poquott"})
    assert res.status_code == 503 and "call 911" in res.get_json()["messages"][0]["text"]
    assert [(r["direction"], r["delivered"]) for r in rows()] == [("in", 0)]


def test_reply_passthrough_keeps_only_known_keys(client, fake_rasa, rows):
    reply = {
        "recipient_id": "x",
        "text": "Which village?",
        "buttons": [{"title": "Bayville", "payload": "Bayville", "extra": 1}, {"title": 3}],
        "custom": {"kind": "ticket", "number": "BAY-0001"},
        "image": "/static/x.png",
        "attachment": {"url": "http://evil"},
        "html": "<b>x</b>",
    }
    fake_rasa.handler = lambda body: (200, [reply, {"recipient_id": "x"}, "junk", {"text": 5}])
    res = post(client, {"sender": BROWSER, "message": "hello"})
    expected = {
        "text": "Which village?",
        "buttons": [{"title": "Bayville", "payload": "Bayville"}],
        "custom": {"kind": "ticket", "number": "BAY-0001"},
        "image": "/static/x.png",
    }
    assert res.status_code == 200
    assert res.get_json() == {"messages": [expected]}
    out = [r for r in rows() if r["direction"] == "out"]
    assert len(out) == 1 and out[0]["text"] == "Which village?" and out[0]["delivered"] == 1
    assert json.loads(out[0]["custom"]) == {k: expected[k] for k in ("buttons", "custom", "image")}


def test_custom_part_joins_the_text_it_follows(client, fake_rasa):
    # Rasa's REST channel splits one response into a text part and a custom part.
    payload = {"type": "discharge_answer", "verdict": "prohibited"}
    fake_rasa.handler = lambda body: (
        200,
        [{"text": "Not allowed."}, {"custom": payload}, {"text": "Note."}, {"custom": {"a": 1}}, {"custom": {"b": 2}}],
    )
    res = post(client, {"sender": BROWSER, "message": "pool", "village": "poquott"})
    assert res.get_json()["messages"] == [
        {"text": "Not allowed.", "custom": payload},
        {"text": "Note.", "custom": {"a": 1}},
        {"custom": {"b": 2}},
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Can my pool 🏊\u200d♀\ufe0f water go in the drain? 😀",
        "雨水口にプールの水を流してもいいですか",
        "¿Puedo vaciar la piscina? مرحبا Привет नमस्ते",
        "cafe\u0301 e\u0301",  # decomposed accents arrive composed (NFC)
    ],
)
def test_unicode_reaches_rasa_intact(client, fake_rasa, rows, text):
    res = post(client, {"sender": BROWSER, "message": text, "village": "bayville"})
    expected = unicodedata.normalize("NFC", text)
    assert res.status_code == 200
    assert fake_rasa.last["message"] == expected
    assert res.get_json()["messages"][-1]["text"] == "echo: " + expected  # after a Spanish line, for Spanish
    assert rows()[0]["text"] == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ('/greet{"x":1}', 'greet{"x":1}'),
        ("  //restart", "restart"),
        ("/ /session_start", "session_start"),
        ("\n/affirm", "affirm"),
        ("half/half is ok", "half/half is ok"),
    ],
)
def test_leading_slash_never_reaches_rasa(client, fake_rasa, rows, text, expected):
    res = post(client, {"sender": BROWSER, "message": text})
    assert res.status_code == 200
    assert fake_rasa.last["message"] == expected
    assert rows()[0]["text"] == expected


def test_whitespace_is_collapsed(client, fake_rasa):
    post(client, {"sender": BROWSER, "message": "  pool\n\n\twater\x00  "})
    assert fake_rasa.last["message"] == "pool water"


def test_missing_village_is_forwarded_without_one(app, client, fake_rasa, rows):
    for body in ({"sender": BROWSER, "message": "hi"}, {"sender": BROWSER, "message": "hi", "village": None}):
        res = post(client, body)
        assert res.status_code == 200
        assert fake_rasa.last["metadata"] == {"village": None, "channel": "web"}
        assert fake_rasa.last["sender"] == sender_key(app.config["SECRET_KEY"], "web", "", BROWSER)
    assert {r["village"] for r in rows()} == {None}


def test_village_alias_and_case_map_to_slug(client, fake_rasa):
    res = post(client, {"sender": BROWSER, "message": "hi", "village": "Bayville"})
    assert res.status_code == 200
    assert fake_rasa.last["metadata"]["village"] == "bayville"


def test_sender_is_hashed_per_village(app, client, fake_rasa, rows):
    for village in ("bayville", "poquott", "bayville"):
        assert post(client, {"sender": BROWSER, "message": "hi", "village": village}).status_code == 200
    ids = [r["json"]["sender"] for r in fake_rasa.received]
    assert ids[0] == ids[2] != ids[1]
    assert ids[0] == sender_key(app.config["SECRET_KEY"], "web", "bayville", BROWSER)
    assert ids[1] == sender_key(app.config["SECRET_KEY"], "web", "poquott", BROWSER)
    for request in fake_rasa.received:
        assert BROWSER.encode() not in request["raw"]
        assert BROWSER not in request["url"]
    assert BROWSER not in json.dumps(rows())


def test_different_browsers_get_different_ids(client, fake_rasa):
    post(client, {"sender": "aaaaaaaa", "message": "hi", "village": "bayville"})
    post(client, {"sender": "bbbbbbbb", "message": "hi", "village": "bayville"})
    assert fake_rasa.received[0]["json"]["sender"] != fake_rasa.received[1]["json"]["sender"]


def test_empty_and_whitespace_messages(client, fake_rasa, rows):
    for text in ("", "   ", "\n\t", "/", " // "):
        res = post(client, {"sender": BROWSER, "message": text, "village": "bayville"})
        assert res.status_code == 400
        error = res.get_json()["error"]
        assert error["code"] == "empty_message"
        assert "type your question" in error["message"]
    assert fake_rasa.received == [] and rows() == []


def test_too_long_message(client, fake_rasa, rows):
    res = post(client, {"sender": BROWSER, "message": "a" * 5000, "village": "bayville"})
    assert res.status_code == 413
    error = res.get_json()["error"]
    assert error["code"] == "message_too_long"
    assert "2000" in error["message"] and "5000" in error["message"]
    assert fake_rasa.received == [] and rows() == []


def test_limit_counts_cleaned_characters(client, fake_rasa):
    assert post(client, {"sender": BROWSER, "message": "é" * 2000}).status_code == 200
    assert post(client, {"sender": BROWSER, "message": "  " + "a" * 2000 + "\n"}).status_code == 200
    assert post(client, {"sender": BROWSER, "message": "a" * 2001}).status_code == 413


def test_limit_is_configurable(make_app, fake_rasa):
    client = make_app(MAX_MESSAGE_CHARS=10).test_client()
    res = post(client, {"sender": BROWSER, "message": "a" * 11})
    assert res.status_code == 413 and "10" in res.get_json()["error"]["message"]


def test_unknown_village(client, fake_rasa, rows):
    res = post(client, {"sender": BROWSER, "message": "hi", "village": "atlantis"})
    assert res.status_code == 404
    error = res.get_json()["error"]
    assert error["code"] == "unknown_village"
    assert "bayville" in error["message"] and "poquott" in error["message"]
    assert fake_rasa.received == [] and rows() == []


def test_village_of_wrong_type(client, fake_rasa):
    res = post(client, {"sender": BROWSER, "message": "hi", "village": ["bayville"]})
    assert res.status_code == 404 and res.get_json()["error"]["code"] == "unknown_village"
    assert fake_rasa.received == []


@pytest.mark.parametrize(
    "sender",
    [None, "", "short", "x" * 129, "has space in it", "ümlaut-ümlaut", "abc/def/ghi", "a" * 8 + "\n", 12345678],
)
def test_invalid_sender(client, fake_rasa, sender):
    body = {"message": "hi"} if sender is None else {"sender": sender, "message": "hi"}
    res = post(client, body)
    assert res.status_code == 400
    assert res.get_json()["error"]["code"] == "invalid_sender"
    assert fake_rasa.received == []


@pytest.mark.parametrize("sender", ["a" * 8, "Z" * 128, "a-b_c-d_"])
def test_valid_sender_edges(client, fake_rasa, sender):
    assert post(client, {"sender": sender, "message": "hi"}).status_code == 200


@pytest.mark.parametrize("message", [None, 5, ["hi"], {"text": "hi"}, True])
def test_message_not_a_string(client, fake_rasa, message):
    body = {"sender": BROWSER} if message is None else {"sender": BROWSER, "message": message}
    res = post(client, body)
    assert res.status_code == 400
    assert res.get_json()["error"]["code"] == "invalid_message"
    assert fake_rasa.received == []


@pytest.mark.parametrize("data", ["{not json", "", '{"sender": "abcdefgh", "message": "x"', "\xff"])
def test_malformed_json(client, fake_rasa, data):
    res = client.post("/api/chat", data=data.encode("latin-1"), content_type="application/json")
    assert res.status_code == 400
    assert res.get_json()["error"]["code"] == "invalid_json"
    assert fake_rasa.received == []


@pytest.mark.parametrize("body", ["[1, 2]", '"text"', "null", "3"])
def test_json_that_is_not_an_object(client, fake_rasa, body):
    res = client.post("/api/chat", data=body, content_type="application/json")
    assert res.status_code == 400
    assert res.get_json()["error"]["code"] == "invalid_request"


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_wrong_content_type(client, fake_rasa, content_type):
    data = json.dumps({"sender": BROWSER, "message": "hi"})
    res = client.post("/api/chat", data=data, content_type=content_type)
    assert res.status_code == 415
    assert res.is_json and res.get_json()["error"]["code"] == "unsupported_media_type"
    assert fake_rasa.received == []


def test_rasa_token_sent_as_query_parameter(make_app, fake_rasa):
    client = make_app(RASA_TOKEN="rasa-token-xyz").test_client()
    assert post(client, {"sender": BROWSER, "message": "hi"}).status_code == 200
    assert fake_rasa.received[0]["args"] == {"token": "rasa-token-xyz"}


def test_no_token_no_query(client, fake_rasa):
    post(client, {"sender": BROWSER, "message": "hi"})
    assert fake_rasa.received[0]["args"] == {}
