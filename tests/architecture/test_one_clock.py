"""Every read of the clock goes through stormwater/store/clock.py (tests/ and bench/ excepted;
time.monotonic and perf_counter measure durations and are fine)."""
import ast

from tests.architecture.house import dotted, modules, tree

CLOCK = "stormwater.store.clock"
READS = ("time.time", "datetime.now", "datetime.utcnow", "datetime.today", "date.today")


def clock_reads(source: str):
    """``(line, call)`` of every raw clock read in a module's source."""
    return [
        (node.lineno, dotted(node.func))
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and dotted(node.func).endswith(READS)
    ]


def test_the_clock_is_read_only_in_store_clock():
    found = {
        f"{name}:{line} {call}"
        for name, path in modules().items()
        if name != CLOCK
        for line, call in clock_reads(path.read_text(encoding="utf-8"))
    }
    assert found == set(), "read the clock through stormwater.store.clock (utc_now, iso, unix_time)"


def test_the_walk_finds_each_kind_of_read():
    source = "import time, datetime\na = time.time()\nb = datetime.datetime.now(tz)\nc = date.today()\nd = time.monotonic()\n"
    assert [call for _, call in clock_reads(source)] == ["time.time", "datetime.datetime.now", "date.today"]
    assert any(call == "datetime.now" for _, call in clock_reads(modules()[CLOCK].read_text()))
