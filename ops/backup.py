"""Back up and restore the help desk's data: tickets and messages, Rasa's conversations, the key.

    .venv/bin/python -m ops.backup create backups/          # safe while the help desk runs
    .venv/bin/python -m ops.backup restore backups/helpdesk-backup-20261130T131500Z.tar.gz

``create`` copies each SQLite database with SQLite's online backup API (a consistent copy
even while the web app and the action server write), checks the copy with
``PRAGMA integrity_check``, and packs the copies, the instance's secret key (without it the
restored conversations no longer match their residents) and a manifest with SHA-256 sums
into one ``.tar.gz`` (mode 0600: it holds personal data and the key).

``restore`` refuses while any of the services answers (stop ``make run`` first, or pass
``--force``), checks the archive's sums and each database's integrity, keeps the current
files beside themselves as ``*.before-restore-<time>``, writes the backup in place, applies
any newer schema migrations and checks integrity again.

Paths come from the same environment variables as the services: ``HELPDESK_INSTANCE``,
``HELPDESK_DATABASE``, ``RASA_TRACKER_DB``, ``HELPDESK_PORT``, ``RASA_PORT``, ``ACTION_PORT``.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import shutil
import sqlite3
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

from ops.service_settings import Settings
from ops.services import services
from ops.supervisor import answers
from stormwater.store.clock import utc_now
from stormwater.store.settings import database_path
from stormwater.store.database import BUSY_TIMEOUT_MS, connect, migrate

MANIFEST = "manifest.json"
SECRET = "secret_key"
FORMAT = 1


class BackupError(RuntimeError):
    """A backup or restore cannot be done safely; nothing was changed."""


@dataclass
class Paths:
    """The files a backup holds, resolved like the services resolve them."""

    helpdesk: Path
    trackers: Path
    secret: Path

    @classmethod
    def from_env(cls) -> "Paths":
        """From ``HELPDESK_INSTANCE``, ``HELPDESK_DATABASE`` and ``RASA_TRACKER_DB``."""
        settings = Settings.from_env()
        database = database_path(settings.instance)
        return cls(Path(database).absolute(), settings.trackers, (settings.instance / SECRET).absolute())

    def databases(self) -> Dict[str, Path]:
        """Archive name -> live file, for each database."""
        return {"helpdesk.db": self.helpdesk, "trackers.db": self.trackers}


def _utc_stamp() -> str:
    return utc_now().strftime("%Y%m%dT%H%M%SZ")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def integrity(path: Path) -> str:
    """``PRAGMA integrity_check`` of the SQLite file at ``path`` (``"ok"`` when sound)."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        return "; ".join(row[0] for row in conn.execute("PRAGMA integrity_check"))
    finally:
        conn.close()


def copy_database(source: Path, target: Path) -> None:
    """Copy a live SQLite database with the online backup API into a new single file."""
    src = sqlite3.connect(source, timeout=BUSY_TIMEOUT_MS / 1000)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)  # one step: a consistent snapshot, taken under a read transaction
        dst.execute("PRAGMA journal_mode = DELETE")  # the copy needs no -wal file beside it
    finally:
        dst.close()
        src.close()


