"""Which blind typed-report set ``bench.typed_reports`` plays, and the benchmarks section naming it.

A set is a folder holding ``conversations.yml`` (``tests/blind_typed_reports/``, the default, or
``tests/blind_typed_reports2/`` ...) or that file itself. Each set's score goes under its own
docs/benchmarks.md title, so the first blind score of a new set never overwrites another's.
"""
from __future__ import annotations

from pathlib import Path

from stormwater.store.paths import REPO_ROOT

DEFAULT_SET = REPO_ROOT / "tests/blind_typed_reports"
FILE_NAME = "conversations.yml"
COMMAND = ".venv/bin/python -m bench.typed_reports"
SECTION = "Understanding: whole typed reports filed as meant (issue 28)"


def conversations_file(path: Path) -> Path:
    """The set's conversations file, from its folder or the file itself (relative: to the repo)."""
    path = path if path.is_absolute() else REPO_ROOT / path
    path = path / FILE_NAME if path.is_dir() else path
    if not path.is_file():
        raise SystemExit(f"no typed-report set at {path}")
    return path


def shown(path: Path) -> str:
    """The set as the docs name it: its folder, relative to the repository where it lies inside."""
    folder = conversations_file(path).parent
    try:
        return str(folder.relative_to(REPO_ROOT))
    except ValueError:
        return str(folder)


def is_default(path: Path) -> bool:
    return conversations_file(path) == conversations_file(DEFAULT_SET)


def section_for(path: Path) -> str:
    """The docs/benchmarks.md title for a run of this set: the plain one for the first set."""
    return SECTION if is_default(path) else f"{SECTION}, set `{shown(path)}`"


def command_for(path: Path) -> str:
    """The exact command that plays this set, for the docs."""
    return COMMAND if is_default(path) else f"{COMMAND} --set {shown(path)}"
