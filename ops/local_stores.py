"""Redis and PostgreSQL as throwaway processes of their own, for the replica tests and benchmarks.

Several Rasa replicas share Rasa's ``RedisLockStore`` and the tracker store on PostgreSQL
(``ops.launcher``). The tests and ``bench.chat_load --replicas 2`` start both servers from
Debian's packages (``scripts/install_stores.sh`` installs them when missing) on free loopback
ports, with their files in a temporary folder that is removed afterwards: nothing touches a
system service or its data. PostgreSQL refuses to run as root; as root the folder is given
to the ``postgres`` user and the server runs as that user.
"""
from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List

from ops.service_settings import LOOPBACK
from ops.supervisor import free_port

READY_SECONDS = 60
DATABASE = "helpdesk"


class StoreUnavailable(RuntimeError):
    """A server binary is missing or the server did not start."""


@dataclass
class LocalStores:
    """The started servers: the URLs the launcher reads, and their processes."""

    lock_store_url: str
    tracker_store_url: str
    processes: List[subprocess.Popen]


def _binary(name: str) -> str:
    """``name`` on PATH, else in Debian's PostgreSQL folder (``/usr/lib/postgresql/<v>/bin``)."""
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if not found:
        raise StoreUnavailable(f"{name} is not installed: run scripts/install_stores.sh")
    return found


def _as_postgres_user(argv: List[str]) -> List[str]:
    if os.geteuid() != 0:
        return argv
    return [_binary("runuser"), "-u", "postgres", "--", *argv]


def _wait(check, what: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise StoreUnavailable(f"{what} exited with {process.returncode}:\n{log.read_text()[-2000:]}")
        try:
            check()
            return
        except Exception:  # noqa: BLE001  (not accepting connections yet)
            time.sleep(0.2)
    raise StoreUnavailable(f"{what} did not start within {READY_SECONDS} s:\n{log.read_text()[-2000:]}")


def start_redis(folder: Path) -> tuple:
    """Start ``redis-server`` on a free port, nothing saved to disk; returns (url, process)."""
    import redis

    port = free_port()
    log = folder / "redis.log"
    process = subprocess.Popen(
        [_binary("redis-server"), "--port", str(port), "--bind", LOOPBACK, "--save", "", "--appendonly", "no",
         "--dir", str(folder), "--logfile", str(log)],
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True,
    )
    log.touch()
    _wait(lambda: redis.Redis(host=LOOPBACK, port=port, socket_timeout=1).ping(), "redis-server", process, log)
    return f"redis://{LOOPBACK}:{port}/0", process


def start_postgres(folder: Path) -> tuple:
    """Start a PostgreSQL cluster of its own on a free port (trust auth on loopback, no fsync:
    a throwaway); returns (url of database ``helpdesk``, process)."""
    import psycopg2

    data, sockets, log = folder / "pgdata", folder / "pgsock", folder / "postgres.log"
    sockets.mkdir()
    log.touch()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        for path in (sockets, log):
            shutil.chown(path, "postgres")
    made = subprocess.run(
        _as_postgres_user([_binary("initdb"), "-D", str(data), "-U", "helpdesk", "--auth=trust", "-E", "UTF8", "--no-sync"]),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    if made.returncode != 0:
        raise StoreUnavailable(f"initdb failed: {made.stderr[-2000:]}")
    port = free_port()
    out = open(log, "ab")
    process = subprocess.Popen(
        _as_postgres_user([
            _binary("postgres"), "-D", str(data), "-p", str(port), "-k", str(sockets),
            "-c", f"listen_addresses={LOOPBACK}", "-c", "fsync=off", "-c", "full_page_writes=off",
            "-c", "synchronous_commit=off", "-c", "max_connections=60",
        ]),
        stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
    )
    out.close()

    def ready() -> None:
        psycopg2.connect(host=LOOPBACK, port=port, user="helpdesk", dbname="postgres", connect_timeout=2).close()

    _wait(ready, "postgres", process, log)
    connection = psycopg2.connect(host=LOOPBACK, port=port, user="helpdesk", dbname="postgres")
    try:
        connection.autocommit = True
        connection.cursor().execute(f"CREATE DATABASE {DATABASE}")
    finally:
        connection.close()
    return f"postgresql://helpdesk@{LOOPBACK}:{port}/{DATABASE}", process


def stop(process: subprocess.Popen, grace: float = 10.0) -> None:
    """Stop a server started here (SIGTERM, then SIGKILL)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def local_stores() -> Iterator[LocalStores]:
    """Redis and PostgreSQL running for the duration of the ``with`` block, with their files in
    a new temporary folder (removed afterwards). Its own folder in the system's temporary
    directory, not the caller's: the ``postgres`` user must be able to reach it."""
    with tempfile.TemporaryDirectory(prefix="helpdesk-stores-") as tmp:
        folder = Path(tmp)
        if os.geteuid() == 0:
            folder.chmod(0o711)
        processes: List[subprocess.Popen] = []
        try:
            redis_folder = folder / "redis"
            redis_folder.mkdir()
            lock_url, redis_process = start_redis(redis_folder)
            processes.append(redis_process)
            pg_folder = folder / "postgres"
            pg_folder.mkdir()
            tracker_url, pg_process = start_postgres(pg_folder)
            processes.append(pg_process)
            yield LocalStores(lock_url, tracker_url, processes)
        finally:
            for process in reversed(processes):
                stop(process)
