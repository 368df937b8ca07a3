"""A thing seen but not known, in the resident's words: "theres a pile of white granules dumped on
the grate, no idea what it is" is white granules, whatever they turn out to be.

When a resident does not know what something is, what they saw is still the best name for it:
the words of the thing pointed at ("there's ...", "I found ..."), after a heap or a puddle "of",
up to the verb or the place that follows it. Plain functions over the words; no Flask, no Rasa.
"""
from __future__ import annotations

import re
from typing import Optional

# Pointing at a thing: "theres", "there are", "i found", "someone left".
_POINTED = r"(?:there'?s|theres|there is|there are|there was|there were|i see|i saw|i found|we found|found|saw|someone left|somebody left)"
# What only says how much or in what shape: "a pile of", "a bunch of", "bags of".
_HEAP = r"(?:(?:a|an|some|two|three|few|couple|big|small|huge|little|whole)\s+)*(?:piles?|heaps?|bunch|bags?|puddles?|trails?|layers?|lots?|mounds?|spots?|patch(?:es)?)\s+of\s+"
_SEEN = re.compile(
    rf"\b{_POINTED}\s+(?:(?:a|an|some|this|these|that|those)\s+)?(?:{_HEAP})?(?P<thing>(?:[a-z'-]+\s+){{0,2}}?[a-z'-]+)"
    r"(?=\s+(?:[a-z]+ed|left|sitting|lying|piled|spread|everywhere|all|on|in|at|by|near|next|under|around|right|going|"
    r"running|coming|leaking|flowing|that|which|with)\b|\s*[,.;]|$)"
)
_NOT_A_THING = frozenset("it them something anything this that what someone somebody guy guys".split())


def seen_thing(text: str) -> Optional[str]:
    """The words for a thing pointed at ("white granules"), or ``None`` when none is named."""
    match = _SEEN.search((text or "").lower())
    if not match:
        return None
    words = match.group("thing").split()
    if not words or set(words) & _NOT_A_THING or words == ["stuff"]:
        return None
    return " ".join(words)


# A guess at what it is: "looks like salt", "smells like gas" (up to a "but" or the clause's end).
_GUESS = re.compile(r"\b(?:looks?|looked|smells?|smelled|smelt|seems?|seemed)\s+like\s+[^,.;]*?(?=\s+but\b|\s*[,.;]|$)")


def guessed(text: str) -> Optional[str]:
    """The resident's guess at what it is ("looks like antifreeze maybe"), or ``None``."""
    match = _GUESS.search((text or "").lower())
    return match.group(0).strip() if match else None


def without_guess(unsure: str) -> str:
    """"idk what it is looks like antifreeze" -> "idk what it is": the guess is said apart."""
    return re.split(r"\s+(?:looks?|looked|smells?|smelled|smelt|seems?|seemed)\s+like\b", unsure)[0].strip()
