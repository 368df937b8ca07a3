"""Signing in and out of /staff/: sessions, lock-out, CSRF, cookies, redirects, the CLI."""
from datetime import timedelta

import pytest

from stormwater.staff import accounts, audit
from stormwater.staff.accounts import MAX_FAILURES
from web import create_app

from .conftest import PASSWORD, SECRET, csrf_token, login, spill


@pytest.mark.parametrize("path", ["/staff/", "/staff/inbox", "/staff/summary", "/staff/export.csv",
                                  "/staff/summary.csv", "/staff/tickets/BAY-2222222"])
def test_every_page_needs_sign_in(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/staff/login?next=")


def test_sign_in_and_out(client, users, db):
    ticket = spill(db)
    response = login(client, users["bay"].email, next_path="/staff/tickets/" + ticket.reference)
    assert response.status_code == 302 and response.headers["Location"] == "/staff/tickets/" + ticket.reference
    page = client.get("/staff/")
    assert page.status_code == 200 and ticket.reference in page.get_data(as_text=True)
    assert page.headers["Cache-Control"] == "no-store"
    cookie = client.get_cookie("session")
    token = csrf_token(client, "/staff/")
    response = client.post("/staff/logout", data={"csrf_token": token})
    assert response.status_code == 302 and response.headers["Location"] == "/staff/login"
    assert client.get("/staff/").status_code == 302
    # The cookie from before signing out no longer opens the desk.
    client.set_cookie("session", cookie.value)
    assert client.get("/staff/").status_code == 302


def test_wrong_password_and_unknown_email_get_the_same_answer(client, users):
    wrong = login(client, users["bay"].email, "not the password!")
    unknown = login(client, "nobody@bayville.example", PASSWORD)
    assert wrong.status_code == unknown.status_code == 401
    assert "email address or the password is wrong" in wrong.get_data(as_text=True)
    assert wrong.get_data(as_text=True).count("wrong") == unknown.get_data(as_text=True).count("wrong")
    assert client.get("/staff/").status_code == 302


def test_lock_out(client, users):
    for _ in range(MAX_FAILURES - 1):
        assert login(client, users["bay"].email, "not the password!").status_code == 401
    locked = login(client, users["bay"].email, "not the password!")
    assert locked.status_code == 429 and "Too many failed sign-ins" in locked.get_data(as_text=True)
    assert login(client, users["bay"].email, PASSWORD).status_code == 429
    assert client.get("/staff/").status_code == 302


def test_login_without_a_csrf_token_is_refused(client, users):
    response = client.post("/staff/login", data={"email": users["bay"].email, "password": PASSWORD})
    assert response.status_code == 400
    assert "form has expired" in response.get_data(as_text=True)
    bad = client.post("/staff/login", data={"email": users["bay"].email, "password": PASSWORD, "csrf_token": "forged"})
    assert bad.status_code == 400
    assert client.get("/staff/").status_code == 302


def test_changes_without_a_csrf_token_are_refused(signed_in, db):
    ticket = spill(db)
    url = f"/staff/tickets/{ticket.reference}"
    for action, data in (("status", {"status": "acknowledged", "expected": "new"}), ("notes", {"body": "x"})):
        assert signed_in.post(f"{url}/{action}", data=data).status_code == 400
    assert signed_in.post("/staff/logout").status_code == 400
    page = signed_in.get(url).get_data(as_text=True)
    assert 'id="ticket-status">new<' in page and "No notes yet" in page


def test_a_token_from_another_session_is_refused(app, users, db):
    ticket = spill(db)
    first, second = app.test_client(), app.test_client()
    login(first, users["bay"].email)
    login(second, users["bay2"].email)
    token = csrf_token(first, f"/staff/tickets/{ticket.reference}")
    response = second.post(f"/staff/tickets/{ticket.reference}/status",
                           data={"status": "acknowledged", "expected": "new", "csrf_token": token})
    assert response.status_code == 400


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/staff/", "/\\evil.example",
                                    "/api/chat", "javascript:alert(1)", "/staff/\r\nSet-Cookie:x"])
