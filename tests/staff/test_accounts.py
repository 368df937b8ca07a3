"""Staff accounts: hashed passwords, the sign-in check, the lock-out, session tokens."""
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from stormwater.staff import accounts, audit
from stormwater.staff.accounts import MAX_FAILURES, AccountError, authenticate
from stormwater.store.database import connect, migrate

from .conftest import NOW, PASSWORD, VILLAGES, make_user


def test_passwords_are_stored_as_scrypt_hashes(db, cheap_password_hashes, monkeypatch):
    monkeypatch.setattr(accounts, "PASSWORD_HASH_METHOD", cheap_password_hashes)
    user = make_user(db, "new@bayville.example", "bayville")
    stored = db.execute("SELECT password_hash FROM staff_users WHERE id = ?", [user.id]).fetchone()[0]
    assert stored.startswith("scrypt:")
    assert PASSWORD not in stored
    assert authenticate(db, user.email, PASSWORD, NOW).user == user


def test_no_account_exists_until_one_is_created(tmp_path):
    fresh = connect(tmp_path / "fresh.db")
    migrate(fresh)
    assert fresh.execute("SELECT count(*) FROM staff_users").fetchone()[0] == 0
    fresh.close()


@pytest.mark.parametrize("kwargs, message", [
    (dict(email="not-an-email", village="bayville"), "not an email"),
    (dict(email="a@b.example", village=None), "give the village"),
    (dict(email="a@b.example", village="atlantis"), "unknown village"),
    (dict(email="a@b.example", village="bayville", admin=True), "not both"),
    (dict(email="a@b.example", village="bayville", password="short"), "at least 12"),
    (dict(email="a@b.example", village="bayville", password="x" * 300), "at most"),
])
def test_create_user_refuses_bad_input(db, kwargs, message):
    values = dict(password=PASSWORD, name="A", known_villages=VILLAGES)
    values.update(kwargs)
    before = db.execute("SELECT count(*) FROM staff_users").fetchone()[0]
    with pytest.raises(AccountError, match=message):
        accounts.create_user(db, **values)
    assert db.execute("SELECT count(*) FROM staff_users").fetchone()[0] == before


def test_an_email_is_one_account_whatever_its_case(db, users):
    with pytest.raises(AccountError, match="exists already"):
        make_user(db, "CLERK@Bayville.example", "bayville")


def test_creation_is_audited(db, users):
    [entry] = audit.entries(db, "staff_user", users["admin"].id)
    assert (entry.actor, entry.action, entry.after["role"]) == ("cli", "create", "admin")
    assert "password" not in str(entry.after)


def test_right_password_signs_in_and_wrong_one_does_not(db, users):
    assert authenticate(db, " Clerk@Bayville.example ", PASSWORD, NOW).user == users["bay"]
    wrong = authenticate(db, users["bay"].email, PASSWORD + "x", NOW)
    unknown = authenticate(db, "nobody@bayville.example", PASSWORD, NOW)
    assert (wrong.user, wrong.refused) == (None, "invalid")
    assert (unknown.user, unknown.refused) == (None, "invalid")


def test_lock_out_after_too_many_failures_even_for_the_right_password(db, users):
    email = users["bay"].email
    results = [authenticate(db, email, "wrong password!!", NOW + timedelta(seconds=i)) for i in range(MAX_FAILURES)]
    assert [r.refused for r in results] == ["invalid"] * (MAX_FAILURES - 1) + ["locked"]
    locked = authenticate(db, email, PASSWORD, NOW + timedelta(minutes=5))
    assert locked.user is None and locked.refused == "locked"
    assert locked.locked_until == NOW + timedelta(seconds=MAX_FAILURES - 1) + accounts.LOCKOUT
    # Other accounts are not affected.
    assert authenticate(db, users["bay2"].email, PASSWORD, NOW).user == users["bay2"]
    # After the lock-out the right password works and the counter starts again.
    later = NOW + timedelta(minutes=30)
    assert authenticate(db, email, PASSWORD, later).user == users["bay"]
    assert authenticate(db, email, "wrong password!!", later).refused == "invalid"
    assert [e.action for e in audit.entries(db, "staff_user", users["bay"].id)] == ["create", "locked_out"]


def test_failures_spread_beyond_the_window_do_not_lock(db, users):
    email = users["bay"].email
    for i in range(MAX_FAILURES * 2):
        result = authenticate(db, email, "wrong password!!", NOW + i * accounts.FAILURE_WINDOW / 2)
        assert result.refused == "invalid"
    assert authenticate(db, email, PASSWORD, NOW + MAX_FAILURES * accounts.FAILURE_WINDOW).user == users["bay"]


