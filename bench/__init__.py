"""Benchmarks and evaluations: each script prints a table and records it in docs/benchmarks.md."""

from stormwater.store.settings import start_process

# Every benchmark runs as ``python -m bench.<name>``, which imports this package first: the
# benchmarks' entry point, where HELPDESK_DATA_DIR is read, once.
start_process()
