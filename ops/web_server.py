"""Serve the Flask app with waitress, and stop without cutting off a resident mid-request.

``waitress-serve`` dies at once on SIGTERM (Python's default), and on Ctrl-C it stops its
event loop before the answers of requests still running are sent. Here SIGTERM and SIGINT
close the listening socket first, then keep the loop turning until every request that had
arrived is answered (or ``--grace`` seconds pass), then exit with status 0.

    python -m ops.web_server --host 127.0.0.1 --port 8000 --threads 8
"""
from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from typing import Iterable

from waitress import create_server, wasyncore
from waitress.channel import HTTPChannel

from web import create_app

DEFAULT_GRACE_SECONDS = 12.0  # under the launcher's 15 s before it sends SIGKILL
# Waitress reads a whole request body (spooling it to a temporary file) before the app sees
# it, up to 1 GiB by default. The app refuses anything over MAX_CONTENT_LENGTH (64 KiB by
# default) with a clear 413; this stops a client filling the disk long before that.
MAX_REQUEST_BODY_BYTES = 1024 * 1024


def busy_channels(channels: Iterable) -> int:
    """How many client connections have a request in progress or an answer not yet sent."""
    return sum(
        1 for ch in channels
        if isinstance(ch, HTTPChannel) and (ch.requests or ch.total_outbufs_len or ch.close_when_flushed)
    )


def serve(app, host: str, port: int, threads: int, grace: float = DEFAULT_GRACE_SECONDS) -> None:
    """Serve ``app`` until SIGTERM or SIGINT, then drain in-flight requests for up to ``grace`` s."""
    server = create_server(app, host=host, port=port, threads=threads, max_request_body_size=MAX_REQUEST_BODY_BYTES)
    stop = threading.Event()

    def _stop(signum, frame):
        stop.set()
        server.pull_trigger()  # wake the event loop now rather than at its next timeout

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    print(f"[web] serving on http://{host}:{port} with {threads} threads", flush=True)
    while not stop.is_set():
        wasyncore.loop(timeout=1.0, map=server._map, use_poll=True, count=1)

    started = time.monotonic()
    wasyncore.dispatcher.close(server)  # the listening socket only; the trigger keeps waking the loop
    in_flight = busy_channels(server._map.values())
    print(f"[web] stopping: no new connections; {in_flight} request(s) in flight", flush=True)
    deadline = started + grace
    while busy_channels(server._map.values()) and time.monotonic() < deadline:
        wasyncore.loop(timeout=0.05, map=server._map, use_poll=True, count=1)
    left = busy_channels(server._map.values())
    server.task_dispatcher.shutdown(cancel_pending=True, timeout=1)
    wasyncore.close_all(server._map)
    print(f"[web] stopped after {time.monotonic() - started:.2f} s; {left} request(s) cut off", flush=True)


def main(argv=None) -> None:
    """Parse the command line and serve ``web:create_app()``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--grace", type=float, default=DEFAULT_GRACE_SECONDS)
    args = parser.parse_args(argv)
    serve(create_app(), args.host, args.port, args.threads, args.grace)
    sys.exit(0)


if __name__ == "__main__":
    main()
