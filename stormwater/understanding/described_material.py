"""A material the catalogue does not name, in the resident's words ("the rinse water from my boat lift").

The discharge reader shows it back when no key names the thing: the words before a head noun of
a material (water, waste, runoff, sludge, ...), cut where the description ends. Plain Python.
"""
from __future__ import annotations

import re
from typing import Optional

# The heads of a material the catalogue does not name ("the rinse water from my boat lift").
MATERIAL_HEAD = re.compile(
    r"\b((?:[a-z'/-]+ ){0,3}?(?:(?:(?!storm)[a-z]+)?water|waste|wastewater|runoff|liquid|sludge|slurry|residue|discharge|drainage|overflow|foam|mud))\b"
)
# Words that end the description before a material's head ("can the rinse water" -> "rinse water").
NOT_MATERIAL = frozenset(
    "i we you he she they my our the a an some this that these those is are was were be it its it's their his her your of from to can "
    "could may should do does did will would into onto in on at and or but so if with any all just only let put pour dump drain send run runs go goes".split())


def described(norm: str) -> Optional[str]:
    """A material the catalogue does not name, in the resident's words ("the rinse water")."""
    match = MATERIAL_HEAD.search(norm)
    if match is None:
        return None
    words = match.group(1).split()
    kept = []
    for word in reversed(words):
        if word in NOT_MATERIAL and kept:
            break
        kept.insert(0, word)
    return " ".join(kept)
