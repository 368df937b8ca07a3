"""The alert worker: sends what the outbox holds (stormwater/alerts/), and queues the digests.

Run by the launcher as the ``alerts`` service (restarted if it dies); by hand:
``.venv/bin/python -m ops.alerts_worker``. Settings come from the environment only:
``HELPDESK_SMTP_*`` for e-mail (:class:`stormwater.store.settings_sections.SmtpSettings`),
``TWILIO_ACCOUNT_SID`` and ``TWILIO_AUTH_TOKEN`` for texts, ``HELPDESK_DATABASE`` or
``HELPDESK_INSTANCE`` for the database; ``HELPDESK_OPEN311_FORWARD_*`` for a village's Open311
back end (:mod:`stormwater.alerts.open311_forward`). SIGTERM stops it between two sends.
"""
from __future__ import annotations

import logging
import signal
import sys
import time
from typing import Optional

from stormwater.alerts import hooks
from stormwater.alerts.config import email_off_notice
from stormwater.alerts.digest import enqueue_due_digests
from stormwater.alerts.open311_forward import deliver_forwards, poll_statuses
from stormwater.alerts.transports import Mailer, TextSender
from stormwater.alerts.worker import Transports, deliver_due
from stormwater.store.settings import Settings, SettingsError, start_process
from stormwater.intake.sms_outbound import sender_from_config
from stormwater.store.database import connect, migrate

DIGEST_CHECK_SECONDS = 60


def transports_for(settings: Settings) -> Transports:
    """The transports this process's settings configure, saying on stdout which channel is off."""
    mailer: Optional[Mailer] = None
    try:
        smtp = settings.smtp
        mailer = Mailer(smtp) if smtp else None
    except SettingsError:
        mailer = None
    notice = email_off_notice(settings.environ)
    if notice:
        print(notice, flush=True)
    sms = settings.sms
    sender = sender_from_config(sms.account_sid, sms.auth_token, api_base_url=sms.api_base_url)
    if sender is None:
        print("[helpdesk] alert texts are OFF (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not both set)", flush=True)
    return Transports(mailer=mailer, texts=TextSender(sender) if sender else None)


def main() -> None:
    """Send due alerts every second until SIGTERM or SIGINT."""
    settings = start_process()
    hooks.register()  # like every process: a ticket changed here would queue its alerts too
    logging.basicConfig(level=logging.INFO, format="[alerts] %(message)s", stream=sys.stdout)
    stopping = False

    def _stop(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    transports = transports_for(settings)
    for village, target in sorted(settings.open311_forward.items()):
        print(f"[helpdesk] {village}'s reports are forwarded to the Open311 back end at {target.url}", flush=True)
    poll = settings.jobs.alerts_poll_seconds
    db = connect(settings.database)
    migrate(db)
    next_digest = 0.0
    while not stopping:
        try:
            if time.monotonic() >= next_digest:
                next_digest = time.monotonic() + DIGEST_CHECK_SECONDS
                enqueue_due_digests(db)
            deliver_due(db, transports)
            if settings.open311_forward:
                deliver_forwards(db, settings.open311_forward)
                poll_statuses(db, settings.open311_forward)
        except Exception:  # noqa: BLE001 - a locked database or a bad row: logged, tried again
            logging.exception("alert round failed; trying again")
        time.sleep(poll)
    db.close()


if __name__ == "__main__":
    main()
