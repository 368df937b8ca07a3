"""Fixtures for the staff desk: a migrated database with three accounts, and the Flask app
on it with a fixed clock."""
import re
import shutil
from urllib.parse import quote
from datetime import datetime, timezone

import pytest

from stormwater.staff import accounts
from stormwater.store.database import connect, migrate
from stormwater.reports.ticket_store import file_ticket
from web import create_app

# Monday 2026-11-30, 10:00 on Long Island.
NOW = datetime(2026, 11, 30, 15, 0, tzinfo=timezone.utc)
PASSWORD = "correct horse battery staple"
VILLAGES = ("bayville", "poquott")
SECRET = b"staff-test-secret-0123456789abcdef"


@pytest.fixture(autouse=True, scope="session")
def cheap_password_hashes():
    """A cheap hash for the tests' own accounts (scrypt costs a third of a second a check);
    ``test_passwords_are_stored_as_scrypt_hashes`` checks the real setting."""
    real = accounts.PASSWORD_HASH_METHOD
    accounts.PASSWORD_HASH_METHOD = "pbkdf2:sha256:1000"
    accounts._dummy_hash.cache_clear()
    yield real
    accounts.PASSWORD_HASH_METHOD = real
    accounts._dummy_hash.cache_clear()


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in ("HELPDESK_DATABASE", "HELPDESK_SECRET_KEY", "HELPDESK_PUBLIC_URL", "HELPDESK_COOKIE_SECURE",
                 "TWILIO_AUTH_TOKEN", "TWILIO_ACCOUNT_SID", "RASA_URL"):
        monkeypatch.delenv(name, raising=False)


def _accounts(db):
    return {
        "bay": make_user(db, "clerk@bayville.example", "bayville", name="Bay Clerk"),
        "bay2": make_user(db, "smo@bayville.example", "bayville", name="Bay SMO"),
        "pqt": make_user(db, "clerk@poquott.example", "poquott", name="Poquott Clerk"),
        "admin": make_user(db, "admin@county.example", admin=True, name="Admin"),
    }


@pytest.fixture(scope="session")
def template_db(tmp_path_factory):
    """A migrated database with the test accounts, made once: hashing a password takes a
    deliberate fraction of a second, so each test starts from a copy."""
    path = tmp_path_factory.mktemp("template") / "helpdesk.db"
    database = connect(path)
    migrate(database)
    made = _accounts(database)
    database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    database.close()
    return path, made


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "helpdesk.db")


@pytest.fixture
def db(db_path, users):
    database = connect(db_path)
    migrate(database)
    yield database
    database.close()


def make_user(db, email, village=None, admin=False, name=None):
    return accounts.create_user(
        db, email=email, password=PASSWORD, name=name or email.split("@")[0], village=village, admin=admin,
        known_villages=VILLAGES, now=NOW,
    )


@pytest.fixture
def users(template_db, db_path):
    """bay: Bayville staff; bay2: another Bayville clerk; pqt: Poquott staff; admin: all villages."""
    path, made = template_db
    shutil.copyfile(path, db_path)
    return made


def spill(db, village="bayville", now=NOW, **overrides):
    """A nonhazardous spill ticket filed at ``now``."""
    values = dict(
        village=village, kind="spill", channel="web", hazardous=False, location="12 Main Street drain",
        fields={"material": "motor oil", "amount": "a quart"}, transcript=[{"who": "resident", "text": "oil in the drain"}],
        reporter_name="Pat Doe", reporter_phone="(516) 555-0199", sender_key="reporter-key", now=now,
    )
    values.update(overrides)
    return file_ticket(db, **values)


@pytest.fixture
def app(db_path, db, users):
    return create_app({
        "TESTING": True, "DATABASE": db_path, "SECRET_KEY": SECRET, "RASA_URL": "http://127.0.0.1:9",
        "RASA_TIMEOUT": 1, "STAFF_NOW": NOW,
    })


@pytest.fixture
def client(app):
    return app.test_client()


_TOKEN = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')


def csrf_token(client, path):
    """The CSRF token of the form on ``path`` (GET)."""
    page = client.get(path)
    assert page.status_code == 200, page.status_code
    match = _TOKEN.search(page.get_data(as_text=True))
    assert match, f"no CSRF token on {path}"
    return match.group(1)


def login(client, email, password=PASSWORD, next_path=None):
    token = csrf_token(client, "/staff/login")
    url = "/staff/login" + (f"?next={quote(next_path, safe='')}" if next_path else "")
    return client.post(url, data={"email": email, "password": password, "csrf_token": token})


@pytest.fixture
def signed_in(client, users):
    """A client signed in as Bayville staff."""
    response = login(client, users["bay"].email)
    assert response.status_code == 302
    return client
