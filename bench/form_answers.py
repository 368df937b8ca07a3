"""Typed report-form answers read right: share of ``tests/form_answers/answers.yml`` read as expected.

Each item is one message typed while the report form asked a question (or at the
read-back); :func:`stormwater.understanding.form_reader.read_message` reads it with the file's fixed clock,
and every key under ``expect`` must match (see ``check``). The set is written by someone other
than the reader's author and is never trained on.

    .venv/bin/python -m bench.form_answers
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple
from zoneinfo import ZoneInfo

import yaml

from stormwater.understanding.form_reader import Reading, read_message
from stormwater.store.paths import REPO_ROOT
from stormwater.dialogue.guided_report import questions_for

ANSWERS = REPO_ROOT / "tests/form_answers/answers.yml"
COMMAND = ".venv/bin/python -m bench.form_answers"
TARGET = 0.97  # issue 28 (0.95 in issue 13)
DEFAULT_NOW = datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo("America/New_York"))
_NOW_LINE = re.compile(r"^#\s*now:\s*(\S+)", re.M)


@dataclass(frozen=True)
class Outcome:
    """One item and whether it was read right (``problems`` lists each key that was not)."""

    item: Dict[str, Any]
    problems: Tuple[str, ...]

    @property
    def right(self) -> bool:
        return not self.problems


def load_answers(path: Path = ANSWERS) -> Tuple[List[Dict[str, Any]], datetime]:
    """The items and the fixed clock of the file (its ``# now:`` line, else 2026-12-01 10:00 New York)."""
    text = path.read_text(encoding="utf-8")
    match = _NOW_LINE.search(text)
    now = datetime.fromisoformat(match.group(1)) if match else DEFAULT_NOW
    if now.tzinfo is None:
        now = now.replace(tzinfo=ZoneInfo("America/New_York"))
    items = yaml.safe_load(text) or []
    if not isinstance(items, list):
        raise ValueError(f"{path}: expected a list of items")
    return items, now.astimezone(ZoneInfo("America/New_York"))


def _value(reading: Reading, slot: str) -> Any:
    return reading.updates.get(slot)


def _check_key(reading: Reading, key: str, want: Any, filled: Dict[str, Any]) -> Optional[str]:
    """``None`` if ``key`` was read as ``want``, else what was read instead."""
    if key == "unchanged":
        moved = [s for s in want or () if reading.updates.get(s) not in (None, filled.get(s))]
        return f"changed {moved}" if moved else None
    if key == "confirm":
        got = reading.confirm
        expected = f"change:{want['change']}" if isinstance(want, dict) else str(want)
        return None if got == expected else f"confirm={got}"
    got = _value(reading, key)
    if key == "discovered":
        at = reading.updates.get("discovered_at")
        if not at:
            return f"discovered_at not set ({got!r})"
        moment = datetime.fromisoformat(at)
        if "date" in want and moment.date().isoformat() != str(want["date"]):
            return f"date {moment.date()}"
        if "hour" in want and moment.hour != int(want["hour"]):
            return f"hour {moment.hour}"
        return None
    if isinstance(want, dict):
        problems = []
        if "contains" in want and str(want["contains"]).lower() not in str(got or "").lower():
            problems.append(f"{key}={got!r}")
        if want.get("not_hazardous") and (reading.updates.get("hazard") == "yes" or reading.updates.get("hazard") is None):
            problems.append(f"hazard={reading.updates.get('hazard')!r}")
        return "; ".join(problems) or None
    return None if str(got) == str(want) else f"{key}={got!r}"


def check(item: Dict[str, Any], now: datetime) -> Outcome:
    """Read one item's text in its form context and compare with its ``expect``."""
    kind = str(item.get("kind") or "spill")
    asked = item.get("asked")
    asked = None if asked in (None, "opening", "none") else str(asked)
    filled = dict(item.get("filled") or {})
    reading = read_message(str(item.get("text") or ""), asked, kind, filled, now, questions_for(kind))
    problems = []
    for key, want in (item.get("expect") or {}).items():
        problem = _check_key(reading, key, want, filled)
        if problem:
            problems.append(f"{key}: {problem}")
    return Outcome(item, tuple(problems))


def evaluate(path: Path = ANSWERS) -> List[Outcome]:
    """Check every item of the file."""
    items, now = load_answers(path)
    return [check(item, now) for item in items]


def table(outcomes: List[Outcome]) -> str:
    """The share read right, per report kind and overall, and every miss, in Markdown."""
    rows = [f"| report kind | answers | read right | share | target >= {TARGET} |", "|---|---|---|---|---|"]
    kinds = sorted({str(o.item.get("kind") or "spill") for o in outcomes})
    for kind in [*kinds, "all"]:
        group = [o for o in outcomes if kind == "all" or str(o.item.get("kind") or "spill") == kind]
        right = sum(o.right for o in group)
        share = right / len(group) if group else 0.0
        met = "yes" if share >= TARGET else "no"
        rows.append(f"| {kind} | {len(group)} | {right} | {share:.3f} | {met if kind == 'all' else ''} |")
    misses = [o for o in outcomes if not o.right]
    if misses:
        rows += ["", "Misses:", "", "| id | asked | text | what was read |", "|---|---|---|---|"]
        for o in misses:
            text = str(o.item.get("text", "")).replace("|", "/")
            rows.append(f"| {o.item.get('id')} | {o.item.get('asked')} | {text} | {'; '.join(o.problems)} |")
    return "\n".join(rows)


def main() -> None:
    """Read every answer and record the table in docs/benchmarks.md."""
    import argparse

    from bench.report import record
    from bench.services import load_average

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=Path, default=ANSWERS, help="the answer file (default: tests/form_answers/answers.yml)")
    parser.add_argument("--note", default="", help="a sentence added under the table (where the file came from)")
    args = parser.parse_args()
    outcomes = evaluate(args.answers)
    shown = args.answers.relative_to(REPO_ROOT) if args.answers.is_relative_to(REPO_ROOT) else args.answers
    command = COMMAND + (f" --answers {args.answers}" if args.answers != ANSWERS else "")
    intro = (
        f"Each message of `{shown}` (typed form answers written from how people talk, "
        "by someone other than the reader's author, never trained on: negations, corrections, elaborated yes/no, "
        "times inside sentences, read-back answers) is read by `stormwater.understanding.form_reader.read_message` in the "
        "context the item gives (report kind, question asked, fixed clock). Right = every expected key matches. "
        f"Load average: {load_average()}.\n\n"
    )
    body = intro + table(outcomes) + (f"\n\n{args.note}" if args.note else "")
    record("Understanding: typed report-form answers", command, body)


if __name__ == "__main__":
    main()
