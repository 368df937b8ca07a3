"""A treatment against pests is a pesticide, whatever it is called (issue 27).

Residents name the product by its pest and its form ("flea dip", "tick spray", "ant bait") or
say what was treated for what ("dipped the sheep for lice", "sprayed the deck for termites"):
either way the water holds a pesticide, one of the texts' "lawn chemicals" / Poquott's
"chemical wastes". Read here: a pest word then a word of the treatment's form, or a word of
treating and, within four words after it, "for" and a pest. The reader then sees the word
"pesticide" beside them (the text is glossed, as a brand is read as its kind). A pest alone
("an ant hill", "ticks in the yard") is no treatment. Words: ``pest_treatments`` of
data/facets.yml. Plain Python.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, FrozenSet, Optional

from stormwater.understanding.facets_file import facets_file

READS_AS = "pesticide"
TREATED_REACH = 4  # words from the treating to "for" ("dipped the old ewes for lice")


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> Dict[str, FrozenSet[str]]:
    raw = facets_file(folder).get("pest_treatments") or {}
    return {name: frozenset(str(w).lower() for w in raw.get(name) or ()) for name in ("pests", "forms", "treating")}


# words that may follow a treatment's name and leave it the thing ("the flea dip from the bath")
_AFTER_THE_NAME = frozenset("from on in into onto to and or with down out off that is was were are went goes ran runs i we he she they "
                            "it the a my our his her their for at by over all left water stuff mix solution".split())


def _ends_there(text: str, tokens: list, k: int) -> bool:
    """Whether the treatment's name ends at ``tokens[k]``: the words end, a stop follows, or a
    word that no noun it modifies is ("the termite treatment holes" name holes)."""
    if k + 1 >= len(tokens):
        return True
    return bool(re.search(r"[,;.!?()]", text[tokens[k][1] : tokens[k + 1][0]])) or tokens[k + 1][2] in _AFTER_THE_NAME


def read_as_pesticides(text: str, folder: Optional[str] = None) -> str:
    """``text`` with "pesticide" said after each treatment against pests ("the flea dip" ->
    "the flea dip pesticide", "dipped them for lice" -> "dipped them for lice pesticide")."""
    words = _words(folder)
    tokens = [(m.start(), m.end(), m.group(0).lower()) for m in re.finditer(r"[A-Za-z']+", text or "")]
    ends = []
    for i, (_, end, word) in enumerate(tokens):
        after = tokens[i + 1][2] if i + 1 < len(tokens) else ""
        if word in words["pests"] and after in words["forms"] and _ends_there(text, tokens, i + 1):
            ends.append(tokens[i + 1][1])  # "flea dip", not "the termite treatment holes"
        elif word in words["treating"]:
            for j in range(i + 1, min(len(tokens) - 1, i + 2 + TREATED_REACH)):
                if tokens[j][2] == "for" and tokens[j + 1][2] in words["pests"]:
                    ends.append(tokens[j + 1][1])  # "dipped them for lice"
                    break
    if not ends or READS_AS in (text or "").lower():
        return text
    out, last = [], 0
    for end in sorted(set(ends)):
        out += [text[last:end], f" {READS_AS}"]
        last = end
    return "".join(out) + text[last:]
