"""Staff accounts: creation, password checks and the sign-in lock-out.

Passwords are stored as werkzeug scrypt hashes. Failed sign-ins are counted per email
address as typed (whether or not an account has it, so the lock-out does not reveal which
addresses exist): :data:`MAX_FAILURES` within :data:`FAILURE_WINDOW` lock that address
for :data:`LOCKOUT`. No account or password ships with the code; ``flask --app web staff
create-user`` makes them.
"""
from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import List, Optional

from sqlite_utils import Database
from werkzeug.security import check_password_hash, generate_password_hash

from stormwater.staff import audit
from stormwater.store.clock import iso, utc_now
from stormwater.store.database import immediate

ROLE_STAFF = "staff"
ROLE_ADMIN = "admin"
# werkzeug's scrypt, with its default cost (about a third of a second per check here).
PASSWORD_HASH_METHOD = "scrypt"
MIN_PASSWORD_CHARS = 12
MAX_PASSWORD_CHARS = 256  # hashing a megabyte-long "password" would be a cheap way to burn CPU
MAX_FAILURES = 5
FAILURE_WINDOW = timedelta(minutes=15)
LOCKOUT = timedelta(minutes=15)
_EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]{1,190}\.[^@\s.]{2,63}")
_USER_COLUMNS = "id, email, name, role, village, session_token, active"


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    # Checked against when the email is unknown, so a wrong address costs as long as a wrong password.
    return generate_password_hash(secrets.token_urlsafe(16), method=PASSWORD_HASH_METHOD)


class AccountError(ValueError):
    """An account cannot be created or changed as asked (the message says why)."""


@dataclass(frozen=True)
class StaffUser:
    """A staff member as the desk sees them (never the password hash)."""

    id: int
    email: str
    name: str
    role: str
    village: Optional[str]
    session_token: str
    active: bool

    @property
    def is_admin(self) -> bool:
        return self.role == ROLE_ADMIN

    def can_see(self, village: Optional[str]) -> bool:
        """Whether this user may read and change what belongs to ``village``.

        Admins see every village and texts to unknown numbers (``village`` ``None``).
        """
        return self.is_admin or (village is not None and village == self.village)


@dataclass(frozen=True)
class SignIn:
    """The outcome of :func:`authenticate`: a user, or why not (``"invalid"``, ``"locked"``)."""

    user: Optional[StaffUser]
    refused: Optional[str] = None
    locked_until: Optional[datetime] = None


def normalize_email(email: str) -> str:
    """An email address as stored: trimmed, lower case."""
    return (email or "").strip().lower()


def _user(row) -> StaffUser:
    return StaffUser(
        id=int(row[0]), email=row[1], name=row[2], role=row[3], village=row[4],
        session_token=row[5], active=bool(row[6]),
    )


def check_password_rules(password: str) -> None:
    """Raise :class:`AccountError` unless ``password`` is long enough and not too long."""
    if not isinstance(password, str) or len(password) < MIN_PASSWORD_CHARS:
        raise AccountError(f"the password must have at least {MIN_PASSWORD_CHARS} characters")
    if len(password) > MAX_PASSWORD_CHARS:
        raise AccountError(f"the password must have at most {MAX_PASSWORD_CHARS} characters")


def create_user(
    db: Database,
    *,
    email: str,
    password: str,
    name: str,
    village: Optional[str] = None,
    admin: bool = False,
    known_villages=(),
    now: Optional[datetime] = None,
) -> StaffUser:
    """Create an account: village staff (``village``) or an admin of every village.

    :param known_villages: the village slugs that exist; ``village`` must be one of them
    :raises AccountError: for a bad email, a short password, a missing or unknown village,
      both a village and ``admin``, or an email already in use
    """
    email = normalize_email(email)
    name = (name or "").strip() or email
    if not _EMAIL.fullmatch(email):
        raise AccountError(f"{email!r} is not an email address")
    if admin and village:
        raise AccountError("an admin sees every village: give --admin or --village, not both")
    if not admin and not village:
        raise AccountError("give the village this person works for (or make them an admin)")
    if village and village not in set(known_villages):
        raise AccountError(f"unknown village {village!r}; known: {', '.join(sorted(known_villages))}")
    check_password_rules(password)
    password_hash = generate_password_hash(password, method=PASSWORD_HASH_METHOD)
    role = ROLE_ADMIN if admin else ROLE_STAFF
    with immediate(db):
        if db.conn.execute("SELECT 1 FROM staff_users WHERE email = ?", [email]).fetchone():
            raise AccountError(f"an account for {email} exists already")
        cursor = db.conn.execute(
            "INSERT INTO staff_users (email, name, role, village, password_hash, session_token, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [email, name, role, village if not admin else None, password_hash, secrets.token_hex(16), iso(now)],
        )
        user_id = int(cursor.lastrowid)
        audit.record(db, actor=None, entity="staff_user", entity_key=user_id, action="create",
                     after={"email": email, "name": name, "role": role, "village": village}, now=now)
    return get_user(db, user_id)


