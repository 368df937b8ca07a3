"""Benchmarks and evaluations: each script prints a table and records it in docs/benchmarks.md."""