def test_next_never_leaves_the_staff_desk(client, users, target):
    response = login(client, users["bay"].email, next_path=target)
    assert response.status_code == 302 and response.headers["Location"] == "/staff/"


def test_sessions_end_after_a_working_day(app, client, users):
    response = login(client, users["bay"].email)
    assert app.permanent_session_lifetime == timedelta(hours=8)
    assert "Expires=" in session_cookie_header(response)


def test_sign_in_replaces_the_session(client, users):
    with client.session_transaction() as session:
        session["planted"] = "by someone else"
    login(client, users["bay"].email)
    with client.session_transaction() as session:
        assert "planted" not in session and session.permanent


def session_cookie_header(response, name="session"):
    [header] = [h for h in response.headers.getlist("Set-Cookie") if h.startswith(name + "=")]
    return header


def test_cookie_flags_over_http(client, users):
    header = session_cookie_header(login(client, users["bay"].email))
    assert "HttpOnly" in header and "SameSite=Lax" in header and "Secure" not in header


@pytest.mark.parametrize("env, public_url, secure", [
    ({}, "https://helpdesk.example.org", True),
    ({"HELPDESK_COOKIE_SECURE": "false"}, "https://helpdesk.example.org", False),
    ({"HELPDESK_COOKIE_SECURE": "1"}, None, True),
])
def test_cookie_secure_follows_the_public_url_or_the_setting(db_path, users, monkeypatch, env, public_url, secure):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    app = create_app({"TESTING": True, "DATABASE": db_path, "SECRET_KEY": SECRET, "PUBLIC_BASE_URL": public_url})
    assert app.config["SESSION_COOKIE_SECURE"] is secure
    name = app.config["SESSION_COOKIE_NAME"]
    assert (name == "__Host-helpdesk") is secure
    client, base = app.test_client(), "https://localhost" if secure else "http://localhost"
    token = csrf_token(client, base + "/staff/login")
    response = client.post(base + "/staff/login", data={"email": users["bay"].email, "password": PASSWORD, "csrf_token": token},
                           headers={"Referer": base + "/staff/login"})
    assert response.status_code == 302
    header = session_cookie_header(response, name)
    assert ("; Secure" in header) is secure and "HttpOnly" in header


def test_over_https_a_post_from_elsewhere_is_refused_even_with_a_token(db_path, users):
    app = create_app({"TESTING": True, "DATABASE": db_path, "SECRET_KEY": SECRET,
                      "PUBLIC_BASE_URL": "https://helpdesk.example.org"})
    client = app.test_client()
    page = client.get("https://localhost/staff/login")
    # Staff pages send the Referer to their own origin, which the check needs.
    assert page.headers["Referrer-Policy"] == "same-origin"
    token = csrf_token(client, "https://localhost/staff/login")
    data = {"email": users["bay"].email, "password": PASSWORD, "csrf_token": token}
    assert client.post("https://localhost/staff/login", data=data).status_code == 400
    assert client.post("https://localhost/staff/login", data=data,
                       headers={"Referer": "https://evil.example/staff/login"}).status_code == 400
    assert client.post("https://localhost/staff/login", data=data,
                       headers={"Referer": "https://localhost/staff/login"}).status_code == 302


def test_a_bad_cookie_secure_setting_stops_the_app(db_path, users, monkeypatch):
    monkeypatch.setenv("HELPDESK_COOKIE_SECURE", "sometimes")
    with pytest.raises(RuntimeError, match="HELPDESK_COOKIE_SECURE"):
        create_app({"TESTING": True, "DATABASE": db_path, "SECRET_KEY": SECRET})


def test_public_endpoints_stay_csrf_exempt(client):
    # The chat API has its own checks (JSON only) and answers without a CSRF token.
    response = client.post("/api/chat", json={"sender": "browser-0001", "message": "", "village": "bayville"})
    assert response.status_code == 400 and response.get_json()["error"]["code"] == "empty_message"
    # Twilio's webhook: refused for the missing token/signature, not for CSRF.
    assert client.post("/sms", data={"Body": "hi"}).status_code in (403, 503)