def set_password(db: Database, email: str, password: str, now: Optional[datetime] = None) -> StaffUser:
    """Give an account a new password; it also ends the account's sessions and lifts a lock-out.

    :raises AccountError: for an unknown email or a password that breaks the rules
    """
    email = normalize_email(email)
    check_password_rules(password)
    password_hash = generate_password_hash(password, method=PASSWORD_HASH_METHOD)
    with immediate(db):
        row = db.conn.execute("SELECT id FROM staff_users WHERE email = ?", [email]).fetchone()
        if row is None:
            raise AccountError(f"no account for {email}")
        db.conn.execute(
            "UPDATE staff_users SET password_hash = ?, session_token = ? WHERE id = ?",
            [password_hash, secrets.token_hex(16), row[0]],
        )
        db.conn.execute("DELETE FROM staff_login_failures WHERE email = ?", [email])
        audit.record(db, actor=None, entity="staff_user", entity_key=row[0], action="password", now=now)
    return get_user(db, int(row[0]))


def set_active(db: Database, email: str, active: bool, now: Optional[datetime] = None) -> StaffUser:
    """Let an account sign in again, or stop it (someone left): a stopped account's sessions
    end at once; its name stays on the tickets and in the audit log.

    :raises AccountError: for an unknown email
    """
    email = normalize_email(email)
    with immediate(db):
        row = db.conn.execute("SELECT id, active FROM staff_users WHERE email = ?", [email]).fetchone()
        if row is None:
            raise AccountError(f"no account for {email}")
        if bool(row[1]) != active:
            db.conn.execute(
                "UPDATE staff_users SET active = ?, session_token = ? WHERE id = ?",
                [1 if active else 0, secrets.token_hex(16), row[0]],
            )
            audit.record(db, actor=None, entity="staff_user", entity_key=row[0], action="active",
                         before={"active": bool(row[1])}, after={"active": active}, now=now)
    return get_user(db, int(row[0]))


def get_user(db: Database, user_id: int) -> Optional[StaffUser]:
    """The account with this id, or ``None``."""
    row = db.conn.execute(f"SELECT {_USER_COLUMNS} FROM staff_users WHERE id = ?", [user_id]).fetchone()
    return _user(row) if row else None


def user_for_session(db: Database, session_id: str) -> Optional[StaffUser]:
    """The active user a session cookie's id (``"<id>:<session token>"``) belongs to, or ``None``.

    The token changes on sign-out and on a new password, which ends older sessions.
    """
    user_id, _, token = (session_id or "").partition(":")
    if not user_id.isdigit() or not token:
        return None
    user = get_user(db, int(user_id))
    if user is None or not user.active or not secrets.compare_digest(user.session_token, token):
        return None
    return user


def end_sessions(db: Database, user: StaffUser) -> None:
    """Sign ``user`` out everywhere: their session cookies stop being accepted."""
    with immediate(db):
        db.conn.execute("UPDATE staff_users SET session_token = ? WHERE id = ?", [secrets.token_hex(16), user.id])


def list_users(db: Database, village: Optional[str] = None) -> List[StaffUser]:
    """Active accounts that can work on ``village``'s tickets (its staff and the admins), by name.

    :param village: a slug; ``None`` lists every account
    """
    sql = f"SELECT {_USER_COLUMNS} FROM staff_users"
    params: list = []
    if village is not None:
        sql += " WHERE active = 1 AND (village = ? OR role = 'admin')"
        params.append(village)
    return [_user(row) for row in db.conn.execute(sql + " ORDER BY name, id", params)]


