"""Faults against the real services: processes killed or restarted mid-report, a locked
database, and what the internal services expose. Nothing a resident sent may be lost.

The SMS token has to be in the environment before the session's ``helpdesk`` fixture starts
the web process: pytest imports every test module before it runs any test.
"""
import os

os.environ.setdefault("TWILIO_AUTH_TOKEN", "test-token-not-a-secret")

import sqlite3  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import uuid  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402

import psutil  # noqa: E402
import pytest  # noqa: E402
import requests  # noqa: E402
from twilio.request_validator import RequestValidator  # noqa: E402

from ops import backup  # noqa: E402
from stormwater.store.database import connect  # noqa: E402
from stormwater.reports.ticket_store import get_ticket  # noqa: E402
from tests.e2e.phones import new_phone, new_tail

pytestmark = pytest.mark.services

LOCK_SECONDS = 3
SPILL = "I spilled a bucket of soapy water and it went into the storm drain"
# Every question of a nonhazardous spill report before the name, and the answers: whose it
# is, the material, the amount and the drain came with SPILL; the read-back comes after the phone.
BEFORE_NAME = ("12 Main St", "11/27/2026", "no")


class Resident:
    """One browser on one village's page; unlike a happy-path client it keeps 503 answers."""

    def __init__(self, base_url, village="bayville"):
        self.base_url, self.village, self.sender = base_url, village, uuid.uuid4().hex

    def says(self, message):
        response = requests.post(
            f"{self.base_url}/api/chat",
            json={"sender": self.sender, "message": message, "village": self.village},
            timeout=60,
        )
        return response.status_code, " ".join(m.get("text", "") for m in response.json()["messages"]), response.json()

    def answers(self, message):
        status, text, _ = self.says(message)
        assert status == 200, text
        return text


def unique_contact():
    """A name and a phone number no other test types, so finding them anywhere means a leak."""
    tail = int(new_tail())
    name = "Quilla " + "".join(chr(ord("a") + int(d)) for d in f"{tail:04d}").capitalize()
    return name, f"631-555-{tail:04d}", f"(631) 555-{tail:04d}"


def filed_reference(body):
    found = [m["custom"] for m in body["messages"] if (m.get("custom") or {}).get("type") == "ticket_filed"]
    assert found, body
    return found[0]["reference"]


def database(helpdesk):
    return connect(helpdesk.settings.instance / "helpdesk.db")


def stored_inbound(helpdesk, text):
    """The stored web chat messages with exactly ``text``, oldest first."""
    db = database(helpdesk)
    try:
        return list(db["chat_messages"].rows_where("direction = 'in' AND text = ?", [text], order_by="id"))
    finally:
        db.close()


def on_disk(paths):
    return b"".join(p.read_bytes() for p in paths if p.is_file())


def test_rasa_restarted_mid_report_continues_it_and_keeps_no_contact_details(base_url, helpdesk, bayville):
    name, typed_phone, filed_phone = unique_contact()
    resident = Resident(base_url)
    assert "Where is it" in resident.answers(SPILL)

    helpdesk.stop(["rasa"])
    try:
        status, text, body = resident.says("12 Main St")
        # Degraded service: a clear answer with emergency guidance and the office number,
        # and the message kept (undelivered) for staff.
        assert status == 503 and body["error"]["code"] == "assistant_unavailable"
        assert "call 911" in text and bayville.contact("clerk")["phone"] in text
        assert stored_inbound(helpdesk, "12 Main St")[-1]["delivered"] == 0
    finally:
        helpdesk.start(["rasa"])
        assert helpdesk.wait_ready(180, ["rasa"]), "Rasa did not come back"

    # The report is where it was before the restart: the same answer gets the next question.
    assert "When was it discovered" in resident.answers("12 Main St")
    for answer in BEFORE_NAME[1:]:
        resident.answers(answer)
    resident.answers(name)
    assert "Here is what I'll file" in resident.answers(typed_phone)
    status, _, body = resident.says("yes")
    assert status == 200
    db = database(helpdesk)
    try:
        ticket = get_ticket(db, filed_reference(body))
    finally:
        db.close()
    assert (ticket.reporter_name, ticket.reporter_phone, ticket.location) == (name, filed_phone, "12 Main St")

    # Rasa's conversation store, its write-ahead log and every service's log: no name, no number.
    trackers = helpdesk.settings.trackers
    leaks = on_disk([trackers, trackers.with_name(trackers.name + "-wal")])
    assert b"12 Main St" in leaks  # the conversation itself is kept
    logs = on_disk((helpdesk.settings.instance / "logs").glob("*.log"))
    for secret in (name, typed_phone, filed_phone, typed_phone.replace("-", "")):
        assert secret.encode() not in leaks and secret.encode() not in logs


def test_action_server_killed_mid_report_is_restarted_and_the_report_continues(base_url, helpdesk, capsys):
    resident = Resident(base_url, "poquott")
    resident.answers(SPILL)
    resident.answers(BEFORE_NAME[0])

    actions = helpdesk.service("actions")
    killed = actions.process
    killed.kill()  # SIGKILL: no chance to clean up
    killed.wait()
    status, text, _ = resident.says("11/27/2026")  # Rasa answers nothing without its actions
    assert status == 503 and "call 911" in text
    assert stored_inbound(helpdesk, "11/27/2026")[-1]["delivered"] == 0

    assert helpdesk.restart_dead() == ["actions"]
    assert "[helpdesk] actions exited with -9; restarting" in capsys.readouterr().out
    assert actions.process.pid != killed.pid
    assert helpdesk.wait_ready(120, ["actions"]), "the action server did not come back"

    assert "commercial or industrial" in resident.answers("11/27/2026")  # the answer the kill cut off
    resident.answers("no")
    resident.answers("Pat Lee")
    resident.answers("631-555-0123")
    status, _, body = resident.says("yes")  # the read-back confirmed
    assert status == 200 and filed_reference(body).startswith("PQT-")