def test_cli_creates_accounts_with_a_password_from_stdin_or_a_prompt(app, db):
    runner = app.test_cli_runner()
    result = runner.invoke(args=["staff", "create-user", "--email", "New@Bayville.example", "--village", "bayville",
                                 "--name", "New Clerk", "--password-stdin"], input="a long enough password\n")
    assert result.exit_code == 0, result.output
    assert "Created staff new@bayville.example for bayville" in result.output
    result = runner.invoke(args=["staff", "create-user", "--email", "boss@county.example", "--admin"],
                           input="another long password\nanother long password\n")
    assert result.exit_code == 0, result.output
    assert accounts.authenticate(db, "new@bayville.example", "a long enough password").user.name == "New Clerk"
    assert accounts.authenticate(db, "boss@county.example", "another long password").user.is_admin
    listing = runner.invoke(args=["staff", "list-users"]).output
    assert "boss@county.example\tadmin\tall villages\tactive" in listing


@pytest.mark.parametrize("args, stdin, message", [
    (["--email", "x@bayville.example", "--village", "bayville", "--password-stdin"], "short\n", "at least 12"),
    (["--email", "x@bayville.example", "--village", "atlantis", "--password-stdin"], "a long enough password\n", "unknown village"),
    (["--email", "x@bayville.example", "--password-stdin"], "a long enough password\n", "give the village"),
    (["--email", "clerk@bayville.example", "--village", "bayville", "--password-stdin"], "a long enough password\n", "exists"),
])
def test_cli_refuses_bad_accounts(app, args, stdin, message):
    result = app.test_cli_runner().invoke(args=["staff", "create-user", *args], input=stdin)
    assert result.exit_code != 0 and message in result.output


def test_cli_set_password(app, db, users):
    runner = app.test_cli_runner()
    result = runner.invoke(args=["staff", "set-password", "--email", users["bay"].email, "--password-stdin"],
                           input="a fresh passphrase here\n")
    assert result.exit_code == 0, result.output
    assert accounts.authenticate(db, users["bay"].email, "a fresh passphrase here").user is not None
    assert accounts.authenticate(db, users["bay"].email, PASSWORD).user is None


def test_cli_deactivate_ends_sessions_and_sign_in(app, client, db, users):
    login(client, users["bay"].email)
    assert client.get("/staff/").status_code == 200
    runner = app.test_cli_runner()
    result = runner.invoke(args=["staff", "deactivate", "--email", users["bay"].email])
    assert result.exit_code == 0 and "deactivated" in result.output
    assert client.get("/staff/").status_code == 302
    assert login(client, users["bay"].email).status_code == 401
    assert runner.invoke(args=["staff", "activate", "--email", users["bay"].email]).exit_code == 0
    assert login(client, users["bay"].email).status_code == 302
    assert runner.invoke(args=["staff", "deactivate", "--email", "nobody@x.example"]).exit_code != 0
    actions = [(e.action, e.after) for e in audit.entries(db, "staff_user", users["bay"].id)]
    assert actions[-2:] == [("active", {"active": False}), ("active", {"active": True})]


def test_one_address_trying_many_accounts_is_slowed_down(app, users):
    from web.staff.views_auth import SIGN_IN_LIMITS

    attacker = app.test_client()
    attacker.environ_base["REMOTE_ADDR"] = "203.0.113.9"
    for n in range(SIGN_IN_LIMITS.per_ip):
        assert login(attacker, f"guess{n}@bayville.example", "wrong password 123").status_code == 401
    refused = login(attacker, users["bay"].email)  # even the right password, from that address
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "Too many sign-in attempts from this network" in refused.get_data(as_text=True)

    office = app.test_client()
    office.environ_base["REMOTE_ADDR"] = "198.51.100.7"
    assert login(office, users["bay"].email).status_code == 302
