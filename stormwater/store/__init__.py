"""Storage: the database, its migrations, settings, the clock, the spool, and each table's owner."""