def test_unknown_addresses_lock_the_same_way(db):
    results = [authenticate(db, "ghost@bayville.example", "whatever12345", NOW) for _ in range(MAX_FAILURES)]
    assert results[-1].refused == "locked"


def test_inactive_accounts_cannot_sign_in(db, users):
    db.execute("UPDATE staff_users SET active = 0 WHERE id = ?", [users["bay"].id])
    db.conn.commit()
    assert authenticate(db, users["bay"].email, PASSWORD, NOW).user is None
    assert accounts.user_for_session(db, f"{users['bay'].id}:{users['bay'].session_token}") is None


def test_session_ids_need_the_current_token(db, users):
    user = users["bay"]
    assert accounts.user_for_session(db, f"{user.id}:{user.session_token}") == user
    for bad in ("", str(user.id), f"{user.id}:", f"{user.id}:nope", f"x:{user.session_token}", f"{users['pqt'].id}:{user.session_token}"):
        assert accounts.user_for_session(db, bad) is None
    accounts.end_sessions(db, user)
    assert accounts.user_for_session(db, f"{user.id}:{user.session_token}") is None


def test_set_password_replaces_it_ends_sessions_and_lifts_the_lock(db, users):
    email = users["bay"].email
    for _ in range(MAX_FAILURES):
        authenticate(db, email, "wrong password!!", NOW)
    updated = accounts.set_password(db, email, "a brand new passphrase")
    assert updated.session_token != users["bay"].session_token
    assert authenticate(db, email, PASSWORD, NOW).refused == "invalid"
    assert authenticate(db, email, "a brand new passphrase", NOW).user.id == users["bay"].id
    with pytest.raises(AccountError):
        accounts.set_password(db, "nobody@x.example", "a brand new passphrase")


def test_list_users_for_a_village_is_its_staff_and_the_admins(db, users):
    assert [u.email for u in accounts.list_users(db, "bayville")] == [
        "admin@county.example", "clerk@bayville.example", "smo@bayville.example"]
    assert users["bay"].can_see("bayville") and not users["bay"].can_see("poquott")
    assert not users["bay"].can_see(None)
    assert users["admin"].can_see("poquott") and users["admin"].can_see(None)


def _slow_hash_checks(monkeypatch, seconds=0.05, during=None):
    """Make each password check take ``seconds`` (as scrypt does), and optionally run
    ``during()`` in the middle of it."""
    real = accounts.check_password_hash

    def slow(stored, password):
        time.sleep(seconds)
        if during is not None:
            during()
        return real(stored, password)

    monkeypatch.setattr(accounts, "check_password_hash", slow)


def test_thirty_wrong_passwords_at_once_are_counted_exactly(db_path, users, monkeypatch):
    # Issue 16 item 1: 30 concurrent wrong passwords all got checked before the lock engaged.
    checked = []
    _slow_hash_checks(monkeypatch, during=lambda: checked.append(1))
    email = users["bay"].email
    start = threading.Barrier(30)

    def attempt(_):
        own = connect(db_path)
        try:
            start.wait()
            return authenticate(own, email, "not the password!", NOW).refused
        finally:
            own.close()

    with ThreadPoolExecutor(30) as pool:
        refusals = list(pool.map(attempt, range(30)))
    check = connect(db_path)
    try:
        failures = check.execute("SELECT failures FROM staff_login_failures WHERE email = ?", [email]).fetchone()[0]
    finally:
        check.close()
    assert failures == MAX_FAILURES
    assert len(checked) == MAX_FAILURES  # the other 25 were refused without a hash check
    # An attempt whose check ends after the fifth failure locked the address is refused as
    # locked, so "invalid" is at most four.
    assert refusals.count("invalid") + refusals.count("locked") == 30
    assert refusals.count("invalid") <= MAX_FAILURES - 1


def test_a_right_password_checked_while_the_lock_engages_is_refused(db_path, db, users, monkeypatch):
    email = users["bay"].email

    def attacker_locks_the_address():
        other = connect(db_path)
        try:
            for _ in range(MAX_FAILURES):
                authenticate(other, email, "not the password!", NOW)
        finally:
            other.close()

    fired = []

    def once():
        if not fired:
            fired.append(True)
            attacker_locks_the_address()

    _slow_hash_checks(monkeypatch, seconds=0, during=once)
    result = authenticate(db, email, PASSWORD, NOW)
    assert result.user is None and result.refused == "locked"
