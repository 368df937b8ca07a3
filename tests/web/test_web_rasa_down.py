"""When Rasa cannot answer: 503, a clear message with phone numbers, the message kept."""
import pytest

BROWSER = "browser_down_0001"


@pytest.fixture
def down_client(make_app, down_url):
    return make_app(RASA_URL=down_url).test_client()


def assert_unavailable(res):
    assert res.status_code == 503
    body = res.get_json()
    assert body["error"]["code"] == "assistant_unavailable"
    assert body["error"]["message"]
    [message] = body["messages"]
    text = message["text"]
    assert "not available" in text and "saved" in text and "911" in text
    assert "1-800-457-7362" in text
    return text


def test_rasa_down_with_village(app, down_client, rows):
    village = app.extensions["villages"]["bayville"]
    res = down_client.post("/api/chat", json={"sender": BROWSER, "message": "oil in the drain", "village": "bayville"})
    text = assert_unavailable(res)
    assert village.contact("clerk")["phone"] in text
    assert village.contact("smo")["phone"] in text
    poquott = app.extensions["villages"]["poquott"]
    assert poquott.contact("clerk")["phone"] not in text
    [row] = rows()
    assert (row["direction"], row["text"], row["delivered"], row["village"]) == ("in", "oil in the drain", 0, "bayville")


def test_rasa_down_without_village_lists_every_village_office(app, down_client, rows):
    res = down_client.post("/api/chat", json={"sender": BROWSER, "message": "help"})
    text = assert_unavailable(res)
    for village in app.extensions["villages"].values():
        assert village.contact("clerk")["phone"] in text
    assert [(r["text"], r["delivered"]) for r in rows()] == [("help", 0)]


@pytest.mark.parametrize(
    "answer",
    [(500, {"error": "boom"}), (404, b"not found"), (200, b"<html>not json"), (200, {"not": "a list"})],
)
def test_rasa_bad_answers_count_as_down(client, fake_rasa, rows, answer):
    fake_rasa.handler = lambda body: answer
    res = client.post("/api/chat", json={"sender": BROWSER, "message": "hi", "village": "poquott"})
    assert_unavailable(res)
    assert [(r["direction"], r["delivered"]) for r in rows()] == [("in", 0)]


def test_rasa_timeout_counts_as_down(make_app, fake_rasa, rows):
    fake_rasa.delay = 1.0
    client = make_app(RASA_TIMEOUT=0.2).test_client()
    res = client.post("/api/chat", json={"sender": BROWSER, "message": "hi", "village": "poquott"})
    assert_unavailable(res)
    assert [(r["direction"], r["delivered"]) for r in rows()] == [("in", 0)]


def test_health_reports_rasa_down(down_client):
    res = down_client.get("/api/health")
    assert res.status_code == 200
    assert res.get_json() == {"web": "ok", "rasa": "down"}
