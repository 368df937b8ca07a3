"""What a water holds, said in parentheses after it (issue 27).

"Our roof runoff (grit, seeds, catkins) spills onto the road": the list in
parentheses says what the water holds, as "the roof runoff with grit, seeds and catkins" would;
the water is the thing discharged, and the readers read the list as its contents (a rain or
runoff so described is stormwater with something in it, which the texts do not decide; never
the debris's own badge). A parenthesis after anything else ("my pump (a rental)") is left as
it is. Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from stormwater.understanding.facets_file import facets_file

# The longest list read as a water's contents.
MAX_LISTED = 80


@lru_cache(maxsize=4)
def _after_water(folder: Optional[str] = None) -> "re.Pattern[str]":
    """A parenthesis right after a water's head word (``roles.material_heads`` and the rain and
    snowmelt words of ``qualifiers.stormwater`` in data/facets.yml)."""
    raw = facets_file(folder)
    heads = {str(w).lower() for w in ((raw.get("roles") or {}).get("material_heads") or ())}
    heads |= {str(w).lower() for w in ((raw.get("qualifiers") or {}).get("stormwater") or ())}
    words = "|".join(sorted(map(re.escape, heads), key=len, reverse=True))
    return re.compile(rf"(?i)(?<![a-z])({words})\s*\(([^()]{{1,{MAX_LISTED}}})\)")


def parenthesised_contents(text: str, folder: Optional[str] = None) -> str:
    """``text`` with a list in parentheses after a water said as what it holds:
    "roof water (dust, leaves)" -> "roof water with dust, leaves,". Reading it again changes nothing."""
    return _after_water(folder).sub(lambda m: f"{m.group(1)} with {m.group(2).strip()},", text or "")
