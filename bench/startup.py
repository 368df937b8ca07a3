"""Cost: time to train the model, and time from start to all services answering.

Run from the repository root after `make setup`: ``.venv/bin/python -m bench.startup``.
Training goes to a temporary folder; the project's model is not touched.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.report import record
from ops.build import rasa_env
from ops.launcher import Settings, Supervisor, free_port
from stormwater.store.paths import REPO_ROOT

COMMAND = ".venv/bin/python -m bench.startup"


def training_seconds() -> float:
    """Seconds for a full ``rasa train`` (no cache) into a temporary folder."""
    with tempfile.TemporaryDirectory() as tmp:
        started = time.monotonic()
        subprocess.run(
            [sys.executable, "-m", "rasa", "train", "--config", "bot/config.yml", "--domain", "bot/domain.yml",
             "--data", "data/nlu", "bot/rules.yml", "--out", tmp, "--force"],
            cwd=REPO_ROOT, env=dict(rasa_env(), TF_CPP_MIN_LOG_LEVEL="3"), check=True, capture_output=True,
        )
        return time.monotonic() - started


def startup_seconds() -> float:
    """Seconds from starting the three services to all of them answering."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(web_port=free_port(), rasa_port=free_port(), action_port=free_port(), instance=Path(tmp))
        supervisor = Supervisor(settings, log_dir=Path(tmp) / "logs")
        started = time.monotonic()
        supervisor.start()
        try:
            if not supervisor.wait_ready(timeout=300):
                raise SystemExit("services did not become ready within 300 s")
            return time.monotonic() - started
        finally:
            supervisor.stop()


def main() -> None:
    """Print and record the cost table."""
    train = training_seconds()
    start = startup_seconds()
    body = "\n".join([
        "| measure | value | target |",
        "|---|---|---|",
        f"| training (`rasa train`, no cache) | {train:.0f} s | <= 180 s |",
        f"| start to all services answering (model exists) | {start:.0f} s | <= 60 s (issue 7: <= 30 s) |",
    ])
    record("Cost: training and start-up", COMMAND, body)


if __name__ == "__main__":
    main()