def create(folder: Path, paths: Optional[Paths] = None) -> Path:
    """Write a backup archive into ``folder`` and return its path.

    :raises BackupError: if the help desk's database is missing or a copy fails its check
    """
    paths = paths or Paths.from_env()
    if not paths.helpdesk.exists():
        raise BackupError(f"no database at {paths.helpdesk}")
    folder.mkdir(parents=True, exist_ok=True)
    stamp = _utc_stamp()
    archive = folder / f"helpdesk-backup-{stamp}.tar.gz"
    for n in range(2, 1000):  # two backups in one second keep both
        if not archive.exists():
            break
        archive = folder / f"helpdesk-backup-{stamp}-{n}.tar.gz"
    manifest: dict = {"format": FORMAT, "created_at": utc_now().isoformat(), "files": {}}
    with tempfile.TemporaryDirectory() as scratch:
        members: List[Path] = []
        for name, live in paths.databases().items():
            if not live.exists():
                continue
            copy = Path(scratch) / name
            copy_database(live, copy)
            check = integrity(copy)
            if check != "ok":
                raise BackupError(f"the copy of {live} fails integrity_check: {check}")
            members.append(copy)
        if paths.secret.exists():
            shutil.copyfile(paths.secret, Path(scratch) / SECRET)
            members.append(Path(scratch) / SECRET)
        for member in members:
            manifest["files"][member.name] = {"sha256": _sha256(member), "bytes": member.stat().st_size}
        fd = os.open(archive, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as raw, tarfile.open(fileobj=raw, mode="w:gz") as tar:
            data = json.dumps(manifest, indent=2).encode("utf-8")
            info = tarfile.TarInfo(MANIFEST)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
            for member in members:
                tar.add(member, arcname=member.name)
            raw.flush()
            os.fsync(raw.fileno())
    return archive


def running_services() -> List[str]:
    """The names of the help desk's services that answer on their configured ports."""
    with tempfile.TemporaryDirectory() as scratch:
        settings = Settings.from_env()
        settings.instance = Path(scratch)  # only the health URLs are wanted; write nothing real
        # The alert worker answers no HTTP (health_url None); it stops with the launcher.
        return [s.name for s in services(settings) if s.health_url and answers(s.health_url, timeout=1.0)]


def _unpack(archive: Path, into: Path) -> dict:
    """Extract the archive's known members into ``into`` and check them; return the manifest."""
    try:
        with tarfile.open(archive, "r:gz") as tar:
            names = {m.name: m for m in tar.getmembers() if m.isfile()}
            if MANIFEST not in names:
                raise BackupError(f"{archive} has no {MANIFEST}: not a help desk backup")
            manifest = json.load(tar.extractfile(names[MANIFEST]))
            for name in manifest.get("files", {}):
                if name not in ("helpdesk.db", "trackers.db", SECRET) or name not in names:
                    raise BackupError(f"{archive}: unexpected or missing member {name!r}")
                with tar.extractfile(names[name]) as src, open(into / name, "wb") as dst:
                    shutil.copyfileobj(src, dst)
    except (tarfile.TarError, OSError, ValueError) as exc:
        raise BackupError(f"cannot read {archive}: {exc}") from exc
    if manifest.get("format") != FORMAT or "helpdesk.db" not in manifest.get("files", {}):
        raise BackupError(f"{archive}: unknown backup format or no helpdesk.db")
    for name, meta in manifest["files"].items():
        if _sha256(into / name) != meta.get("sha256"):
            raise BackupError(f"{archive}: {name} does not match its checksum")
        if name.endswith(".db") and integrity(into / name) != "ok":
            raise BackupError(f"{archive}: {name} fails integrity_check")
    return manifest


def _write_database(source: Path, target: Path, aside: str) -> None:
    """Replace ``target`` (and its -wal/-shm files) by ``source``, keeping the old files aside."""
    target.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        old = Path(f"{target}{suffix}")
        if old.exists():
            old.rename(Path(f"{target}{aside}{suffix}"))
    staged = target.with_name(f".{target.name}.restoring")
    shutil.copyfile(source, staged)
    with open(staged, "rb+") as handle:
        os.fsync(handle.fileno())
    os.replace(staged, target)


def restore(archive: Path, paths: Optional[Paths] = None, force: bool = False) -> Dict[str, str]:
    """Put the data in ``archive`` back in place; returns each restored file's integrity result.

    :param force: restore even though services answer (they must be restarted afterwards)
    :raises BackupError: if services run (without ``force``) or the archive is unsound;
      nothing is changed then
    """
    paths = paths or Paths.from_env()
    live = running_services()
    if live and not force:
        raise BackupError(
            f"the help desk is running ({', '.join(live)}): stop it first, or pass --force and restart it after"
        )
    aside = f".before-restore-{_utc_stamp()}"
    results: Dict[str, str] = {}
    with tempfile.TemporaryDirectory() as scratch:
        manifest = _unpack(archive, Path(scratch))
        targets = dict(paths.databases(), **{SECRET: paths.secret})
        for name in manifest["files"]:
            _write_database(Path(scratch) / name, targets[name], aside)
    if paths.secret.exists():
        os.chmod(paths.secret, 0o600)
    db = connect(paths.helpdesk)  # back to WAL, and up to this code's schema
    try:
        migrate(db)
    finally:
        db.close()
    for name, target in paths.databases().items():
        if name in manifest["files"]:
            results[name] = integrity(target)
    if any(result != "ok" for result in results.values()):
        raise BackupError(f"restored files fail integrity_check: {results}; the old files are kept as *{aside}")
    return results


def main(argv: Optional[List[str]] = None) -> int:
    """Command line: ``create <folder>`` or ``restore <archive> [--force]``."""
    parser = argparse.ArgumentParser(prog="python -m ops.backup", description="Back up or restore the help desk's data.")
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("create", help="write a backup archive into a folder (safe while running)")
    make.add_argument("folder", type=Path)
    back = commands.add_parser("restore", help="restore an archive (stop the help desk first)")
    back.add_argument("archive", type=Path)
    back.add_argument("--force", action="store_true", help="restore even though services answer")
    args = parser.parse_args(argv)
    try:
        if args.command == "create":
            print(f"backup written to {create(args.folder)}")
        else:
            results = restore(args.archive, force=args.force)
            print("restored: " + ", ".join(f"{name} (integrity {result})" for name, result in results.items()))
            if args.force:
                print("restart the help desk now so that it reopens the restored files")
    except BackupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