def authenticate(db: Database, email: str, password: str, now: Optional[datetime] = None) -> SignIn:
    """Check a sign-in, counting failures and locking the address after too many.

    Exact under concurrency, per email: one ``BEGIN IMMEDIATE`` reads the lock and counts
    this attempt as a failure *before* the password is checked, so at most
    :data:`MAX_FAILURES` checks run per window however many attempts arrive at once (the
    rest are refused as locked without a check); a second one settles it, and a right
    password is refused there too if the lock engaged meanwhile. The slow hash check runs
    between the two, so it never holds the database's write lock (which every resident's
    message needs).

    :return: ``SignIn(user)`` on success; otherwise ``refused`` is ``"locked"`` (with
      ``locked_until``) or ``"invalid"`` (wrong email or password, the same answer for both)
    """
    email = normalize_email(email)
    moment = utc_now(now)
    password = password if isinstance(password, str) and len(password) <= MAX_PASSWORD_CHARS else ""
    with immediate(db):
        locked = _locked_until(db, email, moment)
        if locked is not None:
            return SignIn(None, "locked", locked)
        attempt = _reserve_attempt(db, email, moment)
        if attempt is None:  # MAX_FAILURES checks already under way or failed in this window
            return SignIn(None, "locked", moment + LOCKOUT)
        row = db.conn.execute(
            f"SELECT {_USER_COLUMNS}, password_hash FROM staff_users WHERE email = ?", [email]
        ).fetchone()
    # The hash check runs outside any transaction: it is slow on purpose.
    matches = check_password_hash(row[7] if row else _dummy_hash(), password) and row is not None
    with immediate(db):
        locked = _locked_until(db, email, moment)
        if locked is not None:  # another attempt's failure locked the address meanwhile
            return SignIn(None, "locked", locked)
        if matches and row[6]:
            db.conn.execute("DELETE FROM staff_login_failures WHERE email = ?", [email])
            db.conn.execute("UPDATE staff_users SET last_login_at = ? WHERE id = ?", [iso(moment), row[0]])
            return SignIn(_user(row[:7]))
        if attempt < MAX_FAILURES:
            return SignIn(None, "invalid")
        locked_until = moment + LOCKOUT
        db.conn.execute(
            "INSERT INTO staff_login_failures (email, failures, first_failed_at, locked_until) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (email) DO UPDATE SET locked_until = excluded.locked_until",
            [email, attempt, iso(moment), iso(locked_until)],
        )
        if row is not None:
            audit.record(db, actor=None, entity="staff_user", entity_key=row[0], action="locked_out",
                         after={"failures": attempt, "until": iso(locked_until)}, now=moment)
        return SignIn(None, "locked", locked_until)


def _locked_until(db: Database, email: str, moment: datetime) -> Optional[datetime]:
    locked = db.conn.execute(
        "SELECT locked_until FROM staff_login_failures WHERE email = ? AND locked_until > ?",
        [email, iso(moment)],
    ).fetchone()
    return datetime.fromisoformat(locked[0]) if locked else None


def _reserve_attempt(db: Database, email: str, moment: datetime) -> Optional[int]:
    """Count this attempt as a failure in advance (a success deletes the count): its number
    within the window, or ``None`` when :data:`MAX_FAILURES` are counted already."""
    window_start = iso(moment - FAILURE_WINDOW)
    # Old, unlocked counters are dropped so the table does not grow with every typo.
    db.conn.execute(
        "DELETE FROM staff_login_failures WHERE first_failed_at < ? AND (locked_until IS NULL OR locked_until < ?)",
        [window_start, iso(moment)],
    )
    current = db.conn.execute(
        "SELECT failures FROM staff_login_failures WHERE email = ?", [email]
    ).fetchone()
    failures = (current[0] if current else 0) + 1
    if failures > MAX_FAILURES:
        return None
    db.conn.execute(
        "INSERT INTO staff_login_failures (email, failures, first_failed_at, locked_until) VALUES (?, ?, ?, NULL)"
        " ON CONFLICT (email) DO UPDATE SET failures = excluded.failures, locked_until = NULL",
        [email, failures, iso(moment)],
    )
    return failures
