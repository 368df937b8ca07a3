"""A process killed (SIGKILL) while it writes loses no ticket, message or audit entry it had
reported as stored."""
import signal
import subprocess
import sys

from stormwater.store.paths import REPO_ROOT
from stormwater.store.database import connect, migrate
from stormwater.reports.ticket_store import get_ticket

WRITER = """
import sys
from stormwater.staff import audit
from stormwater.store.database import connect, immediate, migrate
from stormwater.reports.ticket_store import file_ticket
from stormwater.store.message_log import record_message
db = connect(sys.argv[1])
migrate(db)
n = 0
while True:
    n += 1
    if n % 5 == 0:
        ticket = file_ticket(db, village="bayville", kind="spill", channel="web", hazardous=False,
                             reporter_name=f"Resident {n}", location=f"{n} Main St")
        print("ticket", ticket.reference, flush=True)
        with immediate(db):
            entry = audit.record(db, actor=None, entity="ticket", entity_key=ticket.reference,
                                 action="status", before="new", after="acknowledged")
        print("audit", entry, flush=True)
    else:
        print("message", record_message(db, channel="web", village="bayville", sender_key="k" * 32,
                                        direction="in", text=f"message {n}", delivered=False), flush=True)
"""


def test_everything_acknowledged_before_a_sigkill_is_in_the_database(tmp_path):
    path = tmp_path / "helpdesk.db"
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=REPO_ROOT,
                              stdout=subprocess.PIPE, text=True)
    acknowledged = []
    for line in writer.stdout:
        acknowledged.append(line.split())
        if len(acknowledged) == 300:
            writer.send_signal(signal.SIGKILL)  # mid-loop: likely inside the next write
            break
    writer.wait()
    assert writer.returncode == -signal.SIGKILL

    db = connect(path)  # the next start: recovers from the write-ahead log
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert migrate(db) == []
        messages = {row[0] for row in db.execute("SELECT id FROM chat_messages")}
        entries = {row[0] for row in db.execute("SELECT id FROM audit_log")}
        for kind, key in acknowledged:
            if kind == "message":
                assert int(key) in messages
            elif kind == "audit":
                assert int(key) in entries
            else:
                assert get_ticket(db, key).location.endswith("Main St")
        assert {kind for kind, _ in acknowledged} == {"message", "ticket", "audit"}
    finally:
        db.close()
