"""Fixed wording from ``data/messages.yml``, kept out of the code: every room may read it."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Optional

import yaml

from stormwater.store.paths import data_dir


@lru_cache(maxsize=4)
def load_messages(folder: Optional[str] = None) -> dict:
    """The messages file as a dict.

    :param folder: the data folder; defaults to :func:`stormwater.store.paths.data_dir`
    """
    with (Path(folder or data_dir()) / "messages.yml").open(encoding="utf-8") as fh:
        return yaml.safe_load(fh) or {}
