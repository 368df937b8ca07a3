"""The staff desk's domain: accounts, the ticket queue, status workflow, overdue flags,
the audit log, exports and the inbox of texts that need a person.

Plain functions over a migrated :mod:`stormwater.store.database` connection; ``web/staff/`` is a
thin layer over them. Every change to a ticket is written in one ``BEGIN IMMEDIATE``
transaction together with its audit entry.
"""
