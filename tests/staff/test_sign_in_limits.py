"""Issue 16 item 7: sign-in attempts are limited per client address, loopback included
(behind a reverse proxy on the same host every attempt comes from loopback)."""
from web.staff.views_auth import SIGN_IN_LIMITS

from .conftest import login


def test_sign_in_from_loopback_is_limited_per_address_too(app, users):
    local = app.test_client()
    local.environ_base["REMOTE_ADDR"] = "127.0.0.1"
    for n in range(SIGN_IN_LIMITS.per_ip):
        assert login(local, f"guess{n}@bayville.example", "wrong password 123").status_code == 401
    refused = login(local, users["bay"].email)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
