"""``flask --app web staff ...``: staff accounts from the command line (no default password
ships; each account gets one typed at a prompt or piped on stdin)."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlite_utils import Database

from stormwater.staff import accounts, api_keys
from stormwater.store.database import connect


def _password(from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return click.prompt("Password", hide_input=True, confirmation_prompt=True)


@contextmanager
def _accounts_db() -> Iterator[Database]:
    """The app's database; an account error becomes a clean command-line error."""
    db = connect(current_app.config["DATABASE"])
    try:
        yield db
    except (accounts.AccountError, api_keys.ApiKeyError) as error:
        raise click.ClickException(str(error))
    finally:
        db.close()


@click.group("staff")
def staff_cli() -> None:
    """Staff desk accounts."""


@staff_cli.command("create-user")
@click.option("--email", required=True, help="the login")
@click.option("--name", default="", help="the name shown on tickets (default: the email)")
@click.option("--village", default=None, help="the village slug this person works for")
@click.option("--admin", is_flag=True, help="sees every village instead of one")
@click.option("--password-stdin", is_flag=True, help="read the password from the first line of stdin")
@with_appcontext
def create_user(email: str, name: str, village, admin: bool, password_stdin: bool) -> None:
    """Create a staff account: --village SLUG for village staff, --admin for all villages."""
    with _accounts_db() as db:
        user = accounts.create_user(
            db, email=email, password=_password(password_stdin), name=name, village=village, admin=admin,
            known_villages=tuple(current_app.extensions["villages"]),
        )
    click.echo(f"Created {user.role} {user.email}" + (f" for {user.village}" if user.village else " (all villages)"))


@staff_cli.command("set-password")
@click.option("--email", required=True)
@click.option("--password-stdin", is_flag=True, help="read the password from the first line of stdin")
@with_appcontext
def set_password(email: str, password_stdin: bool) -> None:
    """Give an account a new password (ends its sessions and lifts a lock-out)."""
    with _accounts_db() as db:
        user = accounts.set_password(db, email, _password(password_stdin))
    click.echo(f"New password set for {user.email}")


@staff_cli.command("deactivate")
@click.option("--email", required=True)
@with_appcontext
def deactivate(email: str) -> None:
    """Stop an account from signing in (ends its sessions now)."""
    _set_active(email, False)


@staff_cli.command("activate")
@click.option("--email", required=True)
@with_appcontext
def activate(email: str) -> None:
    """Let a deactivated account sign in again."""
    _set_active(email, True)


def _set_active(email: str, active: bool) -> None:
    with _accounts_db() as db:
        user = accounts.set_active(db, email, active)
    click.echo(f"{user.email} is {'active' if user.active else 'deactivated'}")


@staff_cli.command("list-users")
@with_appcontext
def list_users() -> None:
    """Every account: email, role, village, active."""
    with _accounts_db() as db:
        for user in accounts.list_users(db):
            click.echo(f"{user.email}\t{user.role}\t{user.village or 'all villages'}\t{'active' if user.active else 'inactive'}")


@staff_cli.command("issue-api-key")
@click.option("--village", required=True, help="the village slug (its Open311 jurisdiction_id)")
@click.option("--label", required=True, help="who holds the key, e.g. 'County CRM'")
@with_appcontext
def issue_api_key(village: str, label: str) -> None:
    """Issue an Open311 API key for one village; the key is shown once and stored only hashed."""
    with _accounts_db() as db:
        key, secret = api_keys.issue_key(db, village=village, label=label,
                                         known_villages=tuple(current_app.extensions["villages"]))
    click.echo(f"API key {key.id} for {key.village} ({key.label}); give it to its holder now, it is not shown again:")
    click.echo(secret)


@staff_cli.command("revoke-api-key")
@click.option("--id", "key_id", required=True, type=int, help="the key's number (list-api-keys)")
@with_appcontext
def revoke_api_key(key_id: int) -> None:
    """Revoke an Open311 API key at once."""
    with _accounts_db() as db:
        key = api_keys.revoke_key(db, key_id)
    click.echo(f"API key {key.id} ({key.label}, {key.village}) revoked")


@staff_cli.command("list-api-keys")
@with_appcontext
def list_api_keys() -> None:
    """Every Open311 API key: number, village, label, issued, revoked."""
    with _accounts_db() as db:
        for key in api_keys.list_keys(db):
            click.echo(f"{key.id}\t{key.village}\t{key.label}\t{key.created_at}\t{key.revoked_at or 'active'}")
