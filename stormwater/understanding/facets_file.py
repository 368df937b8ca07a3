"""``data/facets.yml``, read once: the one reader the modules that take their words from it share
(the catalogue's typo matcher, the discharge reader, word roles, exemption water, qualifiers).

Plain Python (no Flask, no Rasa). The mapping is shared: read it, never change it.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Optional

import yaml

from stormwater.store.paths import data_dir


@lru_cache(maxsize=4)
def facets_file(folder: Optional[str] = None) -> dict:
    """The whole of ``facets.yml`` in ``folder`` (the data folder by default); ``{}`` if absent."""
    path = Path(folder or data_dir()) / "facets.yml"
    return (yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None) or {}
