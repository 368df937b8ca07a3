"""An open report's mark for the web's rate limits, from the actions that open and close the
report form: its messages pass the limits while it is open."""
from __future__ import annotations

import logging
import sqlite3

from actions.action_db import database
from stormwater.intake import rate_limits
from stormwater.store.database import StorageError


def mark_report(sender: str, is_open: bool) -> None:
    """Tell the web's rate limits that ``sender``'s report form opened or closed
    (:func:`stormwater.intake.rate_limits.open_report` / ``close_report``).

    A database error is logged, never raised: the report matters more than its exemption.
    """
    try:
        with database() as db:
            if is_open:
                rate_limits.open_report(db, sender)
            else:
                rate_limits.close_report(db, sender)
    except (sqlite3.Error, OSError, StorageError) as error:
        logging.getLogger(__name__).warning("report form %s not recorded for the rate limits: %s",
                                            "opening" if is_open else "closing", error)