class Texter:
    """One phone texting a village's number through (simulated, signed) Twilio."""

    def __init__(self, base_url, to_number):
        self.url, self.to_number = f"{base_url}/sms", to_number
        self.from_number = new_phone("+1516557")
        self.validator = RequestValidator(os.environ["TWILIO_AUTH_TOKEN"])

    def texts(self, body):
        form = {"MessageSid": f"SM{uuid.uuid4().hex}", "From": self.from_number, "To": self.to_number,
                "Body": body, "NumMedia": "0"}
        response = requests.post(self.url, data=form, timeout=60, headers={
            "X-Twilio-Signature": self.validator.compute_signature(self.url, form)})
        return response.status_code, " ".join(m.text or "" for m in ET.fromstring(response.content).findall("Message"))


def test_a_database_locked_by_another_writer_for_3_s_loses_nothing(base_url, helpdesk):
    resident = Resident(base_url)
    resident.answers(SPILL)
    for answer in BEFORE_NAME:
        resident.answers(answer)
    resident.answers("Pat Lee")
    phone = Texter(base_url, "+15165550100")
    # The phone number, typed while another writer holds the database, gets the read-back;
    # the "yes" after it files the ticket.

    locked, released = threading.Event(), threading.Event()

    def hold_the_write_lock():
        conn = sqlite3.connect(helpdesk.settings.instance / "helpdesk.db", isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            locked.set()
            time.sleep(LOCK_SECONDS)
            conn.execute("COMMIT")
            released.set()
        finally:
            conn.close()

    results = {}
    writer = threading.Thread(target=hold_the_write_lock)
    writer.start()
    assert locked.wait(10)

    def send(name, call, *args):
        sent_while_locked = not released.is_set()
        results[name] = (sent_while_locked, *call(*args))

    chat = threading.Thread(target=send, args=("chat", resident.says, "516-555-0142"))
    sms = threading.Thread(target=send, args=("sms", phone.texts, "can I drain my pool into the storm drain?"))
    chat.start()
    sms.start()
    for thread in (writer, chat, sms):
        thread.join(60)
    assert released.is_set()

    during, status, text, _ = results["chat"]
    assert during and status == 200 and "Here is what I'll file" in text
    status, _, body = resident.says("yes")
    assert status == 200
    db = database(helpdesk)
    try:
        ticket = get_ticket(db, filed_reference(body))
        assert ticket.reporter_phone == "(516) 555-0142"
        assert stored_inbound(helpdesk, "516-555-0142")[-1]["delivered"] == 1
        during, status, reply = results["sms"]
        assert during and status == 200 and "pool" in reply.lower()
        texts = list(db["sms_messages"].rows_where("from_number = ?", [phone.from_number]))
        assert [t["status"] for t in texts] == ["answered"] and "pool" in texts[0]["reply"].lower()
    finally:
        db.close()


def listening(pid):
    """The (address, port) pairs the process ``pid`` and its children listen on."""
    processes = [psutil.Process(pid)] + psutil.Process(pid).children(recursive=True)
    return {
        (c.laddr.ip, c.laddr.port)
        for p in processes
        for c in p.connections(kind="inet")
        if c.status == psutil.CONN_LISTEN
    }


def test_rasa_and_the_action_server_listen_on_loopback_only(helpdesk):
    settings = helpdesk.settings
    for name, port in (("rasa", settings.rasa_port), ("actions", settings.action_port), ("web", settings.web_port)):
        sockets = listening(helpdesk.service(name).process.pid)
        assert (("127.0.0.1", port)) in sockets, (name, sockets)
        assert {ip for ip, _ in sockets} == {"127.0.0.1"}, (name, sockets)


def test_rasa_http_api_is_not_served(helpdesk):
    rasa = f"http://127.0.0.1:{helpdesk.settings.rasa_port}"
    sender = uuid.uuid4().hex
    assert requests.get(f"{rasa}/conversations/{sender}/tracker", timeout=10).status_code == 404
    assert requests.post(f"{rasa}/model/parse", json={"text": "hello"}, timeout=10).status_code == 404
    assert requests.post(f"{rasa}/conversations/{sender}/trigger_intent", json={"name": "greet"}, timeout=10).status_code == 404
    assert requests.get(f"{rasa}/", timeout=10).status_code == 200  # only the health line and the webhook



def test_a_backup_of_the_running_help_desk_restores_tickets_and_conversations(base_url, helpdesk, tmp_path):
    resident = Resident(base_url)
    resident.answers(SPILL)
    for answer in BEFORE_NAME:
        resident.answers(answer)
    resident.answers("Pat Lee")
    resident.answers("516-555-0177")
    status, _, body = resident.says("yes")
    assert status == 200
    reference = filed_reference(body)
    instance = helpdesk.settings.instance
    live = backup.Paths(instance / "helpdesk.db", helpdesk.settings.trackers, instance / "secret_key")

    archive = backup.create(tmp_path / "backups", live)  # the services keep running
    restored = backup.Paths(tmp_path / "r" / "helpdesk.db", tmp_path / "r" / "trackers.db", tmp_path / "r" / "secret_key")
    assert backup.restore(archive, restored, force=True) == {"helpdesk.db": "ok", "trackers.db": "ok"}

    db = connect(restored.helpdesk)
    try:
        assert get_ticket(db, reference).reporter_phone == "(516) 555-0177"
    finally:
        db.close()
    conn = sqlite3.connect(restored.trackers)
    try:
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] > 20
    finally:
        conn.close()
    assert restored.secret.read_bytes() == live.secret.read_bytes()
