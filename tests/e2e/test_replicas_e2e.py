"""Two Rasa replicas sharing Rasa's Redis lock store and the tracker store on PostgreSQL.

Redis and PostgreSQL run as this module's own processes on free ports in a temporary folder
(``ops.local_stores``; ``scripts/install_stores.sh`` installs them from Debian's packages).
One pair of replicas serves the whole module: starting Rasa twice is the slow part.
"""
import json
import threading
import time
import uuid

import pytest
import requests
import sqlalchemy as sa

from ops.build import model_path
from ops.launcher import Settings, Supervisor, free_port
from ops.local_stores import local_stores
from tests.e2e.test_reports_e2e import Resident, answer_form, asked

pytestmark = pytest.mark.services

STARTUP_SECONDS = 300


@pytest.fixture(scope="module")
def replicas(tmp_path_factory):
    """The help desk with two Rasa replicas; yields (supervisor, tracker store engine)."""
    assert model_path().exists(), "no trained model: run `make test`, which trains it first"
    folder = tmp_path_factory.mktemp("replicas")
    with local_stores() as stores:
        settings = Settings(
            web_port=free_port(), rasa_port=free_port(), action_port=free_port(), instance=folder / "instance",
            rasa_replicas=2, replica_ports=[free_port(), free_port()],
            lock_store_url=stores.lock_store_url, tracker_store_url=stores.tracker_store_url,
        )
        settings.check()
        supervisor = Supervisor(settings, log_dir=folder / "logs")
        supervisor.start()
        engine = sa.create_engine(stores.tracker_store_url)
        try:
            if not wait_ready(supervisor):
                logs = "\n".join(f"--- {p.name}\n{p.read_text()[-3000:]}" for p in (folder / "logs").glob("*.log"))
                pytest.fail(f"two replicas did not start within {STARTUP_SECONDS} s\n{logs}")
            yield supervisor, engine
        finally:
            supervisor.stop()
            engine.dispose()


def wait_ready(supervisor):
    """Like ``Supervisor.wait_ready``, but gives up as soon as a service has exited."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if any(s.process.poll() is not None for s in supervisor.services):
            return False
        if supervisor.wait_ready(timeout=2):
            return True
    return False


def replica_urls(supervisor):
    return supervisor.settings.rasa_urls


def send_to(url, sender, text):
    """One message straight to a replica's REST webhook; its replies."""
    response = requests.post(f"{url}/webhooks/rest/webhook", json={"sender": sender, "message": text}, timeout=60)
    assert response.status_code == 200, response.text
    return response.json()


def stored_events(engine, sender):
    with engine.connect() as connection:
        rows = connection.execute(
            sa.text("SELECT data FROM events WHERE sender_id = :s ORDER BY id"), {"s": sender}
        ).fetchall()
    return [json.loads(row[0]) for row in rows]


def user_texts(events):
    return [e["text"] for e in events if e["event"] == "user"]


def turns_are_whole(events):
    """Every resident's message is followed by the bot's actions and action_listen before the next."""
    listening = True
    for event in events:
        if event["event"] == "user":
            if not listening:
                return False
            listening = False
        elif event["event"] == "action" and event.get("name") == "action_listen":
            listening = True
    return True


def test_the_stores_are_shared_and_the_web_app_knows_both_replicas(replicas):
    supervisor, engine = replicas
    names = [s.name for s in supervisor.services]
    assert names == ["alerts", "actions", "rasa", "rasa-2", "web"]
    assert supervisor.service("web").env["RASA_URL"] == ",".join(replica_urls(supervisor))
    endpoints = (supervisor.settings.instance / "endpoints.yml").read_text()
    assert "type: redis" in endpoints and "dialect: postgresql" in endpoints
    assert not (supervisor.settings.instance / "trackers.db").exists()


