"""App factory, configuration, error handling, security headers and pages."""
import logging
import os
import re
import stat
from pathlib import Path

import pytest

import web
from stormwater.store.settings import Settings
from web import create_app, load_or_create_secret

WEB_DIR = Path(web.__file__).parent


def test_defaults_come_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("HELPDESK_DATABASE", str(tmp_path / "x.db"))
    monkeypatch.setenv("RASA_URL", "http://127.0.0.1:5999")
    monkeypatch.setenv("RASA_TOKEN", "tok")
    monkeypatch.setenv("RASA_TIMEOUT", "2.5")
    monkeypatch.setenv("HELPDESK_SECRET_KEY", "from-env-secret")
    monkeypatch.setenv("MAX_MESSAGE_CHARS", "300")
    app = create_app()
    assert app.config["DATABASE"] == str(tmp_path / "x.db")
    assert app.config["RASA_URL"] == "http://127.0.0.1:5999"
    assert app.config["RASA_TOKEN"] == "tok"
    assert app.config["RASA_TIMEOUT"] == 2.5
    assert app.config["SECRET_KEY"] == "from-env-secret"
    assert app.config["MAX_MESSAGE_CHARS"] == 300
    assert app.config["MAX_CONTENT_LENGTH"] == 64 * 1024
    assert (tmp_path / "x.db").exists()


def test_unset_environment_gives_safe_defaults():
    settings = web.app_config("/srv/instance", Settings.from_env())
    assert settings["DATABASE"] == os.path.join("/srv/instance", "helpdesk.db")
    assert settings["RASA_URL"] == "http://127.0.0.1:5005"
    assert settings["RASA_TOKEN"] is None
    assert settings["RASA_TIMEOUT"] == 10
    assert settings["SECRET_KEY"] is None
    assert settings["MAX_MESSAGE_CHARS"] == 2000
    assert settings["MAX_CONTENT_LENGTH"] == 65536


