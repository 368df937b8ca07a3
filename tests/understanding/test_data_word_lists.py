"""The data files' word lists hold words: YAML 1.1 reads a bare on, off, yes or no as a boolean.

``on`` unquoted in a list of place words became ``True``, so "the rain sitting on the cover"
lost the word that says the cover is a place; ``off`` became ``False`` in the list of words
after which water was not touched by anything. Every list of words in data/ must hold text.
"""
from pathlib import Path

import pytest
import yaml

from stormwater.store.paths import REPO_ROOT

DATA_FILES = sorted(Path(REPO_ROOT / "data").glob("*.yml")) + sorted(Path(REPO_ROOT / "data/villages").glob("*.yml"))


def _not_words(node, where):
    """Paths of list items that YAML did not read as text (booleans, nulls)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _not_words(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            if isinstance(item, bool) or item is None:
                yield f"{where}[{i}] = {item!r}"
            yield from _not_words(item, f"{where}[{i}]")


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: p.name)
def test_every_list_item_is_read_as_text(path):
    assert DATA_FILES, "no data files found"
    found = list(_not_words(yaml.safe_load(path.read_text(encoding="utf-8")), path.name))
    assert not found, f"quote these words (YAML reads them as booleans or null): {found}"


def test_the_check_catches_a_bare_on():
    assert list(_not_words(yaml.safe_load("place: [by, on, near]"), "x")) == ["x.place[1] = True"]
