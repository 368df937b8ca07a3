"""Whether a message's hazard comes only from how the vocabulary files its material ("their mop
water" is harmless, "their paint" hazardous, by name alone): for someone else's discharge the
resident cannot know what is in it, so the report asks (:mod:`stormwater.understanding.form_reader`)."""
from __future__ import annotations

import re

from stormwater.understanding.answer_words import (
    _HAZARD, _NEGATED_HAZARD, _OPEN_KEYS, _plain, _without_negations, hazard_from_words,
)
from stormwater.understanding.catalogue import find_discharges
from stormwater.understanding.thing_hazard import without_harmless_kinds


# Materials whose contents vary with whoever made them: wash and cleaning water carries whatever
# was cleaned and with what (an auto body shop's mop water, a carpet cleaner's tank), paint may
# be latex or oil-based; a pool or a hot tub holds chlorine or bromine until its owner lets it
# go down, which a neighbour does not see. Yard waste or dirt are what they are named.
_CONTENTS_VARY = _OPEN_KEYS | {"detergent", "pool_water", "hot_tub_water"}


def hazard_by_name_only(text: str) -> bool:
    """Whether the words' hazard comes only from how the vocabulary files a material whose
    contents vary: harmless ("their mop water") with no denial of the resident's own ("no
    chemicals", "just soap"), or hazardous paint, with no hazardous word beside it."""
    plain = _plain(text)
    hazard = hazard_from_words(text)
    rest = _without_negations(plain)
    keys = find_discharges(rest)
    if hazard == "no" and without_harmless_kinds(rest) != " ".join(rest.split()) and not _NEGATED_HAZARD.search(plain):
        return True  # "something like fryer oil" in someone else's drain: to the eye it is oil
    if not keys or not set(keys) <= _CONTENTS_VARY:
        return False
    if hazard == "no":  # "no fertilizer", "just soap": the resident's own judgment
        return not _NEGATED_HAZARD.search(plain) and not re.search(r"\b(?:no|without|not any)\s+(?!idea|clue)\w", plain)
    return hazard == "yes" and not _HAZARD.search(rest)
