"""Whether a message's hazard comes only from how the vocabulary files its material ("their mop
water" is harmless, "their paint" hazardous, by name alone): for someone else's discharge the
resident cannot know what is in it, so the report asks (:mod:`stormwater.understanding.form_reader`)."""
from __future__ import annotations

import re

from stormwater.understanding.answer_words import (
    _HAZARD, _NEGATED_HAZARD, _OPEN_KEYS, _plain, _without_negations, hazard_from_words,
)
from stormwater.understanding.catalogue import find_discharges


def hazard_by_name_only(text: str) -> bool:
    """Whether the words' hazard comes only from how the vocabulary files the material: harmless
    ("mop water") with no denial of the resident's own ("no chemicals", "just soap"), or paint,
    which may be latex or oil-based, with no hazardous word beside it."""
    plain = _plain(text)
    hazard = hazard_from_words(text)
    if hazard == "no":  # "no fertilizer", "just soap": the resident's own judgment
        return not _NEGATED_HAZARD.search(plain) and not re.search(r"\b(?:no|without|not any)\s+(?!idea|clue)\w", plain)
    rest = _without_negations(plain)
    keys = find_discharges(rest)
    return hazard == "yes" and bool(keys) and set(keys) <= _OPEN_KEYS and not _HAZARD.search(rest)
