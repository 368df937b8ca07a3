"""Reports forwarded to a village's own Open311 back end (stormwater/alerts/open311_forward.py),
end to end between two running help desks: instance A (the staff desk's app, whose Bayville
forwards) posts to instance B (another help desk on a real loopback port, the "back end")."""
import threading
from datetime import datetime, timedelta, timezone

import pytest
import requests
from werkzeug.serving import make_server

from ops.launcher import free_port
from stormwater.alerts import open311_forward
from stormwater.reports.ticket_store import file_ticket, get_ticket
from stormwater.staff import accounts
from stormwater.staff.workflow import change_status
from stormwater.store import settings
from stormwater.store.database import connect
from web import create_app

NOW = datetime(2026, 12, 3, 15, 0, tzinfo=timezone.utc)


class BackEnd:
    """Help desk B on a fixed loopback port that can be stopped and started again."""

    def __init__(self, tmp_path, port):
        self.app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "backend.db"), "SECRET_KEY": b"b" * 32})
        self.port, self.server = port, None
        self.url = f"http://127.0.0.1:{port}/open311/v2"

    def start(self):
        self.server = make_server("127.0.0.1", self.port, self.app, threaded=True)
        threading.Thread(target=self.server.serve_forever, args=(0.01,), daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def db(self):
        return connect(self.app.config["DATABASE"])

    def tickets(self):
        database = self.db()
        try:
            return list(database["tickets"].rows)
        finally:
            database.close()


@pytest.fixture
def backend(tmp_path, monkeypatch):
    """B, running, with a Bayville key; A's environment names it as Bayville's back end."""
    back = BackEnd(tmp_path, free_port())
    result = back.app.test_cli_runner().invoke(args=["staff", "issue-api-key", "--village", "bayville", "--label", "help desk A"])
    key = result.output.strip().splitlines()[-1]
    monkeypatch.setenv("HELPDESK_OPEN311_FORWARD_BAYVILLE_URL", back.url)
    monkeypatch.setenv("HELPDESK_OPEN311_FORWARD_BAYVILLE_KEY", key)
    monkeypatch.setenv("HELPDESK_OPEN311_FORWARD_BAYVILLE_JURISDICTION", "bayville")
    back.start()
    before = settings._current
    yield back
    back.stop()
    settings._current = before  # the process settings A's app read: later tests must not forward


def spill(db, village="bayville", channel="web", **overrides):
    values = dict(village=village, kind="spill", channel=channel, hazardous=False, location="12 Shore Road",
                  fields={"material": "soapy water", "hazard": "no", "responsible": "yes"},
                  reporter_name="Pat Lee", reporter_phone="(516) 555-0166", now=NOW)
    values.update(overrides)
    return file_ticket(db, **values)


def forwards(db):
    return {row["ticket_reference"]: row for row in db["open311_forwards"].rows}


def test_a_report_queued_while_the_back_end_is_down_is_delivered_once_it_is_up(backend, app, db):
    ticket = spill(db)
    assert forwards(db)[ticket.reference]["state"] == "pending"  # queued with the ticket
    backend.stop()
    assert open311_forward.deliver_forwards(db, now=NOW).counts["retry"] == 1
    row = forwards(db)[ticket.reference]
    assert row["state"] == "pending" and "Connection" in row["last_error"] and row["attempts"] == 1
    assert open311_forward.deliver_forwards(db, now=NOW).counts == {"sent": 0, "retry": 0, "failed": 0}  # not due yet
    backend.start()
    assert open311_forward.deliver_forwards(db, now=NOW + timedelta(minutes=1)).counts["sent"] == 1
    row = forwards(db)[ticket.reference]
    [filed] = backend.tickets()
    assert row["state"] == "sent" and row["remote_id"] == filed["reference"]
    remote = get_ticket(backend_db := backend.db(), filed["reference"])
    backend_db.close()
    assert remote.fields["material"] == "soapy water" and remote.location == "12 Shore Road"
    assert remote.reporter_phone == "(516) 555-0166"  # the village's own system gets what staff see
    assert remote.fields["open311"]["source_reference"] == ticket.reference
    # Nothing is posted again, however often the worker runs.
    for minutes in (2, 30, 600):
        open311_forward.deliver_forwards(db, now=NOW + timedelta(minutes=minutes))
    assert len(backend.tickets()) == 1


def test_a_post_whose_answer_was_lost_is_sent_again_and_filed_once(backend, app, db):
    ticket = spill(db)

    def post_then_lose_the_answer(*args, **kwargs):
        requests.post(*args, **kwargs)
        raise requests.Timeout("read timed out")
    assert open311_forward.deliver_forwards(db, now=NOW, post=post_then_lose_the_answer).counts["retry"] == 1
    assert open311_forward.deliver_forwards(db, now=NOW + timedelta(minutes=1)).counts["sent"] == 1
    [filed] = backend.tickets()
    assert forwards(db)[ticket.reference]["remote_id"] == filed["reference"]


def test_the_back_ends_status_is_read_back_and_shown_to_staff(backend, app, db, signed_in):
    ticket = spill(db)
    open311_forward.deliver_forwards(db, now=NOW)
    remote_id = forwards(db)[ticket.reference]["remote_id"]
    backend_db = backend.db()
    clerk = accounts.create_user(backend_db, email="crm@bayville.example", password="a long passphrase here",
                                 name="CRM", village="bayville", known_villages=("bayville", "poquott"))
    change_status(backend_db, remote_id, "closed", actor=clerk, reason="cleaned up")
    backend_db.close()
    assert open311_forward.poll_statuses(db, now=NOW + timedelta(minutes=5)) == 1
    assert forwards(db)[ticket.reference]["remote_status"] == "closed"
    assert open311_forward.poll_statuses(db, now=NOW + timedelta(minutes=9)) == 0  # read at most every 10 minutes
    assert open311_forward.poll_statuses(db, now=NOW + timedelta(minutes=16)) == 1
    page = signed_in.get(f"/staff/tickets/{ticket.reference}").get_data(as_text=True)
    assert f"filed there as {remote_id}" in page and "its status there: closed" in page


def test_a_refused_report_fails_for_good_and_the_ticket_page_says_so(backend, app, db, signed_in, monkeypatch):
    monkeypatch.setenv("HELPDESK_OPEN311_FORWARD_BAYVILLE_KEY", "not-a-key")
    from stormwater.store.settings import start_process
    start_process()
    ticket = spill(db)
    assert open311_forward.deliver_forwards(db, now=NOW).counts["failed"] == 1
    row = forwards(db)[ticket.reference]
    assert row["state"] == "failed" and "HTTP 403" in row["last_error"]
    assert open311_forward.deliver_forwards(db, now=NOW + timedelta(hours=1)).counts["failed"] == 0  # never retried
    page = signed_in.get(f"/staff/tickets/{ticket.reference}").get_data(as_text=True)
    assert "failed" in page and "Enter it in the back end by hand" in page
    assert backend.tickets() == []


def test_only_a_forwarding_village_and_only_reports_filed_here_are_queued(backend, app, db):
    poquott = spill(db, village="poquott")
    posted_here = spill(db, channel="open311")
    queued = forwards(db)
    assert poquott.reference not in queued and posted_here.reference not in queued


def test_forward_targets_need_a_key_and_read_service_codes():
    from stormwater.store.settings import forward_targets
    targets = forward_targets({"HELPDESK_OPEN311_FORWARD_SEA_CLIFF_URL": "https://crm.example/open311/v2/",
                               "HELPDESK_OPEN311_FORWARD_SEA_CLIFF_KEY": "k",
                               "HELPDESK_OPEN311_FORWARD_SEA_CLIFF_SERVICES": "spill=043, septic=051"})
    assert targets["sea-cliff"].url == "https://crm.example/open311/v2"
    assert dict(targets["sea-cliff"].service_codes) == {"spill": "043", "septic": "051"}
    with pytest.raises(ValueError, match="KEY"):
        forward_targets({"HELPDESK_OPEN311_FORWARD_BAYVILLE_URL": "https://crm.example"})