@pytest.mark.parametrize("name, value", [("RASA_TIMEOUT", "soon"), ("MAX_MESSAGE_CHARS", "0"), ("MAX_MESSAGE_CHARS", "1.5")])
def test_invalid_environment_fails_loudly(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(RuntimeError, match=name):
        web.app_config("/srv/instance", Settings.from_env())


def test_secret_key_file_created_private_and_reused(tmp_path):
    folder = tmp_path / "instance"
    key = load_or_create_secret(str(folder))
    path = folder / "secret_key"
    assert len(key) == 32 and path.read_bytes() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_create_secret(str(folder)) == key
    assert load_or_create_secret(str(tmp_path / "other")) != key
    assert [p.name for p in folder.iterdir()] == ["secret_key"]


def test_no_hard_coded_secret(app):
    source = "".join(p.read_text() for p in WEB_DIR.glob("*.py"))
    assert not re.search(r"SECRET_KEY\"?\]?\s*[:=]\s*[\"']", source)


def test_example_contacts_warning(make_app, caplog):
    with caplog.at_level(logging.WARNING):
        app = make_app()
    expected = {
        f"contacts are example values; fill in data/villages/{slug}.yml"
        for slug, village in app.extensions["villages"].items()
        if village.example_contacts
    }
    warned = {r.getMessage() for r in caplog.records if r.levelno == logging.WARNING}
    assert expected <= warned
    assert not {w for w in warned if "example values" in w} - expected


def test_schema_created_on_start(app):
    import sqlite3

    from stormwater.store.database import MIGRATIONS

    conn = sqlite3.connect(app.config["DATABASE"])
    columns = {row[1] for row in conn.execute("PRAGMA table_info(chat_messages)")}
    applied = [row[0] for row in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
    conn.close()
    assert applied == sorted(version for version, _, _ in MIGRATIONS)
    assert {"id", "created_at", "channel", "village", "sender_key", "direction", "text", "delivered", "custom"} <= columns


@pytest.mark.parametrize(
    "method, path, status, code",
    [
        ("get", "/api/nowhere", 404, "not_found"),
        ("get", "/api/chat", 405, "method_not_allowed"),
        ("delete", "/api/chat", 405, "method_not_allowed"),
        ("post", "/api/villages", 405, "method_not_allowed"),
    ],
)
def test_api_errors_are_json(client, method, path, status, code):
    res = getattr(client, method)(path)
    assert res.status_code == status and res.is_json
    assert res.get_json()["error"]["code"] == code
    assert res.get_json()["error"]["message"]
    if status == 405:
        assert "POST" in res.headers["Allow"] or "GET" in res.headers["Allow"]


def test_request_larger_than_limit_is_json_413(client, fake_rasa):
    big = b'{"sender": "abcdefgh", "message": "' + b"a" * (70 * 1024) + b'"}'
    res = client.post("/api/chat", data=big, content_type="application/json")
    assert res.status_code == 413 and res.is_json
    assert res.get_json()["error"]["code"] == "request_too_large"
    assert fake_rasa.received == []


def test_unexpected_exception_is_json_500_without_traceback(make_app, caplog):
    app = make_app()

    @app.get("/api/boom")
    def boom():
        raise RuntimeError("secret internals")

    @app.get("/boom")
    def boom_page():
        raise RuntimeError("secret internals")

    client = app.test_client()
    with caplog.at_level(logging.ERROR):
        res = client.get("/api/boom")
    assert res.status_code == 500 and res.is_json
    assert res.get_json()["error"]["code"] == "internal_error"
    assert b"secret internals" not in res.data and b"Traceback" not in res.data
    assert any("secret internals" in (r.exc_text or "") for r in caplog.records)
    page = client.get("/boom")
    assert page.status_code == 500 and b"Something went wrong" in page.data
    assert b"secret internals" not in page.data


def test_database_failure_is_json_500(make_app, tmp_path, fake_rasa):
    app = make_app()
    # A folder where the database file should be: SQLite cannot open it.
    app.config["DATABASE"] = str(tmp_path)
    res = app.test_client().post("/api/chat", json={"sender": "abcdefgh", "message": "hi"})
    assert res.status_code == 500 and res.get_json()["error"]["code"] == "internal_error"
    assert fake_rasa.received == []


def test_csp_header_on_pages_and_api(client):
    for path in ("/", "/bayville/", "/api/villages", "/nowhere/"):
        csp = client.get(path).headers["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
        assert directives["script-src"] == "'self'"
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert directives["default-src"] == "'none'"


def test_api_responses_not_cached(client):
    assert client.get("/api/villages").headers["Cache-Control"] == "no-store"
    assert client.get("/api/villages").headers["X-Content-Type-Options"] == "nosniff"


def test_index_lists_villages(app, client):
    res = client.get("/")
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    for slug, village in app.extensions["villages"].items():
        assert f'href="/{slug}/"' in html and village.name in html


def test_village_page(app, client):
    res = client.get("/poquott/")
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert app.extensions["villages"]["poquott"].name in html
    assert 'data-village="poquott"' in html and 'data-endpoint="/api/chat"' in html
    assert '<label for="chat-input">' in html and 'aria-live="polite"' in html
    assert 'maxlength="2000"' in html
    # Scripts only from files (the CSP forbids inline ones), no inline styles either.
    scripts = re.findall(r"<script([^>]*)>", html)
    assert scripts and all('src="/static/' in attrs for attrs in scripts)
    assert " style=" not in html and "<style" not in html and " on" + "click=" not in html
    assert client.get("/static/chat.js").status_code == 200


def test_chat_js_never_uses_inner_html():
    js = (WEB_DIR / "static" / "chat.js").read_text()
    assert "textContent" in js
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(", js)


def test_unknown_village_page_is_404(client):
    res = client.get("/atlantis/")
    assert res.status_code == 404
    assert b"Page not found" in res.data
    assert res.mimetype == "text/html"


def test_villages_endpoint(app, client):
    res = client.get("/api/villages")
    assert res.status_code == 200
    expected = [{"slug": v.slug, "name": v.name} for v in app.extensions["villages"].values()]
    assert res.get_json() == expected
    assert {v["slug"] for v in expected} == {"bayville", "poquott"}


def test_health_up(client, fake_rasa):
    res = client.get("/api/health")
    assert res.status_code == 200
    assert res.get_json() == {"web": "ok", "rasa": "ok"}
