"""Pieces of a made material, or of stone, said as the thing discharged (issue 27).

Both texts prohibit any material other than stormwater but their exemptions, which are all
waters; Poquott's § 132-3 names "solid waste", "garbage" and "wrecked or discarded equipment"
among pollutants. A resident seldom says "trash": they say what the pieces are ("scraps of the
white plastic", "glass shards", "bits of broken tile", "smashed printers"). Read here, on the
normalised words, by shape rather than by name:

- a material then a word of pieces ("plastic scraps", "paper shreds");
- a word of pieces, "of", at most three words, then a material ("scraps of the white plastic");
- a word of breaking then a material or a piece of equipment ("broken glass", "smashed printers").

Those are solid waste (the ``trash`` category). Pieces of stone ("stone dust", "chips of
granite", "brick fragments") are Poquott's "rock, sand" (the ``sediment`` category); stone's
own pieces include its dust and powder.

A material's name alone is no piece ("a plastic pipe", "the paper says"): the material word
must stand with its pieces or its breaking. Words: ``solid_pieces`` of data/facets.yml.
Plain Python.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Dict, FrozenSet, List, Optional, Tuple

from stormwater.understanding.facets_file import facets_file

TRASH, SEDIMENT = "trash", "sediment"  # the `water` categories of data/facets.yml they are read as
OF_REACH = 3  # words between "of" and the material ("scraps of the white plastic")


@lru_cache(maxsize=4)
def _words(folder: Optional[str] = None) -> Dict[str, FrozenSet[str]]:
    raw = facets_file(folder).get("solid_pieces") or {}
    names = ("pieces", "materials", "broken", "equipment", "minerals", "mineral_pieces")
    return {name: frozenset(str(w).lower() for w in raw.get(name) or ()) for name in names}


def token_starts(norm: str) -> Tuple[List[str], List[int]]:
    """The words of ``norm`` and the character offset each starts at (spans index ``norm``)."""
    tokens, starts, at = norm.split(), [], 0
    for token in tokens:
        at = norm.index(token, at)
        starts.append(at)
        at += len(token)
    return tokens, starts


def piece_spans(norm: str, folder: Optional[str] = None) -> List[Tuple[int, int, str]]:
    """Character spans of ``norm`` (normalised words) that name pieces of a made material or
    broken equipment (``trash``) or pieces of stone (``sediment``), each with its category."""
    words = _words(folder)
    stone = {**words, "materials": words["minerals"], "pieces": words["pieces"] | words["mineral_pieces"], "equipment": frozenset()}
    tokens, starts = token_starts(norm)
    found = []
    for i, token in enumerate(tokens):
        for category, shapes in ((TRASH, words), (SEDIMENT, stone)):
            j = _piece_end(tokens, i, shapes)
            if j is not None:
                found.append((starts[i], starts[j] + len(tokens[j]), category))
                break
    return found


def _piece_end(tokens: list, i: int, words: Dict[str, FrozenSet[str]]) -> Optional[int]:
    """The index of the last word of a piece phrase starting at ``tokens[i]``, or ``None``."""
    token, after = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else ""
    if token in words["materials"] and after in words["pieces"]:
        return i + 1  # "plastic scraps"
    if token in words["broken"] and (after in words["materials"] or after in words["equipment"]):
        return i + 1  # "broken glass", "smashed printers"
    if token in words["pieces"] and after == "of":
        for j in range(i + 2, min(len(tokens), i + 3 + OF_REACH)):
            if tokens[j] in words["materials"]:
                return j  # "scraps of the white plastic"
    return None
