"""Where the project's data lives: the repository's ``data/`` folder, unless the process's
entry point chose another (from ``HELPDESK_DATA_DIR``, read once by
:meth:`stormwater.store.settings.Settings.from_env`). Nothing here reads the environment."""
from pathlib import Path
from typing import Optional, Union

REPO_ROOT = Path(__file__).resolve().parents[2]

# Set once by the entry point (web app factory, action server, ops commands, benchmarks);
# loaders called without a folder use it.
_chosen: Optional[Path] = None


def use_data_dir(folder: Optional[Union[str, Path]]) -> None:
    """Make ``folder`` this process's data folder; ``None`` goes back to the repository's ``data/``.

    Called by entry points only, with the folder their settings name.
    """
    global _chosen
    _chosen = Path(folder) if folder else None


def data_dir() -> Path:
    """The folder holding ``discharges.yml``, ``villages/`` and ``ordinances/``: the one the
    entry point chose (:func:`use_data_dir`), else the repository's own ``data/`` folder."""
    return _chosen or REPO_ROOT / "data"
