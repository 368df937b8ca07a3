"""RasaClient against a recording stand-in for Rasa's REST channel."""
import threading

import pytest

from web.rasa_client import RasaClient, RasaUnavailable


def test_send_posts_rest_payload(fake_rasa):
    client = RasaClient(fake_rasa.url + "/", token=None, timeout=5)
    replies = client.send("abc123", "pool water?", {"village": "poquott", "channel": "web"})
    assert replies == [{"recipient_id": "abc123", "text": "echo: pool water?"}]
    [request] = fake_rasa.received
    assert request["url"] == fake_rasa.url + "/webhooks/rest/webhook"
    assert request["json"] == {
        "sender": "abc123",
        "message": "pool water?",
        "metadata": {"village": "poquott", "channel": "web"},
    }


def test_token_in_query(fake_rasa):
    RasaClient(fake_rasa.url, token="t0k en&x", timeout=5).send("s", "m", {})
    assert fake_rasa.received[0]["args"] == {"token": "t0k en&x"}


def test_non_dict_items_dropped(fake_rasa):
    fake_rasa.handler = lambda body: (200, [{"text": "a"}, "b", 3, None, {"image": "c"}])
    assert RasaClient(fake_rasa.url).send("s", "m") == [{"text": "a"}, {"image": "c"}]


@pytest.mark.parametrize(
    "answer",
    [(500, b"{}"), (403, b'{"error": "token"}'), (301, b""), (200, b"Hello"), (200, b'{"a": 1}'), (200, b"")],
)
def test_bad_answers_raise(fake_rasa, answer):
    fake_rasa.handler = lambda body: answer
    with pytest.raises(RasaUnavailable):
        RasaClient(fake_rasa.url).send("s", "m")


def test_connection_refused_raises(down_url):
    with pytest.raises(RasaUnavailable):
        RasaClient(down_url, timeout=2).send("s", "m")


def test_timeout_raises(fake_rasa):
    fake_rasa.delay = 1.0
    with pytest.raises(RasaUnavailable):
        RasaClient(fake_rasa.url, timeout=0.2).send("s", "m")


def test_is_up(fake_rasa, down_url):
    assert RasaClient(fake_rasa.url).is_up() is True
    assert RasaClient(down_url).is_up(timeout=0.5) is False
    assert RasaClient(fake_rasa.url + "/nothing-here").is_up() is False


def test_proxy_environment_ignored(fake_rasa, monkeypatch, down_url):
    # A proxy from the environment must not capture loopback traffic to Rasa.
    monkeypatch.setenv("HTTP_PROXY", down_url)
    monkeypatch.setenv("http_proxy", down_url)
    assert RasaClient(fake_rasa.url).send("s", "m") == [{"recipient_id": "s", "text": "echo: m"}]


def test_one_session_per_thread(fake_rasa):
    client = RasaClient(fake_rasa.url)
    first = client._session()
    assert client._session() is first
    other = []
    thread = threading.Thread(target=lambda: other.append(client._session()))
    thread.start()
    thread.join()
    assert other[0] is not first


@pytest.fixture
def second_rasa():
    from tests.web.conftest import FakeRasa

    fake = FakeRasa()
    fake.start()
    yield fake
    fake.stop()


def test_several_replicas_take_the_messages_in_turn(fake_rasa, second_rasa):
    client = RasaClient(f"{fake_rasa.url}, {second_rasa.url}/")
    assert client.base_urls == [fake_rasa.url, second_rasa.url]
    for number in range(4):
        assert client.send("s", f"m{number}") == [{"recipient_id": "s", "text": f"echo: m{number}"}]
    assert [r["json"]["message"] for r in fake_rasa.received] == ["m0", "m2"]
    assert [r["json"]["message"] for r in second_rasa.received] == ["m1", "m3"]


def test_a_replica_that_refuses_the_connection_is_skipped(fake_rasa, down_url):
    client = RasaClient(f"{down_url},{fake_rasa.url}", timeout=2)
    for number in range(3):
        client.send("s", f"m{number}")
    assert [r["json"]["message"] for r in fake_rasa.received] == ["m0", "m1", "m2"]
    assert client.is_up() is True
    with pytest.raises(RasaUnavailable):
        RasaClient(f"{down_url},{down_url}", timeout=2).send("s", "m")


def test_a_replica_that_took_the_message_and_timed_out_is_not_asked_again_elsewhere(fake_rasa, second_rasa):
    # It may have handled the message: sending it to the other replica would answer it twice.
    fake_rasa.delay = 1.0
    client = RasaClient(f"{fake_rasa.url},{second_rasa.url}", timeout=0.2)
    with pytest.raises(RasaUnavailable):
        client.send("s", "m")
    assert second_rasa.received == []
