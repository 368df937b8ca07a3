"""The embeddable chat: the embed page, who may frame it, and the widget script."""
import re
from pathlib import Path

import pytest

import web
from web import create_app
from web.csp import InvalidFrameAncestors, parse_frame_ancestors

STATIC = Path(web.__file__).parent / "static"
VILLAGE_SITES = ["https://www.bayvilleny.gov", "https://poquott.org"]


def directives(response):
    csp = response.headers["Content-Security-Policy"]
    return dict(d.strip().split(" ", 1) for d in csp.split(";"))


@pytest.fixture(autouse=True)
def no_frame_ancestors_from_env(monkeypatch):
    monkeypatch.delenv("HELPDESK_FRAME_ANCESTORS", raising=False)


def test_only_the_embed_page_may_be_framed_by_the_allowed_village_sites(make_app):
    client = make_app(FRAME_ANCESTORS=VILLAGE_SITES).test_client()
    embed = client.get("/bayville/?embed=1")
    assert embed.status_code == 200
    assert directives(embed)["frame-ancestors"] == "'self' https://www.bayvilleny.gov https://poquott.org"
    assert directives(embed)["script-src"] == "'self'" and directives(embed)["default-src"] == "'none'"
    for path in ("/bayville/", "/bayville/?embed=yes", "/", "/api/villages", "/nowhere/?embed=1"):
        assert directives(client.get(path))["frame-ancestors"] == "'self'", path


def test_by_default_no_other_site_may_frame_the_embed_page(client):
    assert directives(client.get("/poquott/?embed=1"))["frame-ancestors"] == "'self'"


def test_the_embed_page_is_the_compact_chat(client):
    html = client.get("/poquott/?embed=1").get_data(as_text=True)
    assert '<body class="embed">' in html and 'data-embed="1"' in html
    assert 'id="chat-close"' in html and 'id="chat-input"' in html and 'aria-live="polite"' in html
    assert "Other villages" not in html  # a link that would navigate away inside the frame
    full = client.get("/poquott/").get_data(as_text=True)
    assert 'data-embed' not in full and 'id="chat-close"' not in full and "Other villages" in full


def test_the_page_carries_its_wording_for_the_script_as_data(client):
    html = client.get("/bayville/").get_data(as_text=True)
    found = re.search(r"data-words='([^']*)'", html)
    assert found and '"verdict_conditional": "Only if"' in found.group(1)
    assert "<" not in found.group(1)


def test_widget_script_is_served_at_the_root_with_a_short_cache(client):
    res = client.get("/widget.js")
    assert res.status_code == 200 and res.mimetype in ("text/javascript", "application/javascript")
    assert res.get_data() == (STATIC / "widget.js").read_bytes()
    assert res.cache_control.max_age == 3600 and not res.cache_control.no_cache


@pytest.mark.parametrize("name", ["widget.js", "chat.js"])
def test_scripts_never_build_html_from_strings(name):
    js = (STATIC / name).read_text()
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|setAttribute\(\"style", js)


def test_frame_ancestors_from_the_environment(monkeypatch):
    monkeypatch.setenv("HELPDESK_FRAME_ANCESTORS", " https://www.bayvilleny.gov,https://*.poquott.org  http://localhost:8080/ ")
    app = create_app({"SECRET_KEY": b"x" * 32})
    assert app.config["FRAME_ANCESTORS"] == ["https://www.bayvilleny.gov", "https://*.poquott.org", "http://localhost:8080"]


def test_an_invalid_frame_ancestor_stops_the_app_at_start(monkeypatch):
    monkeypatch.setenv("HELPDESK_FRAME_ANCESTORS", "https://ok.example.org 'unsafe-inline'")
    with pytest.raises(RuntimeError, match="HELPDESK_FRAME_ANCESTORS"):
        create_app({"SECRET_KEY": b"x" * 32})


@pytest.mark.parametrize(
    "raw",
    [
        "*", "https:", "'none'", "javascript:alert(1)", "https://a.example.org; script-src *",
        "https://a.example.org/path?x=1", "ftp://files.example.org", "https://", "data:",
    ],
)
def test_frame_ancestors_accept_only_website_origins(raw):
    with pytest.raises(InvalidFrameAncestors):
        parse_frame_ancestors(raw)


def test_no_frame_ancestors_is_an_empty_list():
    assert parse_frame_ancestors("") == [] and parse_frame_ancestors("  ") == []


def test_without_javascript_the_page_gives_the_village_clerks_number(app, client):
    clerk = app.extensions["villages"]["poquott"].contact("clerk")
    html = client.get("/poquott/?embed=1").get_data(as_text=True)
    noscript = re.search(r"<noscript>(.*?)</noscript>", html, re.S).group(1)
    assert clerk["phone"] and clerk["phone"] in noscript
