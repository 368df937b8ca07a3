"""Write a benchmark's table into docs/benchmarks.md, with the date, machine and command."""
from __future__ import annotations

import datetime
import os
import platform
import re
from pathlib import Path

from stormwater.store.paths import REPO_ROOT

BENCHMARKS_MD = REPO_ROOT / "docs" / "benchmarks.md"
HEADER = "# Benchmarks\n\nEach section is written by the script named in it; rerun the command to refresh it.\n"


def machine() -> str:
    """Cores, memory and Python of this machine, in one line."""
    try:
        mem_kb = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1))
        memory = f"{mem_kb / 1024 / 1024:.0f} GiB"
    except (OSError, AttributeError):
        memory = "unknown memory"
    return f"{os.cpu_count()} cores, {memory}, {platform.machine()}, Python {platform.python_version()}"


def record(section: str, command: str, body: str) -> str:
    """Replace (or add) ``## section`` in docs/benchmarks.md; returns the section's text.

    :param section: the section title
    :param command: the exact command that produced ``body``
    :param body: the results (a Markdown table and notes)
    """
    text = (
        f"## {section}\n\n"
        f"Measured {datetime.date.today().isoformat()} on {machine()}.\n"
        f"Command: `{command}`\n\n{body.strip()}\n"
    )
    current = BENCHMARKS_MD.read_text() if BENCHMARKS_MD.exists() else HEADER
    pattern = re.compile(rf"^## {re.escape(section)}\n.*?(?=^## |\Z)", re.S | re.M)
    current = pattern.sub(lambda _: text + "\n", current) if pattern.search(current) else current.rstrip() + "\n\n" + text
    BENCHMARKS_MD.parent.mkdir(exist_ok=True)
    BENCHMARKS_MD.write_text(current)
    print(text)
    return text
