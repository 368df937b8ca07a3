"""Issue 16 item 9: the small ones."""
import pytest


@pytest.fixture
def tight_app(make_app):
    return make_app(RATE_LIMIT_PER_SENDER=3, RATE_LIMIT_PER_IP=6, RATE_LIMIT_WINDOW=3600, RATE_LIMIT_FREE_MESSAGES=0)


def test_health_checks_rasa_at_most_once_in_a_few_seconds_however_often_it_is_asked(app, client, fake_rasa, monkeypatch):
    rasa = app.extensions["rasa_client"]
    calls = []
    real = rasa.is_up
    monkeypatch.setattr(rasa, "is_up", lambda timeout: calls.append(timeout) or real(timeout))
    answers = [client.get("/api/health").get_json() for _ in range(25)]
    assert answers[0] == {"web": "ok", "rasa": "ok"} and all(a == answers[0] for a in answers)
    assert len(calls) == 1


def test_health_notices_rasa_going_down_after_the_cache_expires(app, client, fake_rasa, monkeypatch):
    import web.chat

    clock = {"now": 1000.0}
    monkeypatch.setattr(web.chat.time, "monotonic", lambda: clock["now"])
    assert client.get("/api/health").get_json()["rasa"] == "ok"
    monkeypatch.setattr(app.extensions["rasa_client"], "is_up", lambda timeout: False)
    assert client.get("/api/health").get_json()["rasa"] == "ok"  # cached
    clock["now"] += web.chat.HEALTH_CACHE_SECONDS + 0.1
    assert client.get("/api/health").get_json()["rasa"] == "down"


def test_history_is_rate_limited_per_address(tight_app):
    client = tight_app.test_client()

    def ask(sender, address="203.0.113.7"):
        return client.post("/api/chat/history", json={"sender": sender, "village": "bayville"},
                           environ_base={"REMOTE_ADDR": address})

    statuses = [ask(f"browser_{i:06d}").status_code for i in range(8)]
    assert statuses == [200] * 6 + [429] * 2
    refused = ask("browser_999999")
    assert refused.get_json()["error"]["code"] == "rate_limited" and int(refused.headers["Retry-After"]) > 0
    assert ask("browser_000001", address="198.51.100.4").status_code == 200


def test_an_unknown_letter_is_not_cached_either(client):
    res = client.get("/letters/not-a-real-token")
    assert res.status_code == 404
    assert res.headers["Cache-Control"] == "no-store"
    assert res.headers["X-Robots-Tag"] == "noindex, nofollow"


@pytest.mark.parametrize("path", ["/", "/bayville/", "/api/villages", "/staff/login", "/letters/nothing"])
def test_pages_refuse_other_sites_framing_them_in_older_browsers_too(client, path):
    res = client.get(path)
    assert res.headers["X-Frame-Options"] == "SAMEORIGIN"
    assert "frame-ancestors 'self'" in res.headers["Content-Security-Policy"]


def test_the_embeddable_chat_leaves_framing_to_its_policy(make_app):
    client = make_app(FRAME_ANCESTORS=["https://www.bayvilleny.gov"]).test_client()
    res = client.get("/bayville/?embed=1")
    # X-Frame-Options cannot name another site; a SAMEORIGIN here would break the widget.
    assert "X-Frame-Options" not in res.headers
    assert "https://www.bayvilleny.gov" in res.headers["Content-Security-Policy"]


@pytest.mark.parametrize("path", ["/letters/", "/letters", "/letters/a/b", "/letters/x/deadlines.ics/more",
                                  "/letters/x/other.ics", "/letters/" + "x" * 300])
def test_every_letter_response_is_not_stored_404s_of_unmatched_paths_too(client, path):
    # Issue 29: a 404 for a /letters/ path no route matches lacked Cache-Control: no-store.
    res = client.get(path)
    assert res.status_code in (404, 308), path
    assert res.headers["Cache-Control"] == "no-store" and res.headers["Referrer-Policy"] == "no-referrer", path
