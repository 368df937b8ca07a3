"""Real parts for the alert tests: an SMTP server (aiosmtpd) and a local stand-in for
Twilio's REST API that records each request and can answer with Twilio's own error bodies."""
from __future__ import annotations

import json
import secrets
import threading
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Dict, List, Tuple
from urllib.parse import parse_qs

import pytest
from aiosmtpd.controller import Controller

from ops.launcher import free_port
# The staff desk's fixtures (accounts, the app, a signed-in client). Not its session-wide
# cheap password hashes: imported here too, it would run twice in one session and hide the
# real setting from tests/staff/test_accounts.py.
from tests.staff.conftest import (  # noqa: F401
    app, clean_env, client, db, db_path, signed_in, template_db, users,
)

ACCOUNT_SID = "AC" + "0123456789abcdef" * 2
AUTH_TOKEN = "test-auth-token"
# Twilio's error body for a number that sent STOP (https://www.twilio.com/docs/errors/21610).
OPTED_OUT = (400, {"code": 21610, "message": "Attempt to send to unsubscribed recipient",
                   "more_info": "https://www.twilio.com/docs/errors/21610", "status": 400})
SERVICE_UNAVAILABLE = (503, {"code": 20503, "message": "Service Unavailable",
                             "more_info": "https://www.twilio.com/docs/errors/20503", "status": 503})


class _Recorder:
    """aiosmtpd handler: keeps each message; refuses the addresses in ``refuse`` with 550."""

    def __init__(self):
        self.messages: List[dict] = []
        self.refuse = set()
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        parsed = message_from_bytes(envelope.content, policy=policy.default)
        with self.lock:
            self.messages.append({"to": list(envelope.rcpt_tos), "mail_from": envelope.mail_from,
                                  "message": parsed, "body": parsed.get_content()})
        return "250 Message accepted"


class SmtpServer:
    """A real SMTP server on a fixed loopback port that a test can stop and start again."""

    def __init__(self):
        self.port = free_port()
        self.handler = _Recorder()
        self.controller = None

    def start(self):
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self):
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    @property
    def messages(self) -> List[dict]:
        with self.handler.lock:
            return list(self.handler.messages)


@pytest.fixture
def smtp_server():
    server = SmtpServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def smtp_env(monkeypatch, smtp_server):
    """``HELPDESK_SMTP_*`` pointing at the test server (plain SMTP on loopback)."""
    values = {"HELPDESK_SMTP_HOST": "127.0.0.1", "HELPDESK_SMTP_PORT": str(smtp_server.port),
              "HELPDESK_SMTP_SECURITY": "none", "HELPDESK_SMTP_FROM": "helpdesk@alerts.example"}
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return values


class TwilioStandIn:
    """Answers ``POST /2010-04-01/Accounts/<sid>/Messages.json`` as Twilio does."""

    def __init__(self):
        self.requests: List[dict] = []
        self.errors: Dict[str, Tuple[int, dict]] = {}  # To number -> (status, Twilio error body)
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep the test output quiet
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                record = {"path": self.path, "authorization": self.headers.get("Authorization"), **form}
                with outer.lock:
                    outer.requests.append(record)
                    error = outer.errors.get(form.get("To", ""))
                if error:
                    status, body = error
                else:
                    status = 201
                    body = {"sid": "SM" + secrets.token_hex(16), "account_sid": ACCOUNT_SID, "to": form.get("To"),
                            "from": form.get("From"), "body": form.get("Body"), "status": "queued",
                            "num_segments": "1", "direction": "outbound-api", "api_version": "2010-04-01",
                            "date_created": "Mon, 30 Nov 2026 15:00:00 +0000", "uri": self.path}
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def to(self, number: str) -> List[dict]:
        """The requests sent to ``number``."""
        with self.lock:
            return [r for r in self.requests if r.get("To") == number]


@pytest.fixture
def twilio():
    standin = TwilioStandIn()
    standin.thread.start()
    yield standin
    standin.server.shutdown()
    standin.server.server_close()


@pytest.fixture
def text_sender(twilio):
    """The production Twilio client, pointed at the stand-in."""
    from stormwater.alerts.transports import TextSender
    from stormwater.intake.sms_outbound import TwilioSender

    return TextSender(TwilioSender(ACCOUNT_SID, AUTH_TOKEN, api_base_url=twilio.url))
