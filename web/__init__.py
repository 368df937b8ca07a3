"""The Stormwater Help Desk's public face: a Flask app in front of Rasa.

``create_app()`` reads the environment once (:func:`stormwater.store.settings.start_process`) and
parses its settings from that copy (see :func:`settings_from_env`);
Rasa itself listens on loopback only.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Mapping, Optional

from flask import Flask, request
from markupsafe import Markup

from stormwater.alerts import hooks as alert_hooks
from stormwater.store.file_modes import make_private, private_folder
from stormwater.store.stored_text import without_reordering
from stormwater.store.paths import use_data_dir
from stormwater.store.settings import Settings, database_path, environment, start_process
from stormwater.law.setup_check import example_contacts_banner
from stormwater.law.villages import load_villages

from . import chat, chat_attachments, letters, open311, sms, staff, status_page
from . import request_db as db
from .csp import InvalidFrameAncestors, content_security_policy, parse_frame_ancestors
from .errors import register_error_handlers
from .network import TrustedProxyFix, parse_proxy_addresses, trusted_hosts
from .rasa_client import RasaClient
from .request_body import BoundedRequest

# Every page but the embeddable chat (see web/csp.py) refuses framing by other sites.
CONTENT_SECURITY_POLICY = content_security_policy()


def _env(env: Mapping[str, str], name: str, default, cast: Callable = str):
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = cast(raw.strip())
    except ValueError:
        raise RuntimeError(f"environment variable {name}={raw!r} is not a valid {cast.__name__}")
    if isinstance(value, (int, float)) and value <= 0:
        raise RuntimeError(f"environment variable {name} must be positive")
    return value


def _env_count(env: Mapping[str, str], name: str, default: int) -> int:
    """A whole number >= 0 from the environment (0 switches a limit off)."""
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise RuntimeError(f"environment variable {name}={raw!r} is not a whole number")
    if value < 0:
        raise RuntimeError(f"environment variable {name} must be 0 or more")
    return value


def settings_from_env(instance_path: str, env: Optional[Mapping[str, str]] = None) -> dict:
    """App settings from the environment (``env``: the copy the process read at its start,
    :func:`stormwater.store.settings.environment`), with safe defaults.

    ``HELPDESK_DATABASE``, ``RASA_URL``, ``RASA_TOKEN``, ``RASA_TIMEOUT`` (seconds),
    ``HELPDESK_SECRET_KEY``, ``MAX_MESSAGE_CHARS``, ``MAX_CONTENT_LENGTH`` (bytes) and
    ``HELPDESK_DATA_DIR`` (the folder of village files, vocabulary and messages).

    Rate limits (``stormwater.intake.rate_limits``; 0 switches one off): ``RATE_LIMIT_PER_SENDER``
    and ``RATE_LIMIT_PER_IP`` (messages per ``RATE_LIMIT_WINDOW`` seconds),
    ``RATE_LIMIT_FREE_MESSAGES`` (a sender's first messages, never limited) and
    ``RATE_LIMIT_REPORT_MINUTES`` (how long a report in progress is exempt).
    ``HELPDESK_TRUSTED_PROXIES``: how many reverse proxies in front of the app add
    ``X-Forwarded-For`` (default 0: the header is ignored, as anyone can send it), honoured
    only from ``HELPDESK_PROXY_ADDRESSES`` (default loopback). ``HELPDESK_TRUSTED_HOSTS``
    adds to the Host header values answered (see ``web/network.py``).

    SMS (``web/sms.py``): ``TWILIO_AUTH_TOKEN`` (no default: without it ``POST /sms`` answers
    503), ``HELPDESK_PUBLIC_URL`` (the public base URL Twilio calls; required behind a reverse
    proxy, or signatures are checked against the wrong URL and every text is refused),
    ``SMS_RASA_TIMEOUT`` (seconds, default 8: Twilio gives up after 15), ``SMS_PART_CHARS``
    (longest SMS part, default 320) and ``TWILIO_ACCOUNT_SID`` (only for texts the desk sends
    itself, ``stormwater.intake.sms_outbound``).

    Chat widget: ``HELPDESK_FRAME_ANCESTORS``, the websites (``https://host[:port]``, separated
    by spaces or commas) allowed to frame the embeddable chat page; empty by default.
    """
    env = environment() if env is None else env
    return {
        "DATABASE": str(database_path(Path(instance_path), env)),
        "RASA_URL": _env(env, "RASA_URL", "http://127.0.0.1:5005"),
        "RASA_TOKEN": _env(env, "RASA_TOKEN", None),
        "RASA_TIMEOUT": _env(env, "RASA_TIMEOUT", 10.0, float),
        "SECRET_KEY": _env(env, "HELPDESK_SECRET_KEY", None),
        "MAX_MESSAGE_CHARS": _env(env, "MAX_MESSAGE_CHARS", 2000, int),
        "MAX_CONTENT_LENGTH": _env(env, "MAX_CONTENT_LENGTH", 64 * 1024, int),
        # Twilio sends about 20 form fields plus 2 per picture; nothing here needs more.
        "MAX_FORM_PARTS": 200,
        "RATE_LIMIT_PER_SENDER": _env_count(env, "RATE_LIMIT_PER_SENDER", 30),
        "RATE_LIMIT_PER_IP": _env_count(env, "RATE_LIMIT_PER_IP", 300),
        "RATE_LIMIT_WINDOW": _env(env, "RATE_LIMIT_WINDOW", 300, int),
        "RATE_LIMIT_FREE_MESSAGES": _env_count(env, "RATE_LIMIT_FREE_MESSAGES", 20),
        "RATE_LIMIT_REPORT_MINUTES": _env(env, "RATE_LIMIT_REPORT_MINUTES", 60, int),
        "TRUSTED_PROXIES": _env_count(env, "HELPDESK_TRUSTED_PROXIES", 0),
        "PROXY_ADDRESSES": parse_proxy_addresses(env.get("HELPDESK_PROXY_ADDRESSES")),
        "DATA_DIR": str(Settings.from_env(env).data_dir),  # HELPDESK_DATA_DIR
        "TWILIO_AUTH_TOKEN": _env(env, "TWILIO_AUTH_TOKEN", None),
        "TWILIO_ACCOUNT_SID": _env(env, "TWILIO_ACCOUNT_SID", None),
        "PUBLIC_BASE_URL": _env(env, "HELPDESK_PUBLIC_URL", None),
        "SMS_RASA_TIMEOUT": _env(env, "SMS_RASA_TIMEOUT", 8.0, float),
        "SMS_PART_CHARS": _env(env, "SMS_PART_CHARS", 320, int),
        "FRAME_ANCESTORS": _frame_ancestors_from_env(env),
    }


def _frame_ancestors_from_env(env: Mapping[str, str]) -> list:
    """``HELPDESK_FRAME_ANCESTORS``: the village websites that may embed the chat (none by default)."""
    try:
        return parse_frame_ancestors(env.get("HELPDESK_FRAME_ANCESTORS", ""))
    except InvalidFrameAncestors as exc:
        raise RuntimeError(f"environment variable HELPDESK_FRAME_ANCESTORS: {exc}")


def load_or_create_secret(instance_path: str) -> bytes:
    """The key in ``<instance_path>/secret_key``, created (32 random bytes, mode 0600) if missing.

    Several workers may start at once: the file is written aside and linked into place, so
    each of them reads the same complete key.
    """
    folder = Path(instance_path)
    path = folder / "secret_key"
    if not path.exists():
        private_folder(folder)
        tmp = folder / f".secret_key.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, os.urandom(32))
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another worker won; use its key
        finally:
            tmp.unlink()
    key = path.read_bytes()
    if len(key) < 16:
        raise RuntimeError(f"{path} holds too short a key; delete it to make a new one")
    return key


def _printable(value):
    """What a template prints: text without bidi reordering characters (``Markup`` stays ``Markup``)."""
    if isinstance(value, Markup):
        return Markup(without_reordering(str(value)))
    if isinstance(value, str):
        return without_reordering(value)
    return value


def _make_instance_private(app: Flask, env: Mapping[str, str]) -> None:
    """Instance folder 0700, its files and the databases 0600, fixed at every start."""
    if env.get("HELPDESK_INSTANCE") or not app.config.get("SECRET_KEY"):
        private_folder(app.instance_path)
    changed = make_private(
        app.instance_path, [app.config["DATABASE"], env.get("RASA_TRACKER_DB")]
    )
    for path in changed:
        app.logger.warning("%s was readable by other users; now 0600 (0700 for a folder)", path)


def _load_villages(app: Flask) -> None:
    """The village files, once per app, with a warning for each still holding example contacts."""
    villages = load_villages(app.config["DATA_DIR"])
    app.extensions["villages"] = villages
    for slug, village in villages.items():
        if village.example_contacts:
            app.logger.warning(
                "contacts are example values; fill in data/villages/%s.yml", slug
            )
    banner = example_contacts_banner(villages.values())
    if banner:
        app.logger.warning("\n%s", banner)


def _network(app: Flask, env: Mapping[str, str]) -> None:
    """Proxies trusted, Host header values answered, and the warning when Twilio's URL is unknown."""
    if app.config["TRUSTED_PROXIES"]:
        app.wsgi_app = TrustedProxyFix(app.wsgi_app, app.config["TRUSTED_PROXIES"], app.config["PROXY_ADDRESSES"])
    if app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = trusted_hosts(
            app.config.get("PUBLIC_BASE_URL"), env.get("HELPDESK_HOST"), env.get("HELPDESK_TRUSTED_HOSTS")
        )
    if app.config.get("TWILIO_AUTH_TOKEN") and not app.config.get("PUBLIC_BASE_URL"):
        app.logger.warning(
            "HELPDESK_PUBLIC_URL is not set: POST /sms answers only requests from this computer "
            "(development); set it to the public URL Twilio calls"
        )


def _security_headers(response):
    """Headers every response carries unless its view set its own."""
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    if response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY:
        # The same rule (this site only) for browsers without CSP frame-ancestors; the
        # embeddable chat names other sites, which X-Frame-Options cannot express.
        response.headers.setdefault("X-Frame-Options", "SAMEORIGIN")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    if request.path.startswith("/api/"):
        # Replies can quote what a resident wrote: keep them out of shared caches.
        response.headers.setdefault("Cache-Control", "no-store")
    return response


def create_app(test_config: Optional[dict] = None) -> Flask:
    """Build the help desk's Flask app.

    :param test_config: settings that replace those from the environment (for tests)
    """
    # this process's settings, read once (alert texts' desk link, the environment every other
    # setting below is parsed from), and the folder loaders use when not handed one
    settings = start_process()
    env = settings.environ
    instance = env.get("HELPDESK_INSTANCE")
    app = Flask(__name__, instance_path=os.path.abspath(instance) if instance else None, instance_relative_config=True)
    app.request_class = BoundedRequest  # MAX_FORM_PARTS for urlencoded bodies too
    app.config.from_mapping(settings_from_env(app.instance_path, env))
    if test_config:
        app.config.from_mapping(test_config)
    # a ticket filed or changed here queues its alerts in its own transaction
    alert_hooks.register()
    use_data_dir(app.config["DATA_DIR"])
    _make_instance_private(app, env)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_or_create_secret(app.instance_path)

    _load_villages(app)
    app.extensions["rasa_client"] = RasaClient(
        app.config["RASA_URL"], app.config["RASA_TOKEN"], app.config["RASA_TIMEOUT"]
    )
    db.init_app(app)
    register_error_handlers(app)
    _network(app, env)
    app.after_request(_security_headers)
    # Stored text is kept exactly as sent, so bidi overrides in an SMS body or a reporter's
    # name would reorder what staff read (U+202E makes one number look like another): every
    # value a template prints loses them.
    app.jinja_env.finalize = _printable

    app.register_blueprint(chat.bp)
    app.register_blueprint(chat_attachments.bp)
    app.register_blueprint(status_page.bp)
    app.register_blueprint(letters.bp)
    app.register_blueprint(sms.bp)
    app.register_blueprint(open311.bp)
    staff.init_app(app)
    return app
