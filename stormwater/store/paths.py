"""Where the project's data lives; overridable for tests and deployments."""
import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def data_dir() -> Path:
    """The folder holding ``discharges.yml``, ``villages/`` and ``ordinances/``.

    ``HELPDESK_DATA_DIR`` overrides the repository's own ``data/`` folder.
    """
    return Path(os.environ.get("HELPDESK_DATA_DIR") or REPO_ROOT / "data")
