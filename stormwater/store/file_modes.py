"""File modes for residents' data: the help desk's own user reads it, nobody else.

The databases hold residents' names and numbers and the staff's password hashes; the
secret key unlocks the keyed hashes. So the instance folder is 0700 and every file in it
(and each database named elsewhere, with its ``-wal``, ``-shm`` and spool) is 0600: when it
is created, and again at every start, for files an older version or a restore left
readable (:func:`make_private`).
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Iterable, List, Optional, Union

PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600
# What SQLite and the spool keep beside a database file.
SIDE_SUFFIXES = ("", "-wal", "-shm", "-journal", ".spool.jsonl")

PathLike = Union[str, Path]


def private_folder(path: PathLike) -> Path:
    """Create ``path`` (and missing parents) as 0700; an existing one keeps its mode."""
    folder = Path(path)
    if not folder.exists():
        folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
        os.chmod(folder, PRIVATE_FOLDER)  # mkdir's mode is cut by the umask
    return folder


def create_private_file(path: PathLike) -> None:
    """Create ``path`` empty with mode 0600 unless it exists (SQLite then gives the
    database's ``-wal`` and ``-shm`` the same mode)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
    except FileExistsError:
        pass


def _tighten(path: Path, wanted: int) -> bool:
    try:
        current = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return False
    if current & ~wanted:
        try:
            os.chmod(path, current & wanted)
        except PermissionError:  # another user's file: the help desk still starts
            return False
        return True
    return False


def make_private(instance: Optional[PathLike], databases: Iterable[Optional[PathLike]] = ()) -> List[Path]:
    """Take group and other access away from the instance folder, every file directly in
    it, and each database file given (with its side files).

    :param instance: the instance folder (left alone when ``None`` or missing)
    :param databases: database files that may live elsewhere (``HELPDESK_DATABASE``,
        ``RASA_TRACKER_DB``); ``None`` and ``":memory:"`` are skipped
    :returns: the paths whose mode was changed (for a warning)
    """
    changed: List[Path] = []
    if instance is not None and Path(instance).is_dir():
        folder = Path(instance)
        if _tighten(folder, PRIVATE_FOLDER):
            changed.append(folder)
        for entry in folder.iterdir():
            if entry.is_file() and not entry.is_symlink() and _tighten(entry, PRIVATE_FILE):
                changed.append(entry)
    for database in databases:
        if not database or str(database) == ":memory:":
            continue
        for suffix in SIDE_SUFFIXES:
            path = Path(f"{database}{suffix}")
            if path not in changed and _tighten(path, PRIVATE_FILE):
                changed.append(path)
    return changed
