"""Nobody misses a report: alerts to staff, update texts to reporters, digests, calendar files.

Everything that goes out is first a row of the ``alert_outbox`` table, written in the same
transaction as the ticket change that causes it (:mod:`stormwater.alerts.outbox`); the worker
(:mod:`stormwater.alerts.worker`, run by ``ops.alerts_worker`` under the launcher) sends the
rows with retries. Plain Python: no Flask, no Rasa.
"""
