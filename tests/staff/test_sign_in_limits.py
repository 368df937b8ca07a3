"""Sign-in attempts are limited per account and client address, and per client address.

Issue 16 item 7: behind a reverse proxy on the same host every attempt comes from loopback.
Issue 29: one shared loopback bucket let any local process lock out all staff; now each
account typed has its own bucket per address, and loopback is not one address-wide bucket."""
from web.network import TrustedProxyFix
from web.staff.views_auth import SIGN_IN_LIMITS

from .conftest import login


def test_a_local_process_guessing_other_accounts_does_not_lock_out_a_clerk(app, users):
    local = app.test_client()
    local.environ_base["REMOTE_ADDR"] = "127.0.0.1"
    for n in range(SIGN_IN_LIMITS.per_ip + 5):
        assert login(local, f"guess{n}@bayville.example", "wrong password 123").status_code == 401
    clerk = app.test_client()
    clerk.environ_base["REMOTE_ADDR"] = "127.0.0.1"
    assert login(clerk, users["bay"].email).status_code == 302


def test_sign_in_from_loopback_is_limited_per_account(app, users):
    local = app.test_client()
    local.environ_base["REMOTE_ADDR"] = "127.0.0.1"
    for _ in range(SIGN_IN_LIMITS.per_sender):
        assert login(local, "target@bayville.example", "wrong password 123").status_code in (401, 429)
    refused = login(local, "Target@Bayville.example ", "wrong password 123")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert login(local, users["bay"].email).status_code == 302  # another account: its own bucket


def test_each_declared_client_behind_the_proxy_has_its_own_limit(app, users):
    app.wsgi_app = TrustedProxyFix(app.wsgi_app, 1, app.config["PROXY_ADDRESSES"])  # HELPDESK_TRUSTED_PROXIES=1

    def client_at(address):
        client = app.test_client()
        client.environ_base.update(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=address)
        return client

    spraying = client_at("203.0.113.9")
    for n in range(SIGN_IN_LIMITS.per_ip):
        login(spraying, f"guess{n}@bayville.example", "wrong password 123")
    assert login(spraying, users["bay"].email).status_code == 429  # one password against every account: slowed
    assert login(client_at("198.51.100.7"), users["bay"].email).status_code == 302
