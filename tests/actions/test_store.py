"""The action server's database connection."""
from actions import action_db as store


def test_migrations_run_once_per_database_file(monkeypatch, tmp_path):
    calls = []
    real_migrate = store.migrate
    monkeypatch.setattr(store, "migrate", lambda db: calls.append(1) or real_migrate(db))
    monkeypatch.setenv("HELPDESK_DATABASE", str(tmp_path / "a.db"))
    store.start()  # the action server reads its settings at start
    for _ in range(3):
        with store.database() as db:
            assert "tickets" in db.table_names()
    monkeypatch.setenv("HELPDESK_DATABASE", str(tmp_path / "b.db"))
    store.start()  # the action server reads its settings at start
    with store.database() as db:
        assert "tickets" in db.table_names()
    assert len(calls) == 2
