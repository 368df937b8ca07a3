"""ops.backup: consistent copies while the help desk writes, and a restore that loses nothing."""
import http.server
import io
import os
import sqlite3
import tarfile
import threading

import pytest

from ops import backup
from ops.launcher import free_port
from stormwater.store.database import connect, migrate
from stormwater.reports.ticket_store import file_ticket, get_ticket
from stormwater.store.message_log import record_message


@pytest.fixture(autouse=True)
def nothing_running(monkeypatch):
    """Point the service ports at free ones, so no real help desk on this machine counts."""
    for name in ("HELPDESK_PORT", "RASA_PORT", "ACTION_PORT"):
        monkeypatch.setenv(name, str(free_port()))


def make_instance(folder):
    folder.mkdir(parents=True, exist_ok=True)
    paths = backup.Paths(folder / "helpdesk.db", folder / "trackers.db", folder / "secret_key")
    db = connect(paths.helpdesk)
    migrate(db)
    db.close()
    trackers = sqlite3.connect(paths.trackers)
    trackers.execute("PRAGMA journal_mode = WAL")
    trackers.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, sender_id TEXT, data TEXT)")
    trackers.execute("INSERT INTO events (sender_id, data) VALUES ('abc', '{}')")
    trackers.commit()
    trackers.close()
    paths.secret.write_bytes(b"k" * 32)
    return paths


def rows(path, table):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()
    finally:
        conn.close()


def test_a_backup_taken_while_messages_are_written_restores_a_consistent_prefix(tmp_path):
    live = make_instance(tmp_path / "live")
    stop = threading.Event()
    written = []

    def writer():
        db = connect(live.helpdesk)
        try:
            while not stop.is_set():
                written.append(record_message(
                    db, channel="web", village="bayville", sender_key="k" * 32, direction="in",
                    text=f"message {len(written)}", delivered=False,
                ))
        finally:
            db.close()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        while len(written) < 50:
            threading.Event().wait(0.01)
        archive = backup.create(tmp_path / "backups", live)
        after_backup = len(written)
        while len(written) < after_backup + 50:
            threading.Event().wait(0.01)
    finally:
        stop.set()
        thread.join()

    assert oct(os.stat(archive).st_mode & 0o777) == "0o600"
    restored = make_instance(tmp_path / "restored")
    results = backup.restore(archive, restored)
    assert results == {"helpdesk.db": "ok", "trackers.db": "ok"}
    copied = rows(restored.helpdesk, "chat_messages")
    source = rows(live.helpdesk, "chat_messages")
    # Every message committed before the copy is in it, whole; nothing after it is.
    assert 50 <= len(copied) < len(source)
    assert copied == source[: len(copied)]
    assert rows(restored.trackers, "events") == rows(live.trackers, "events")
    assert restored.secret.read_bytes() == b"k" * 32


def test_two_backups_in_the_same_second_are_both_kept(tmp_path, monkeypatch):
    live = make_instance(tmp_path / "live")
    monkeypatch.setattr(backup, "_utc_stamp", lambda: "20261130T131500Z")
    first = backup.create(tmp_path / "backups", live)
    second = backup.create(tmp_path / "backups", live)
    assert first != second and first.exists() and second.exists()


def test_restore_brings_back_a_ticket_and_keeps_the_replaced_files(tmp_path, bayville):
    live = make_instance(tmp_path / "live")
    db = connect(live.helpdesk)
    ticket = file_ticket(db, village=bayville, kind="spill", channel="web", hazardous=False,
                         reporter_name="Pat Lee", reporter_phone="(516) 555-0199", location="12 Main St")
    db.close()
    archive = backup.create(tmp_path / "backups", live)

    db = connect(live.helpdesk)
    db.execute("DELETE FROM tickets")
    db.conn.commit()
    db.close()
    backup.restore(archive, live)

    db = connect(live.helpdesk)
    try:
        back = get_ticket(db, ticket.reference)
        assert (back.reporter_name, back.reporter_phone, back.location) == ("Pat Lee", "(516) 555-0199", "12 Main St")
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        db.close()
    kept = [p for p in live.helpdesk.parent.glob("helpdesk.db.before-restore-*") if p.name[-4:] not in ("-wal", "-shm")]
    assert len(kept) == 1 and rows(kept[0], "tickets") == []


def test_the_command_line_uses_the_services_paths(tmp_path, monkeypatch, capsys):
    live = make_instance(tmp_path / "instance")
    monkeypatch.setenv("HELPDESK_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.delenv("HELPDESK_DATABASE", raising=False)
    monkeypatch.delenv("RASA_TRACKER_DB", raising=False)
    assert backup.main(["create", str(tmp_path / "backups")]) == 0
    archive = next((tmp_path / "backups").glob("helpdesk-backup-*.tar.gz"))
    assert str(archive) in capsys.readouterr().out
    assert backup.main(["restore", str(archive)]) == 0
    assert "helpdesk.db (integrity ok), trackers.db (integrity ok)" in capsys.readouterr().out
    assert backup.main(["restore", str(tmp_path / "missing.tar.gz")]) == 1
    assert "cannot read" in capsys.readouterr().err
    assert live.helpdesk.exists()


class _Health(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


def test_restore_refuses_while_a_service_answers_unless_forced(tmp_path, monkeypatch):
    live = make_instance(tmp_path / "live")
    archive = backup.create(tmp_path / "backups", live)
    server = http.server.HTTPServer(("127.0.0.1", 0), _Health)
    monkeypatch.setenv("HELPDESK_PORT", str(server.server_address[1]))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        before = sorted(p.name for p in live.helpdesk.parent.iterdir())
        with pytest.raises(backup.BackupError, match="running \\(web\\)"):
            backup.restore(archive, live)
        assert sorted(p.name for p in live.helpdesk.parent.iterdir()) == before
        assert backup.restore(archive, live, force=True)["helpdesk.db"] == "ok"
    finally:
        server.shutdown()
        server.server_close()


def test_a_damaged_archive_is_refused_and_nothing_changes(tmp_path):
    live = make_instance(tmp_path / "live")
    archive = backup.create(tmp_path / "backups", live)
    damaged = tmp_path / "damaged.tar.gz"
    with tarfile.open(archive) as src, tarfile.open(damaged, "w:gz") as dst:
        for member in src.getmembers():
            data = src.extractfile(member).read()
            if member.name == "helpdesk.db":
                data = data[:-100] + b"x" * 100
            member.size = len(data)
            dst.addfile(member, io.BytesIO(data))
    before = live.helpdesk.read_bytes()
    with pytest.raises(backup.BackupError, match="checksum"):
        backup.restore(damaged, live)
    assert live.helpdesk.read_bytes() == before
    with pytest.raises(backup.BackupError, match="not a help desk backup|cannot read"):
        backup.restore(live.secret, live)
