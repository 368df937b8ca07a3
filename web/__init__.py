"""The Stormwater Help Desk's public face: a Flask app in front of Rasa.

``create_app()`` reads the environment once (:func:`stormwater.store.settings.start_process`) and
takes its config from the settings parsed from that copy (see :func:`app_config`);
Rasa itself listens on loopback only.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping, Optional

from flask import Flask, request
from markupsafe import Markup

from stormwater.alerts import hooks as alert_hooks
from stormwater.store.file_modes import make_private, private_folder
from stormwater.store.stored_text import without_reordering
from stormwater.store.paths import use_data_dir
from stormwater.store.settings import Settings, SettingsError, WebSettings, database_path, start_process
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


def app_config(instance_path: str, settings: Settings) -> dict:
    """The Flask config of this process's settings (:attr:`Settings.web` and :attr:`Settings.sms`,
    parsed from the environment the process read at its start; README, "Configuration").

    Rate limits: ``stormwater.intake.rate_limits``. ``HELPDESK_PROXY_ADDRESSES`` and
    ``HELPDESK_FRAME_ANCESTORS`` are read here into networks and websites (``web/network.py``,
    ``web/csp.py``). Without ``TWILIO_AUTH_TOKEN``, ``POST /sms`` answers 503; behind a reverse
    proxy, ``HELPDESK_PUBLIC_URL`` is required or Twilio's signatures are checked against the
    wrong URL.

    :raises RuntimeError: naming the variable, for a value that cannot be used
    """
    web, sms = settings.web, settings.sms
    return {
        "DATABASE": str(database_path(Path(instance_path), settings.environ)),
        "RASA_URL": web.rasa_url, "RASA_TOKEN": web.rasa_token, "RASA_TIMEOUT": web.rasa_timeout,
        "SECRET_KEY": web.secret_key,
        "MAX_MESSAGE_CHARS": web.max_message_chars, "MAX_CONTENT_LENGTH": web.max_content_length,
        # Twilio sends about 20 form fields plus 2 per picture; nothing here needs more.
        "MAX_FORM_PARTS": 200,
        "RATE_LIMIT_PER_SENDER": web.rate_limit_per_sender, "RATE_LIMIT_PER_IP": web.rate_limit_per_ip,
        "RATE_LIMIT_WINDOW": web.rate_limit_window, "RATE_LIMIT_FREE_MESSAGES": web.rate_limit_free_messages,
        "RATE_LIMIT_REPORT_MINUTES": web.rate_limit_report_minutes,
        "TRUSTED_PROXIES": web.trusted_proxies, "PROXY_ADDRESSES": parse_proxy_addresses(web.proxy_addresses),
        "DATA_DIR": str(settings.data_dir),  # HELPDESK_DATA_DIR
        "TWILIO_AUTH_TOKEN": sms.auth_token, "TWILIO_ACCOUNT_SID": sms.account_sid,
        "PUBLIC_BASE_URL": web.public_url,
        "SMS_RASA_TIMEOUT": sms.rasa_timeout, "SMS_PART_CHARS": sms.part_chars,
        "FRAME_ANCESTORS": _frame_ancestors(web.frame_ancestors),
    }


def _frame_ancestors(raw: str) -> list:
    """``HELPDESK_FRAME_ANCESTORS``: the village websites that may embed the chat (none by default)."""
    try:
        return parse_frame_ancestors(raw)
    except InvalidFrameAncestors as exc:
        raise SettingsError(f"environment variable HELPDESK_FRAME_ANCESTORS: {exc}")


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
    changed = make_private(app.instance_path, [app.config["DATABASE"], env.get("RASA_TRACKER_DB")])
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


def _network(app: Flask, web: WebSettings) -> None:
    """Proxies trusted, Host header values answered, and the warning when Twilio's URL is unknown."""
    if app.config["TRUSTED_PROXIES"]:
        app.wsgi_app = TrustedProxyFix(app.wsgi_app, app.config["TRUSTED_PROXIES"], app.config["PROXY_ADDRESSES"])
    if app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = trusted_hosts(
            app.config.get("PUBLIC_BASE_URL"), web.host, web.trusted_hosts
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
    app.config.from_mapping(app_config(app.instance_path, settings))
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
    _network(app, settings.web)
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
