"""Issue 16 item 8: residents' data and the keys are readable by the help desk's own user only.

The instance folder is 0700 and every database file (with its -wal and -shm), trackers.db,
the secret key and the spool are 0600, when created and, for older installs, at start.
"""
import logging
import os
import stat

import pytest

from ops.launcher import Settings, services
from stormwater.store import spool
from stormwater.store.database import connect, migrate
from web import create_app


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def usual_umask():
    old = os.umask(0o022)  # the common default, under which files come out 0644
    yield
    os.umask(old)


def test_a_new_database_and_its_folder_are_private(tmp_path):
    path = tmp_path / "instance" / "helpdesk.db"
    db = connect(path)
    migrate(db)  # writes: -wal and -shm exist now
    assert mode(path.parent) == 0o700
    for name in ("helpdesk.db", "helpdesk.db-wal", "helpdesk.db-shm"):
        assert mode(path.parent / name) == 0o600, name
    db.close()


def test_the_spool_is_private(tmp_path):
    database = tmp_path / "helpdesk.db"
    spool.append(database, "chat_messages", {"text": "oil in the drain"})
    assert mode(spool.spool_file(database)) == 0o600


def test_an_old_world_readable_instance_is_fixed_when_the_web_app_starts(tmp_path, monkeypatch, caplog):
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o755)
    os.chmod(instance, 0o755)
    for name in ("helpdesk.db", "helpdesk.db-wal", "helpdesk.db-shm", "trackers.db", "secret_key"):
        (instance / name).write_bytes(b"" if "db" in name else os.urandom(32))
        os.chmod(instance / name, 0o644)
    monkeypatch.setenv("HELPDESK_INSTANCE", str(instance))
    for name in ("HELPDESK_DATABASE", "HELPDESK_SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    with caplog.at_level(logging.WARNING):
        create_app({"TESTING": True})
    assert mode(instance) == 0o700
    for name in ("helpdesk.db", "trackers.db", "secret_key"):
        assert mode(instance / name) == 0o600, name
    for path in instance.iterdir():  # SQLite removes an empty -wal on close
        assert mode(path) == 0o600, path.name
    assert "helpdesk.db-wal was readable by other users" in caplog.text and "0600" in caplog.text


def test_the_launcher_makes_the_instance_and_trackers_db_private_before_rasa_starts(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("HELPDESK_DATABASE", raising=False)
    instance = tmp_path / "instance"
    services(Settings(instance=instance))
    assert "readable by other users" not in capsys.readouterr().out  # nothing it made itself
    assert mode(instance) == 0o700
    assert mode(instance / "trackers.db") == 0o600  # Rasa opens the file made here
    assert mode(instance / "secret_key") == 0o600


def test_a_file_the_help_desk_may_not_chmod_does_not_stop_it(tmp_path, monkeypatch):
    from stormwater.store import file_modes

    (tmp_path / "helpdesk.db").write_bytes(b"")
    os.chmod(tmp_path / "helpdesk.db", 0o644)

    def refuse(path, mode):
        raise PermissionError(path)

    monkeypatch.setattr(file_modes.os, "chmod", refuse)
    assert file_modes.make_private(tmp_path, [tmp_path / "helpdesk.db"]) == []