def test_two_replicas_serve_concurrent_conversations_without_losing_or_repeating_a_turn(replicas):
    supervisor, engine = replicas
    urls = replica_urls(supervisor)
    messages = ["Bayville", "can I drain my pool into the street?", "what is an MS4", "thanks"]
    senders = [f"replicas-{uuid.uuid4().hex}" for _ in range(4)]
    answers = {}
    failures = []

    def converse(number, sender):
        try:
            # Each turn on the other replica than the last: any replica may take any turn.
            answers[sender] = [send_to(urls[(number + turn) % 2], sender, text) for turn, text in enumerate(messages)]
        except Exception as error:  # noqa: BLE001  (reported below)
            failures.append(repr(error))

    threads = [threading.Thread(target=converse, args=(n, s)) for n, s in enumerate(senders)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=240)
    assert not failures
    for sender in senders:
        assert all(answers[sender]), f"a turn of {sender} got no reply"
        pool_answer = " ".join(m.get("text", "") for m in answers[sender][1])
        assert "pool" in pool_answer.lower() and "63A" in pool_answer  # Bayville's answer: the village was kept
        events = stored_events(engine, sender)
        assert user_texts(events) == messages
        assert turns_are_whole(events)


def test_two_messages_sent_at_once_by_one_resident_are_handled_in_order_one_after_the_other(replicas):
    supervisor, engine = replicas
    urls = replica_urls(supervisor)
    sender = f"replicas-{uuid.uuid4().hex}"
    first, second = "Poquott", "how much is the fine for dumping into the storm drain?"
    replies = {}

    def send(url, text, delay):
        time.sleep(delay)
        replies[text] = send_to(url, sender, text)

    # The second arrives at the other replica while the first is still being handled:
    # Redis's lock makes it wait until the first turn is saved, so it reads the village the
    # first one set. Without the shared lock it would be answered from the tracker as it
    # was before the first, and ask which village.
    threads = [threading.Thread(target=send, args=(urls[0], first, 0.0)),
               threading.Thread(target=send, args=(urls[1], second, 0.1))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert replies.get(first) and replies.get(second)
    events = stored_events(engine, sender)
    assert user_texts(events) == [first, second]
    assert turns_are_whole(events)
    assert "$350" in " ".join(m.get("text", "") for m in replies[second])  # Poquott's fines


def test_a_replica_killed_mid_report_leaves_the_form_to_the_other(replicas):
    supervisor, engine = replicas
    base_url = f"http://127.0.0.1:{supervisor.settings.web_port}"
    resident = Resident(base_url, "bayville")
    first = resident.says("I spilled a bucket of soapy water and it went into the storm drain")
    assert asked(first) == "location"
    located = resident.says("12 Main St")
    assert asked(located) == "discovered"
    killed = supervisor.service("rasa")
    killed.process.kill()
    killed.process.wait()
    try:
        # The web app's client finds the killed replica refusing and gives the turn to the
        # other, which reads the half-finished form from PostgreSQL.
        answers = {"discovered": "11/27/2026", "commercial": "no", "reporter_name": "Pat Lee",
                   "reporter_phone": "516-555-0199", "confirm": "yes"}
        discovered = resident.says(answers["discovered"])
        assert asked(discovered) == "commercial", discovered
        replies, order, ticket = answer_form(resident, discovered, answers)
        assert order == ["commercial", "reporter_name", "reporter_phone", "confirm"]
        assert ticket and ticket["reference"].startswith("BAY-") and ticket["notify_by"] == "2026-11-30"
        events = [e for e in stored_events(engine, resident_sender(engine, "12 Main St"))]
        assert user_texts(events).count("12 Main St") == 1
        # Redaction holds on PostgreSQL too: once filed, no name or number is left.
        dump = json.dumps(events)
        assert "Pat Lee" not in dump and "555-0199" not in dump
    finally:
        supervisor._spawn(killed)
        supervisor.wait_ready(timeout=STARTUP_SECONDS, names=["rasa"])


def resident_sender(engine, text):
    """The (hashed) sender id of the conversation in which ``text`` was typed."""
    with engine.connect() as connection:
        senders = connection.execute(
            sa.text("SELECT DISTINCT sender_id FROM events WHERE type_name = 'user' AND data LIKE :t"),
            {"t": f'%"text": "{text}"%'},
        ).fetchall()
    assert len(senders) == 1
    return senders[0][0]
