"""The plural a resident may type for a catalogue phrase ("washing machines", "restroom
trailers" for "washing machine", "restroom trailer"): the law's list names a kind of thing in
the singular, and the kind is the same however many there are (issue 27). Plain Python."""
from __future__ import annotations

from typing import Iterable, Optional, Set, Tuple

_SUBJECTS = frozenset({"i", "we", "you", "he", "she", "it", "they", "who", "that"})
_OWNERS = frozenset({"my", "our", "your", "his", "her", "their", "ur"})
# last words that are no countable noun's singular: a verb's forms, a mass or an adverb
_NO_PLURAL_ENDINGS = ("s", "ing", "ed", "ly", "sh", "ch", "x", "z")
_NO_PLURAL = frozenset({"water", "waste", "sewage", "oil", "grease", "paint", "mud", "sand", "dirt", "soil", "debris", "trash",
                        "runoff", "drainage", "discharge", "overflow", "laundry", "it", "them", "up", "out", "off", "down",
                        "in", "on", "away", "over", "back", "home"})


def plural(phrase: str) -> Optional[str]:
    """``phrase`` with its last word made plural ("washing machine" -> "washing machines"), or
    ``None`` where the last word takes no plain plural ending ("car washing", "sewage"). Only a
    phrase of two words or more: a word alone may be a verb, whose "s" is no plural ("it rains",
    "he poops"); after a modifier the last word is the noun."""
    words = phrase.split()
    if set(words) & _OWNERS:
        return None  # "wash my car" is one's own: "washing the trucks" may be a fleet's (who_washes.py decides)
    last = words[-1] if len(words) > 1 and words[-2] not in _SUBJECTS else ""  # "when it rain(s)": a verb
    if len(last) < 3 or not last.isalpha() or last in _NO_PLURAL or last.endswith(_NO_PLURAL_ENDINGS):
        return None
    if last.endswith("y") and last[-2] not in "aeiou":
        return " ".join([*words[:-1], last[:-1] + "ies"])
    return " ".join([*words[:-1], last + "s"])


def with_plurals(pairs: Iterable[Tuple[str, str]]) -> Set[Tuple[str, str]]:
    """``pairs`` of (phrase, key) with each phrase's plural added for the same key, unless the
    plural is already a phrase of its own (whatever key it names)."""
    pairs = set(pairs)
    said = {phrase for phrase, _ in pairs}
    return pairs | {(p, key) for phrase, key in pairs if key and (p := plural(phrase)) and p not in said}
