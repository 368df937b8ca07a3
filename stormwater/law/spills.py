"""Spill rules that do not depend on the village: what counts as petroleum or hazardous."""
from __future__ import annotations

import re
from typing import Iterable

from stormwater.understanding.catalogue import load_catalogue
from stormwater.understanding.thing_hazard import without_harmless_kinds

PETROLEUM = frozenset({"motor_oil"})


def is_hazardous(keys: Iterable[str]) -> bool:
    """Whether a release must be treated as hazardous: any hazardous material, or an unknown one."""
    keys = list(keys)
    catalogue = load_catalogue()
    return not keys or any(catalogue[k].hazardous for k in keys if k in catalogue)


# Words that make petroleum possible whatever the vocabulary names: fuel, a sheen, a smell of gas,
# drums nobody marked.
_PETROLEUM_WORDS = re.compile(
    r"\b(?:oil|oily|gas|gasoline|petrol|diesel|fuel|kerosene|petroleum|sheen|rainbow|smells? (?:of|like) gas|"
    r"gas smell|unmarked (?:drums?|barrels?|containers?|cans?)|(?:drums?|barrels?) (?:with no|without) (?:labels?|markings?))\b"
)
_DENIED = re.compile(r"\b(?:no|not|without|never|isn'?t|wasn'?t|nothing like)\s+(?:any\s+|an?\s+|the\s+|like\s+)?(?:\w+\s+)?(?:oil|gas|fuel|diesel|gasoline|petroleum|sheen)\b")


def petroleum_possible(text: str, keys: Iterable[str] = ()) -> bool:
    """Whether what was said makes New York's two-hour petroleum duty possible: a petroleum
    material, or oil, gas, fuel, a sheen, a smell of gas, unmarked drums, not denied ("not oil").
    A message naming no material says nothing: the line waits until the material is asked."""
    if any(k in PETROLEUM for k in keys):
        return True
    plain = " ".join(re.sub(r"[^a-z0-9' ]+", " ", (text or "").lower().replace("\u2019", "'")).split())
    # "used oil from the fryer", "cooking oil": a harmless thing whose name holds "oil" is no petroleum
    return bool(_PETROLEUM_WORDS.search(_DENIED.sub(" ", without_harmless_kinds(plain))))
