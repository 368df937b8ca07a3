"""Fixtures for the web layer: the app on a temporary database, and a stand-in Rasa.

The stand-in is a real HTTP server on 127.0.0.1 that records what it receives and answers
like Rasa's REST channel; the real Rasa is exercised by the end-to-end tests.
"""
import json
import socket
import threading
import time

import pytest
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

from web import create_app

SECRET = b"test-secret-key-0123456789"
ENV_VARS = (
    "HELPDESK_DATABASE", "RASA_URL", "RASA_TOKEN", "RASA_TIMEOUT", "HELPDESK_SECRET_KEY",
    "MAX_MESSAGE_CHARS", "MAX_CONTENT_LENGTH", "HTTP_PROXY", "http_proxy",
)


def echo_reply(body):
    """Rasa's answer shape: one text message echoing the user's text."""
    return 200, [{"recipient_id": body["sender"], "text": f"echo: {body['message']}"}]


class FakeRasa:
    """A recording stand-in for Rasa's HTTP server."""

    def __init__(self):
        self.received = []  # one dict per webhook POST
        self.handler = echo_reply  # body -> (status, JSON value or raw bytes)
        self.delay = 0.0
        self._server = make_server("127.0.0.1", 0, self._wsgi, threaded=True)
        self.url = f"http://127.0.0.1:{self._server.port}"
        # A short poll interval so shutdown() between tests is quick.
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.01,), daemon=True)

    def _wsgi(self, environ, start_response):
        request = Request(environ)
        if request.method == "GET" and request.path == "/":
            return Response("Hello from Rasa: 3.6.21")(environ, start_response)
        if request.method != "POST" or request.path != "/webhooks/rest/webhook":
            return Response("not found", status=404)(environ, start_response)
        raw = request.get_data()
        body = json.loads(raw)
        self.received.append({"raw": raw, "url": request.url, "args": dict(request.args), "json": body})
        if self.delay:
            time.sleep(self.delay)
        status, answer = self.handler(body)
        data = answer if isinstance(answer, bytes) else json.dumps(answer).encode()
        return Response(data, status=status, content_type="application/json")(environ, start_response)

    @property
    def last(self):
        return self.received[-1]["json"]

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._server.shutdown()
        self._server.server_close()


def closed_port_url():
    """A loopback URL nothing listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in ENV_VARS:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def fake_rasa():
    server = FakeRasa().start()
    yield server
    server.stop()


@pytest.fixture
def down_url():
    """Where a stopped Rasa would be."""
    return closed_port_url()


@pytest.fixture
def make_app(tmp_path, fake_rasa):
    """Build an app on a temporary database; keyword arguments override the test config."""

    def _make(**overrides):
        config = {
            "TESTING": True,
            "DATABASE": str(tmp_path / "helpdesk.db"),
            "RASA_URL": fake_rasa.url,
            "RASA_TIMEOUT": 5,
            "SECRET_KEY": SECRET,
        }
        config.update(overrides)
        return create_app(config)

    return _make


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def rows(app):
    """All stored chat messages, oldest first."""
    from web.request_db import connect

    def _rows():
        db = connect(app.config["DATABASE"])
        try:
            return list(db["chat_messages"].rows_where(order_by="id"))
        finally:
            db.close()

    return _rows
