"""A chemical named by its compound name, read as a chemical (issue 27).

"Glass etching powder (ammonium bifluoride)", "a copper sulfate dip", "the sodium hydroxide
bath": residents name a product by the compound on its label more often than by its kind. No
word list can hold every compound, but their names have one shape: a cation word ("ammonium",
"copper", "sodium", ``chemical_names.cations`` in data/facets.yml) then an anion word ending in
"-ide", "-ate" or "-ite" (``anion_endings``). Such a name is read as the word "chemical" (the
``contents`` category ``chemicals``), as a brand is read as its kind
(:mod:`stormwater.understanding.brands`).

Not read so: a compound a category of ``contents`` already names ("calcium chloride" is a
de-icing salt), and the household minerals of ``chemical_names.not_chemicals`` (a carbonate is
chalk, limestone or baking soda). Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, List, Optional, Tuple

from stormwater.understanding.facets_file import facets_file

READS_AS = "chemical"
_WORD = re.compile(r"[a-z]+")


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> Tuple[FrozenSet[str], Tuple[str, ...], FrozenSet[str], FrozenSet[str]]:
    """(cations, anion endings, words that are no chemical, words of the contents categories)."""
    raw = facets_file(folder)
    own = raw.get("chemical_names") or {}
    contents = {str(w).lower() for words in (raw.get("contents") or {}).values() for w in words or ()}
    return (
        frozenset(str(w).lower() for w in own.get("cations") or ()),
        tuple(str(w).lower() for w in own.get("anion_endings") or ()),
        frozenset(str(w).lower() for w in own.get("not_chemicals") or ()),
        frozenset(contents),
    )


def compound_spans(text: str, folder: Optional[str] = None) -> List[Tuple[int, int]]:
    """The (start, end) offsets in ``text`` of each compound name it holds: a cation word, then,
    after a space or a hyphen, an anion word (no category of contents names either)."""
    cations, endings, not_chemicals, contents = _words(folder)
    lowered = text.lower()
    words = list(_WORD.finditer(lowered))
    spans = []
    for first, second in zip(words, words[1:]):
        cation, anion = first.group(), second.group()
        if cation not in cations or not anion.endswith(endings) or len(anion) < 5:
            continue
        if lowered[first.end():second.start()] not in (" ", "-"):
            continue
        if anion in not_chemicals or anion in contents or f"{cation} {anion}" in contents:
            continue
        spans.append((first.start(), second.end()))
    return spans


def read_as_chemicals(text: str, folder: Optional[str] = None) -> str:
    """``text`` with each compound name replaced by the word "chemical" ("rinse water from the
    ammonium bifluoride dip" -> "rinse water from the chemical dip")."""
    out, last = [], 0
    for start, end in compound_spans(text, folder):
        out += [text[last:start], READS_AS]
        last = end
    return "".join(out) + text[last:] if out else text
